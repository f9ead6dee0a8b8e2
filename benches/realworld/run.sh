#!/usr/bin/env bash
# The real-world precision benchmark (issue 12): scans each repository of repos.tsv at
# its pinned commit and scores the signals against the hand-judged labels.
#
# usage: benches/realworld/run.sh REPOS_DIR [BIN]
#   REPOS_DIR  a folder holding a git clone of each repository, named as in repos.tsv
#              (`ripgrep`, `uv`, …) or `owner+name`; each is checked out at its pinned
#              commit (detached) before the scan. Clones are not made here: the
#              benchmark needs the network only once, to clone.
#   BIN        the dochygiene binary (default: a release build of this checkout)
#   KEEP=DIR   (environment) keep each scan in DIR for `compare.py A B`
# Clones are made by `clone.sh REPOS_DIR [MIRRORS_DIR]`.
#
# Prints one line per repository (tuned set first, then the held-out set, each with its
# subtotal and, per repository, the median precision): signals, true, false, debatable,
# unlabeled, precision T/(T+F), misses found of listed. A repository with unlabeled signals is marked: judge them (the file
# benches/realworld/unlabeled-<name>.tsv is written), add them to its labels, run again.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
dir="${1:?usage: run.sh REPOS_DIR [BIN]}"
bin="${2:-}"
if [[ -z "$bin" ]]; then
  cargo build --release --quiet --manifest-path "$repo/Cargo.toml"
  bin="$repo/target/release/dochygiene"
fi
# KEEP=DIR keeps each repository's scan (`<name>.json`) and score there, for
# `compare.py` to set two runs side by side.
if [[ -n "${KEEP:-}" ]]; then
  mkdir -p "$KEEP"
  out="$(cd "$KEEP" && pwd)"
  rm -f "$out"/totals-*
else
  out="$(mktemp -d)"
fi
# Unlabeled lists of an earlier run would be mistaken for this one's.
rm -f "$here"/unlabeled-*.tsv
[[ -n "${KEEP:-}" ]] || trap 'rm -rf "$out"' EXIT

printf '%-20s %-8s %8s %6s %6s %6s %6s %10s %8s\n' repo set signals true false debat unlab precision misses
for set in tune seen holdout; do
  while IFS=$'\t' read -r name kind url commit _; do
    [[ "$name" == \#* || "$kind" != "$set" ]] && continue
    clone="$dir/$name"
    [[ -d "$clone" ]] || clone="$dir/$(basename "$(dirname "$url")")+$(basename "$url")"
    if [[ ! -d "$clone" ]]; then
      printf '%-20s %-8s missing clone (%s)\n' "$name" "$set" "$url"
      continue
    fi
    # A snapshot that lacks some large blobs cannot be checked out whole: point HEAD at
    # the commit and write every file it has (the missing ones are stood in for below).
    # Only in a clone without changes of its own: a changed file (beyond the stand-ins
    # this script writes for missing blobs) is never overwritten.
    edited="$(git -C "$clone" diff --name-only --diff-filter=M HEAD 2>/dev/null \
      | while IFS= read -r f; do if [[ -s "$clone/$f" ]]; then printf '%s\n' "$f"; fi; done \
      || true)"
    git -C "$clone" -c advice.detachedHead=false checkout -q "$commit" 2>/dev/null \
      || { [[ -z "$edited" ]] \
             && git -C "$clone" update-ref --no-deref HEAD "$commit" 2>/dev/null \
             && git -C "$clone" read-tree --reset HEAD \
             && { git -C "$clone" checkout-index -a -f 2>/dev/null || true; }; } \
      || { printf '%-20s %-8s cannot check out %s\n' "$name" "$set" "$commit"; continue; }
    # A clone made from a mirror that lacks some blobs has tracked files missing from its
    # work tree; a user's clone has them. An empty file stands in for each one that is not
    # a doc, so a link to it resolves as it would there (the labels judge it so).
    git -C "$clone" ls-files -d -z | while IFS= read -r -d '' f; do
      case "$f" in *.md|*.mdx|*.markdown) continue ;; esac
      mkdir -p "$clone/$(dirname "$f")" && : > "$clone/$f"
    done
    DOCHYGIENE_CACHE_DIR="${DOCHYGIENE_CACHE_DIR:-off}" "$bin" --root "$clone" scan --format json --exit-zero \
      > "$out/$name.json" 2> "$out/$name.err" || { printf '%-20s scan failed: %s\n' "$name" "$(tail -1 "$out/$name.err")"; continue; }
    python3 "$here/score.py" "$here/labels/$name.tsv" "$out/$name.json" \
      --unlabeled "$out/unlabeled-$name.tsv" > "$out/$name.score"
    python3 - "$name" "$set" "$out/$name.score" "$out/totals-$set" <<'PY'
import json, sys
name, set_, path, totals = sys.argv[1:5]
d = json.load(open(path))
t, f = d["true"], d["false"]
prec = f"{100*t/(t+f):.1f} %" if t + f else "n/a"
mark = " *" if d["unlabeled"] else ""
print(f'{name:<20} {set_:<8} {d["signals"]:>8} {t:>6} {f:>6} {d["debatable"]:>6} {d["unlabeled"]:>6} {prec:>10} {d["misses_found"]:>3}/{d["misses_listed"]:<3}{mark}')
with open(totals, "a") as out:
    out.write(json.dumps(d) + "\n")
PY
    if [[ -s "$out/unlabeled-$name.tsv" ]]; then cp "$out/unlabeled-$name.tsv" "$here/unlabeled-$name.tsv"; fi
  done < "$here/repos.tsv"
  if [[ -f "$out/totals-$set" ]]; then
    python3 - "$set" "$out/totals-$set" <<'PY'
import json, sys
rows = [json.loads(l) for l in open(sys.argv[2])]
s = {k: sum(r[k] for r in rows) for k in ["signals", "true", "false", "debatable", "unlabeled", "misses_found", "misses_listed"]}
t, f = s["true"], s["false"]
prec = f"{100*t/(t+f):.1f} %" if t + f else "n/a"
print(f'{"= " + sys.argv[1]:<20} {"":<8} {s["signals"]:>8} {t:>6} {f:>6} {s["debatable"]:>6} {s["unlabeled"]:>6} {prec:>10} {s["misses_found"]:>3}/{s["misses_listed"]:<3}')
# The subtotal weighs each signal once, so one repository with one systematic cause can
# carry it (a book's link shorthands, hundreds of rows); per repository, each counts once.
per_repo = sorted(r["true"] / (r["true"] + r["false"]) for r in rows if r["true"] + r["false"])
if per_repo:
    n = len(per_repo)
    median = (per_repo[(n - 1) // 2] + per_repo[n // 2]) / 2
    high = sum(p >= 0.9 for p in per_repo)
    print(f'  per repository ({n} with a true or false signal): median precision {100 * median:.1f} %, {high} of {n} at 90 % or more')
PY
  fi
done
