#!/usr/bin/env bash
# A/B of two dochygiene binaries on one tree: interleaved runs of `scan` (token-count
# cache warm, shared by both), the median wall time of each and their ratio. Use it to
# check a change against the commit before it, on the same machine in the same minute.
#
# usage: benches/ab.sh TREE BASE_BIN NEW_BIN [RUNS]
#   GITFLAG  env: extra scan flag, `--no-git` by default (`--color=never` keeps git on)
set -euo pipefail
GITFLAG=${GITFLAG---no-git}
tree=${1:?usage: ab.sh TREE BASE_BIN NEW_BIN [RUNS]}; a=${2:?}; b=${3:?}; runs=${4:-15}
cache=$(mktemp -d)
trap 'rm -rf "$cache"' EXIT
run() { DOCHYGIENE_CACHE_DIR=$cache "$1" --root "$tree" scan $GITFLAG --format json --exit-zero >/dev/null 2>&1; }
run "$a"; run "$b"
ta=(); tb=()
for _ in $(seq "$runs"); do
  for which in a b; do
    bin=$a; [[ $which == b ]] && bin=$b
    s=$(date +%s.%N); run "$bin"; e=$(date +%s.%N)
    t=$(python3 -c "print($e - $s)")
    if [[ $which == a ]]; then ta+=("$t"); else tb+=("$t"); fi
  done
done
python3 - "${ta[*]}" "${tb[*]}" <<'PY'
import sys, statistics as st
a = [float(x) for x in sys.argv[1].split()]
b = [float(x) for x in sys.argv[2].split()]
ma, mb = st.median(a), st.median(b)
print(f"base median {ma:.4f} s, new median {mb:.4f} s, new/base {mb/ma:.3f} ({len(a)} runs each)")
PY
