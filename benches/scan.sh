#!/usr/bin/env bash
# Benchmarks `dochygiene scan` against lychee and git (issue 3, "Performance").
#
# usage: benches/scan.sh [CORPUS_DIR] [RUNS] [REAL_REPO]
#   CORPUS_DIR  a Markdown tree (default: ../shared/corpora/rust-book beside the repo)
#   RUNS        runs per measurement, the median is printed (default: 5)
#   REAL_REPO   a real git checkout of 2,000+ commits, read only (or env REAL_REPO);
#               without it that last part is skipped
#   SIZES       env: generated tree sizes (default: "1000 10000 100000")
#
# Prints, per tree (the corpus, then generated trees of 1k, 10k and 100k files): the
# median wall time, median CPU time (user + sys, children included) and peak RSS of
# `dochygiene scan --no-git` and of `lychee --offline --include-fragments` (when lychee
# is on PATH). dochygiene runs "cold" (DOCHYGIENE_CACHE_DIR=off: every count tokenized)
# and, on the corpus, also "warm" (a token-count cache primed by one earlier run). Then,
# on a generated git repository, the history pass (scan with git minus scan without)
# against a bare `git log --name-status`. Last, on REAL_REPO, all of the scan's git work
# in wall time against a bare `git log --raw -M` over the same history: the wall time
# git adds to a scan (scan with git minus scan without, token-count cache warm), and,
# for reference, the git processes' own wall time inside a scan (start to exit, from
# git's trace2 events, summed; it counts time git waits for a core while the docs are
# parsed). Needs /usr/bin/time (GNU) and python3.
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

# The history pass, on a generated repository: 2,000 docs, a root README that names the
# 20 code files and the code files, committed on 2024-01-01, then 400 commits from
# 2024-04-01 that append to docs and code (every 40th renames a doc), so the README is
# old enough for the churn pass to run.
git_repo="$work/history"
python3 "$repo/benches/gen_tree.py" 2000 "$git_repo"
{
  printf '# Project\n\nThe code:'
  for m in $(seq 0 19); do printf ' `src/mod%s.rs`' "$m"; done
  printf '.\n'
} >"$git_repo/README.md"
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

# All of the scan's git work on a real repository, in wall time.
real="${REAL_REPO:-${3-}}"
[[ -n "$real" ]] || exit 0
real="$(cd "$real" && pwd)"
commits=$(git -C "$real" rev-list --count HEAD)
# A warm token-count cache: the scan's own doc work shrinks to parsing, so little of the
# git work hides behind it and "scan with git minus scan without" is close to all of it.
export DOCHYGIENE_CACHE_DIR="$work/real-cache"
"$bin" --root "$real" scan --no-git --exit-zero --format json >/dev/null 2>&1 || true
# git_procs: every git process one scan runs, start to exit, summed (trace2 `exit` events).
git_procs() {
  local all=()
  for _ in $(seq "$runs"); do
    rm -f "$work/trace2"
    GIT_TRACE2_EVENT="$work/trace2" "$bin" --root "$real" scan --exit-zero --format json >/dev/null 2>&1 || true
    all+=("$(python3 -c 'import json, sys
print("%.3f" % sum(e.get("t_abs", 0) for e in map(json.loads, open(sys.argv[1])) if e.get("event") == "exit"))' "$work/trace2")")
  done
  printf '%s\n' "${all[@]}" | median
}
read -r bare _ bare_cpu < <(median_and_peak git -C "$real" log --raw -M)
read -r with _ with_cpu < <(median_and_peak "$bin" --root "$real" scan --exit-zero --format json)
read -r without _ without_cpu < <(median_and_peak "$bin" --root "$real" scan --no-git --exit-zero --format json)
procs=$(git_procs)
fired=$("$bin" --root "$real" scan --exit-zero --format json 2>/dev/null | grep -c '"edit_recency_vs_churn"' || true)
echo
row "$(basename "$real") ($commits commits)" "scan, git" "$with" "$with_cpu" ""
row "" "scan, no git" "$without" "$without_cpu" ""
row "" "git processes of a scan" "$procs" "" ""
row "" "git log --raw -M" "$bare" "$bare_cpu" ""
echo "edit_recency_vs_churn signals: $fired"
awk -v w="$with" -v n="$without" -v b="$bare" 'BEGIN {printf "git work, wall added to the scan = %.3f s = %.2fx bare git log --raw -M\n", w - n, (w - n) / b}'
awk -v w="$with_cpu" -v n="$without_cpu" -v b="$bare_cpu" 'BEGIN {if (b > 0) printf "git work, cpu added to the scan  = %.2f s = %.2fx bare git log --raw -M\n", w - n, (w - n) / b}'
awk -v p="$procs" -v b="$bare" 'BEGIN {printf "git processes inside the scan    = %.3f s = %.2fx bare git log --raw -M (includes waiting for a core)\n", p, p / b}'
