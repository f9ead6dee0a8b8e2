#!/usr/bin/env bash
# Benchmarks `dochygiene scan` against lychee and git (issue 3, "Performance").
#
# usage: benches/scan.sh [CORPUS_DIR] [RUNS]
#   CORPUS_DIR  a Markdown tree (default: ../shared/corpora/rust-book beside the repo)
#   RUNS        runs per measurement, the median is printed (default: 5)
#   SIZES       env: generated tree sizes (default: "1000 10000 100000")
#
# Prints, per tree (the corpus, then generated trees of 1k, 10k and 100k files): the
# median wall time and peak RSS of `dochygiene scan --no-git` and of
# `lychee --offline --include-fragments` (when lychee is on PATH); then, on a generated
# git repository, the history pass (scan with git minus scan without) against a bare
# `git log --name-status`. Needs /usr/bin/time (GNU) and python3.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$repo/../shared/corpora/rust-book}"
runs="${2:-5}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
bin="$repo/target/release/dochygiene"

# median_and_peak CMD...: runs CMD $runs times; prints "median_s peak_mib".
median_and_peak() {
  local times=() peak=0
  for _ in $(seq "$runs"); do
    local start end kib
    start=$(date +%s%N)
    /usr/bin/time -f '%M' -o "$work/time" "$@" >/dev/null 2>&1 || true
    end=$(date +%s%N)
    kib=$(tail -1 "$work/time")
    times+=("$(awk -v a="$start" -v b="$end" 'BEGIN {printf "%.3f", (b - a) / 1e9}')")
    (( kib > peak )) && peak=$kib
  done
  local median
  median=$(printf '%s\n' "${times[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
  echo "$median $((peak / 1024))"
}

row() { printf '%-28s %-10s %10s %10s\n' "$@"; }

row "tree" "tool" "median s" "peak MiB"
bench_tree() {
  local name="$1" dir="$2"
  read -r t m < <(median_and_peak "$bin" --root "$dir" scan --no-git --exit-zero --format json)
  row "$name" dochygiene "$t" "$m"
  if command -v lychee >/dev/null; then
    read -r t m < <(median_and_peak lychee --offline --include-fragments --no-progress "$dir/**/*.md")
    row "$name" lychee "$t" "$m"
  fi
}

bench_tree "rust-book ($(find "$corpus" -name '*.md' | wc -l) md)" "$corpus"
for n in ${SIZES-1000 10000 100000}; do
  python3 "$repo/benches/gen_tree.py" "$n" "$work/gen$n"
  bench_tree "generated $n" "$work/gen$n"
  rm -rf "$work/gen$n"
done

# The history pass, on a generated repository: 2,000 docs and 20 code files committed on
# 2024-01-01, then 400 commits from 2024-04-01 that append to docs and code (every 40th
# renames a doc), so docs are old enough for the churn pass to run over all 400.
git_repo="$work/history"
python3 "$repo/benches/gen_tree.py" 2000 "$git_repo"
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
first=$(g rev-list --max-parents=0 HEAD)
read -r with _ < <(median_and_peak "$bin" --root "$git_repo" scan --exit-zero --format json)
read -r without _ < <(median_and_peak "$bin" --root "$git_repo" scan --no-git --exit-zero --format json)
read -r pass1 _ < <(median_and_peak git -C "$git_repo" log -M --raw -z --no-color --relative '--format=%x01%H %ct')
read -r pass2 _ < <(median_and_peak git -C "$git_repo" log -M --numstat -z --no-color --no-textconv --relative '--format=%x01%H %ct' "$first..HEAD")
read -r bare _ < <(median_and_peak git -C "$git_repo" log --name-status)
echo
row "history (401 commits)" "scan, git" "$with" ""
row "" "scan, no git" "$without" ""
row "" "git log --raw (pass 1)" "$pass1" ""
row "" "git log --numstat, all paths" "$pass2" ""
row "" "git log --name-status" "$bare" ""
awk -v w="$with" -v n="$without" -v b="$bare" 'BEGIN {printf "history pass = scan git - scan no-git = %.3f s = %.2fx bare git log --name-status\n", w - n, (w - n) / b}'
