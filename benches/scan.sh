#!/usr/bin/env bash
# Benchmarks `dochygiene scan` against lychee and git (issue 3, "Performance").
#
# usage: benches/scan.sh [CORPUS_DIR] [RUNS]
#   CORPUS_DIR  a Markdown tree (default: ../shared/corpora/rust-book beside the repo)
#   RUNS        runs per measurement, the median is printed (default: 5)
#   SIZES       env: generated tree sizes (default: "1000 10000 100000")
#
# Prints, per tree (the corpus, then generated trees of 1k, 10k and 100k files): the
# median wall time, median CPU time (user + sys, children included) and peak RSS of
# `dochygiene scan --no-git` and of `lychee --offline --include-fragments` (when lychee
# is on PATH). dochygiene runs "cold" (DOCHYGIENE_CACHE_DIR=off: every count tokenized)
# and, on the corpus, also "warm" (a token-count cache primed by one earlier run). Then,
# on a generated git repository, the history pass (scan with git minus scan without)
# against a bare `git log --name-status`. Needs /usr/bin/time (GNU) and python3.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$repo/../shared/corpora/rust-book}"
runs="${2:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
bin="$repo/target/release/dochygiene"

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }

# median_and_peak CMD...: runs CMD $runs times; prints "median_wall_s peak_mib median_cpu_s".
median_and_peak() {
  local times=() cpus=() peak=0
  for _ in $(seq "$runs"); do
    local start end kib cpu
    start=$(date +%s%N)
    /usr/bin/time -f '%M %U %S' -o "$work/time" "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    read -r kib user sys < <(tail -1 "$work/time")
    times+=("$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", (b - a) / 1e9}')")
    cpus+=("$(awk -v u="$user" -v s="$sys" 'BEGIN {printf "%.2f", u + s}')")
    (( kib > peak )) && peak=$kib
  done
  echo "$(printf '%s\n' "${times[@]}" | median) $((peak / 1024)) $(printf '%s\n' "${cpus[@]}" | median)"
}

row() { printf '%-28s %-22s %10s %10s %10s\n' "$@"; }

row "tree" "tool" "median s" "cpu s" "peak MiB"
bench_tree() {
  local name="$1" dir="$2" t m c
  read -r t m c < <(DOCHYGIENE_CACHE_DIR=off median_and_peak "$bin" --root "$dir" scan --no-git --exit-zero --format json)
  row "$name" "dochygiene (cold)" "$t" "$c" "$m"
  if [[ "${3-}" == warm ]]; then
    local cache="$work/cache"
    DOCHYGIENE_CACHE_DIR="$cache" "$bin" --root "$dir" scan --no-git --exit-zero --format json >/dev/null 2>&1
    read -r t m c < <(DOCHYGIENE_CACHE_DIR="$cache" median_and_peak "$bin" --root "$dir" scan --no-git --exit-zero --format json)
    row "$name" "dochygiene (warm cache)" "$t" "$c" "$m"
  fi
  if command -v lychee >/dev/null; then
    read -r t m c < <(median_and_peak lychee --offline --include-fragments --no-progress "$dir/**/*.md")
    row "$name" lychee "$t" "$c" "$m"
  fi
}

bench_tree "rust-book ($(find "$corpus" -name '*.md' | wc -l) md)" "$corpus" warm
for n in ${SIZES-1000 10000 100000}; do
  python3 "$repo/benches/gen_tree.py" "$n" "$work/gen$n"
  bench_tree "generated $n" "$work/gen$n"
  rm -rf "$work/gen$n"
done

# The history pass, on a generated repository: 2,000 docs, a root README that references
# nothing (so the whole tree's code is its churn scope) and 20 code files committed on
# 2024-01-01, then 400 commits from 2024-04-01 that append to docs and code (every 40th
# renames a doc), so docs are old enough for the churn pass to run.
git_repo="$work/history"
python3 "$repo/benches/gen_tree.py" 2000 "$git_repo"
printf '# Project\n\nNothing linked from here.\n' >"$git_repo/README.md"
mkdir -p "$git_repo/src"
for m in $(seq 0 19); do printf 'fn m%s() {}\n' "$m" >"$git_repo/src/mod$m.rs"; done
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
g() { git -C "$git_repo" -c user.name=bench -c user.email=bench@example.com "$@"; }
export GIT_AUTHOR_DATE=2024-01-01T00:00:00Z GIT_COMMITTER_DATE=2024-01-01T00:00:00Z
g init -q -b main && g add -A && g commit -qm start
for c in $(seq 400); do
  export GIT_AUTHOR_DATE="$(date -u -d "2024-04-01 + $c hours" +%Y-%m-%dT%H:%M:%SZ)"
  export GIT_COMMITTER_DATE="$GIT_AUTHOR_DATE"
  f="$git_repo/area000/part0$((c % 10))/doc000$((c % 90 + 10)).md"
  printf 'change %s\n' "$c" >>"$f"
  printf '// change %s\nfn c%s() {}\n' "$c" "$c" >>"$git_repo/src/mod$((c % 20)).rs"
  if (( c % 40 == 0 )); then g mv "$f" "${f%.md}-moved$c.md"; fi
  g add -A && g commit -qm "change $c"
done
export DOCHYGIENE_CACHE_DIR=off
read -r with _ with_cpu < <(median_and_peak "$bin" --root "$git_repo" scan --exit-zero --format json)
read -r without _ without_cpu < <(median_and_peak "$bin" --root "$git_repo" scan --no-git --exit-zero --format json)
read -r pass1 _ < <(median_and_peak git -C "$git_repo" log -M --raw -z --no-color --relative '--format=%x01%H %ct')
read -r bare _ bare_cpu < <(median_and_peak git -C "$git_repo" log --name-status)
fired=$("$bin" --root "$git_repo" scan --exit-zero --format json 2>/dev/null | grep -c '"edit_recency_vs_churn"' || true)
echo
row "history (401 commits)" "scan, git" "$with" "$with_cpu" ""
row "" "scan, no git" "$without" "$without_cpu" ""
row "" "git log --raw (pass 1)" "$pass1" "" ""
row "" "git log --name-status" "$bare" "$bare_cpu" ""
echo "edit_recency_vs_churn signals in the git scan: $fired (the churn pass ran)"
awk -v w="$with" -v n="$without" -v b="$bare" 'BEGIN {printf "history pass, wall = scan git - scan no-git = %.3f s = %.2fx bare git log --name-status\n", w - n, (w - n) / b}'
awk -v w="$with_cpu" -v n="$without_cpu" -v b="$bare_cpu" 'BEGIN {if (b > 0) printf "history pass, cpu  = %.2f s = %.2fx bare git log --name-status\n", w - n, (w - n) / b}'
