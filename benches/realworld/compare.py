#!/usr/bin/env python3
"""Sets two kept runs of the real-world benchmark side by side.

usage: compare.py A B    (each a folder `KEEP=DIR run.sh …` wrote: one <name>.json a repository)

Prints each signal only one run emitted, `-` for A's and `+` for B's, with its label
(`unlabeled` when no row judges it) and the repository's set, then the counts per
(set, side, label): what a change gained and lost, before any figure is quoted. A signal
is (file, name, line, target or related_path), as score.py keys it.
"""
import csv, json, os, sys
from collections import Counter

HERE = os.path.dirname(os.path.abspath(__file__))


def ref(s):
    return s.get("target") or s.get("related_path") or ""


def labels(name):
    exact, loose = {}, {}
    path = os.path.join(HERE, "labels", f"{name}.tsv")
    if not os.path.exists(path):
        return exact, loose
    with open(path, newline="") as f:
        for row in csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            if not row or row[0].startswith("#") or len(row) < 5:
                continue
            exact[tuple(row[:4])] = row[4]
            loose.setdefault((row[0], row[1], row[3]), row[4])
    return exact, loose


def signals(path):
    try:
        with open(path) as f:
            scan = json.load(f)
    except (OSError, ValueError):
        return None
    return {(f, s["name"], str(s["line"]), ref(s)) for f, ss in scan["signals"].items() for s in ss}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    a, b = sys.argv[1:3]
    sets = {}
    with open(os.path.join(HERE, "repos.tsv")) as f:
        for line in f:
            if line.strip() and not line.startswith("#"):
                cols = line.split("\t")
                sets[cols[0]] = cols[1]
    counts = Counter()
    for fn in sorted(os.listdir(b)):
        if not fn.endswith(".json"):
            continue
        name = fn[:-5]
        old, new = signals(os.path.join(a, fn)), signals(os.path.join(b, fn))
        if old is None or new is None or old == new:
            continue
        exact, loose = labels(name)
        for side, keys in (("-", old - new), ("+", new - old)):
            for k in sorted(keys):
                label = exact.get(k) or loose.get((k[0], k[1], k[3])) or "unlabeled"
                counts[(sets.get(name, "?"), side, label)] += 1
                print(f"{side} {name} [{sets.get(name, '?')}] {label:9} {k[1]} {k[0]}:{k[2]} {k[3]}")
    for key, n in sorted(counts.items()):
        print(*key, n)


if __name__ == "__main__":
    main()
