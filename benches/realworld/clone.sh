#!/usr/bin/env bash
# Makes the clones the real-world benchmark scans (benches/realworld/run.sh REPOS_DIR):
# one folder per repository of repos.tsv, named as its `name` column.
#
# usage: benches/realworld/clone.sh REPOS_DIR [MIRRORS_DIR] [NAME...]
#   REPOS_DIR    where the clones go; a clone already there is kept as it is.
#   MIRRORS_DIR  optional: a folder of git snapshots named `owner+name` (each a git
#                directory, or a folder holding `repo/` or `repo/.git`), cloned without
#                the network; without it each repository is cloned from its URL (a
#                blobless clone, `--filter=blob:none`: run.sh checks out one commit).
#                Either way a clone's `origin` is the repository's URL, as a user's is
#                (the scanner knows its own repository from its remotes); a clone
#                already there gets that URL too.
#   NAME...      only these repositories (default: all of repos.tsv).
# Prints one line per repository it could not clone, and a count at the end.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
dest="${1:?usage: clone.sh REPOS_DIR [MIRRORS_DIR] [NAME...]}"
mirrors="${2:-}"
shift $(( $# >= 2 ? 2 : 1 ))
mkdir -p "$dest"
made=0 kept=0 failed=0
while IFS=$'\t' read -r name _set url commit _; do
  [[ "$name" == \#* || -z "$commit" ]] && continue
  if [[ $# -gt 0 ]]; then
    wanted=0
    for n in "$@"; do [[ "$n" == "$name" ]] && wanted=1; done
    [[ $wanted == 1 ]] || continue
  fi
  if [[ -d "$dest/$name/.git" ]]; then
    git -C "$dest/$name" remote set-url origin "$url"
    kept=$((kept + 1)); continue
  fi
  src="$url"
  if [[ -n "$mirrors" ]]; then
    src="$mirrors/$(basename "$(dirname "$url")")+$(basename "$url")"
    for sub in repo/.git repo; do
      if [[ -d "$src/$sub" ]]; then src="$src/$sub"; break; fi
    done
    if [[ ! -d "$src" ]]; then
      echo "$name: no snapshot in $mirrors"; failed=$((failed + 1)); continue
    fi
  fi
  opts=(--quiet --no-checkout)
  [[ -z "$mirrors" ]] && opts+=(--filter=blob:none)
  if git clone "${opts[@]}" "$src" "$dest/$name" 2>/dev/null; then
    # A user's clone has the forge URL as its remote, and the scanner reads its own
    # repository from there (links to `github.com/<it>/blob/main/…` are its files).
    git -C "$dest/$name" remote set-url origin "$url"
    made=$((made + 1))
  else
    echo "$name: clone of $src failed"; rm -rf "${dest:?}/$name"; failed=$((failed + 1))
  fi
done < "$here/repos.tsv"
echo "clone.sh: $made cloned, $kept already there, $failed failed"
