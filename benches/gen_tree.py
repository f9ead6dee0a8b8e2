#!/usr/bin/env python3
"""Generates a deterministic Markdown tree for the scanner benchmark.

usage: gen_tree.py N OUT_DIR

N files, 100 per folder, each about 2 KiB: headings (some repeated), links to siblings
with and without fragments, a few broken links and fragments, code spans and fences,
lists, and every 50th file a block duplicated from another file. Same N, same bytes.
"""
import os
import random
import sys


def main() -> None:
    n, out = int(sys.argv[1]), sys.argv[2]
    rng = random.Random(n)
    per_dir = 100
    shared = ("This release checklist is shared by several teams: bump the version, run "
              "every test on every platform, tag the commit, push the tag, wait for the "
              "pipeline to publish, then announce the release in the usual channels.")
    for i in range(n):
        d = os.path.join(out, f"area{i // (per_dir * 10):03d}", f"part{(i // per_dir) % 10:02d}")
        os.makedirs(d, exist_ok=True)
        sib = (i + 1) % per_dir + (i // per_dir) * per_dir
        lines = [f"# Document {i}", "", f"Intro for document {i} with `src/module{i}.rs` named.", ""]
        for s in range(6):
            lines += [f"## Section {s % 4}", "",
                      f"Text {rng.randint(0, 10**6)} with a [link](doc{sib % per_dir:05d}.md) "
                      f"and a [fragment](doc{sib % per_dir:05d}.md#section-1-1).", "",
                      "- item one with `code`", "- item two with **bold** text", "",
                      "```rust", f"fn f{s}() -> u32 {{ {s} }}", "```", ""]
        if i % 10 == 0:
            lines += [f"A [broken link](missing{i}.md) and a [broken fragment](#nowhere-{i}).", ""]
        if i % 50 == 0:
            lines += [shared, ""]
        with open(os.path.join(d, f"doc{i % per_dir:05d}.md"), "w") as f:
            f.write("\n".join(lines))


if __name__ == "__main__":
    main()
