#!/usr/bin/env bash
# The release artifacts, proven as far as one machine offline can (NOT part of .ci/run:
# it builds the optimised, stripped `dist` profile, minutes on 2 cores):
#   1. `dist plan`: every configured target's archive, checksum and installer is planned;
#   2. `dist build` for the host target: the archive, its .sha256, the installers;
#   3. the checksum verifies and the archive's binary runs `--version`;
#   4. the generated shell installer, run for real into a throwaway HOME with its
#      download URL pointed at the local archives (DOCHYGIENE_DOWNLOAD_URL=file://…),
#      puts the binary in $CARGO_HOME/bin (`install-path = "CARGO_HOME"`), and that
#      binary is what the plugin's shim (`bin/dochygiene`) and its SessionStart hook run.
# Prints the archive's size and the build's wall time.
#
# Usage: bash benches/release.sh
# `dist` is taken from PATH when it is the pinned version, else installed (the prebuilt
# binary that PyPI's astral-dev-toolchain-cargo-dist wheel carries, in a venv under
# ~/.cache/dochygiene-ci; without pip, `cargo install cargo-dist --locked`).
set -euo pipefail

DIST_VERSION=0.33.0 # = cargo-dist-version in dist-workspace.toml

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
grep -q "^cargo-dist-version = \"$DIST_VERSION\"" dist-workspace.toml ||
    { echo "release.sh: DIST_VERSION differs from dist-workspace.toml" >&2; exit 1; }

tools="${XDG_CACHE_HOME:-$HOME/.cache}/dochygiene-ci"
if ! command -v dist >/dev/null || [ "$(dist --version)" != "cargo-dist $DIST_VERSION" ]; then
    if [ ! -x "$tools/dist-$DIST_VERSION/bin/dist" ]; then
        if python3 -m venv "$tools/dist-$DIST_VERSION"; then
            "$tools/dist-$DIST_VERSION/bin/pip" install --quiet \
                "astral-dev-toolchain-cargo-dist==$DIST_VERSION"
        else
            cargo install cargo-dist --locked --version "$DIST_VERSION" \
                --root "$tools/dist-$DIST_VERSION"
        fi
    fi
    PATH="$tools/dist-$DIST_VERSION/bin:$PATH"
fi
echo "release: $(dist --version)"

host=$(rustc -vV | sed -n 's/^host: //p')
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)

echo "release: dist plan"
dist plan

echo "release: dist build --target $host"
start=$(date +%s)
dist build --artifacts=all --target "$host"
seconds=$(($(date +%s) - start))

distrib=target/distrib
archive="dochygiene-$host.tar.xz"
(cd "$distrib" && sha256sum --check --quiet "$archive.sha256")
for file in "$archive" "$archive.sha256" sha256.sum dochygiene-installer.sh; do
    [ -s "$distrib/$file" ] || { echo "release: $distrib/$file is missing" >&2; exit 1; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xJf "$distrib/$archive" -C "$work"
binary="$work/dochygiene-$host/dochygiene"
[ "$("$binary" --version)" = "dochygiene $version" ] ||
    { echo "release: the archive's binary does not print its version" >&2; exit 1; }

# The real installer, offline: it downloads from the local folder instead of the release.
home="$work/home"
mkdir -p "$home"
env -i HOME="$home" PATH=/usr/bin:/bin DOCHYGIENE_NO_MODIFY_PATH=1 \
    DOCHYGIENE_DOWNLOAD_URL="file://$repo/$distrib" sh "$distrib/dochygiene-installer.sh"
[ -x "$home/.cargo/bin/dochygiene" ] ||
    { echo "release: the installer did not install into \$CARGO_HOME/bin" >&2; exit 1; }
shim_version=$(env -i HOME="$home" PATH=/usr/bin:/bin sh "$repo/bin/dochygiene" --version)
[ "$shim_version" = "dochygiene $version" ] ||
    { echo "release: the plugin's shim did not find the installed binary" >&2; exit 1; }
hook=$(python3 -c 'import json, sys
print(json.load(open(sys.argv[1]))["hooks"]["SessionStart"][0]["hooks"][0]["command"])' hooks/hooks.json)
(cd "$work" && env -i HOME="$home" PATH=/usr/bin:/bin CLAUDE_PLUGIN_ROOT="$repo" sh -c "$hook") |
    grep -q '"systemMessage":"dochygiene: the docs have never been checked' ||
    { echo "release: the SessionStart hook did not run the installed binary" >&2; exit 1; }

size=$(stat -c %s "$distrib/$archive")
unpacked=$(stat -c %s "$binary")
echo "release: $distrib/$archive: $size bytes ($((size / 1024)) KiB; binary $((unpacked / 1024)) KiB unpacked, stripped)"
echo "release: dist build took ${seconds}s wall time"
echo "release: the archive's binary runs --version; the installer put it in \$CARGO_HOME/bin, where the shim and the hook run it"
