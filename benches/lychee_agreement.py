#!/usr/bin/env python3
"""Compares lychee's broken local links with dochygiene's broken_reference signals.

usage: lychee_agreement.py ROOT LYCHEE_JSON DOCHYGIENE_JSON

LYCHEE_JSON from `lychee --offline --include-fragments --format json --output F '**/*.md'`
run inside ROOT; DOCHYGIENE_JSON from `dochygiene --root ROOT scan --no-git --format json`.
A lychee error matches a signal on the same file and line with the same resolved target,
or, for reference-style links (which dochygiene reports once, at the definition), a
signal on a definition line of the same file with the same resolved target.
"""
import collections
import json
import os
import posixpath
import sys
import urllib.parse


def resolve(doc, target):
    path, _, frag = target.partition("#")
    path = path.partition("?")[0]
    path = urllib.parse.unquote(path)
    if path.startswith("/"):
        full = posixpath.normpath(path.lstrip("/"))
    elif path:
        full = posixpath.normpath(posixpath.join(posixpath.dirname(doc), path))
    else:
        full = doc
    return full + ("#" + urllib.parse.unquote(frag) if frag else "")


def main():
    root, lychee_json, ours_json = sys.argv[1:4]
    lychee = json.load(open(lychee_json))
    ours = json.load(open(ours_json))
    theirs = []
    for doc, errors in lychee["error_map"].items():
        for e in errors:
            url = urllib.parse.urlparse(e["url"])
            if url.scheme != "file":
                continue
            rel = os.path.relpath(urllib.parse.unquote(url.path), root)
            theirs.append((doc, e["span"]["line"], rel + ("#" + urllib.parse.unquote(url.fragment) if url.fragment else "")))
    mine = []
    for doc, signals in ours["signals"].items():
        for s in signals:
            if s["name"] == "broken_reference":
                kind = "code" if s["detail"].startswith("code path") else (
                    "definition" if s["detail"].startswith("reference definition") else "link")
                target = s.get("target", "")
                resolved = resolve(doc, target) if kind != "code" else target
                # One signal per cause: a target written on several lines lists them all.
                for line in s.get("lines") or [s["line"]]:
                    mine.append((doc, line, resolved, kind))
    by_line = collections.defaultdict(list)
    by_target = collections.defaultdict(list)
    for m in mine:
        by_line[(m[0], m[1], m[2])].append(m)
        by_target[(m[0], m[2])].append(m)
    matched_mine = set()
    same_line = via_definition = 0
    unmatched = []
    for doc, line, target in theirs:
        # A missing file is reported by its path alone, whatever fragment followed it.
        keys = [target, target.partition("#")[0]]
        hit = next((k for k in keys if (doc, line, k) in by_line), None)
        if hit is not None:
            same_line += 1
            matched_mine.update(by_line[(doc, line, hit)])
            continue
        defs = [m for k in keys for m in by_target.get((doc, k), []) if m[3] == "definition"]
        if defs:
            via_definition += 1
            matched_mine.update(defs)
            continue
        unmatched.append((doc, line, target))
    extra = [m for m in mine if m not in matched_mine]
    print(f"lychee local errors: {len(theirs)}; dochygiene broken_reference: {len(mine)}")
    print(f"  matched on the same line: {same_line}")
    print(f"  matched at the reference definition: {via_definition}")
    print(f"  lychee only: {len(unmatched)}")
    for u in unmatched:
        print("    ", *u)
    kinds = collections.Counter(m[3] for m in extra)
    print(f"  dochygiene only: {len(extra)} {dict(kinds)}")
    for m in extra:
        print("    ", *m)


if __name__ == "__main__":
    main()
