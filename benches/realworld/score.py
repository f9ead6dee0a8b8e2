#!/usr/bin/env python3
"""Scores one scan artifact against a hand-judged label file.

usage: score.py LABELS.tsv SCAN.json [--unlabeled OUT.tsv]

A label row is: file, signal, line, ref, label (true|false|debatable), reason, detail.
`ref` is the signal's target, else its related_path, else empty. A signal matches the row
with the same file, signal and ref on the same line, else any row with the same file,
signal and ref (a signal that moved or was grouped keeps its judgment). Signals no row
matches are 'unlabeled' and written to --unlabeled for judging; a figure with unlabeled
signals is incomplete and says so. Rows of kind 'miss' (signal column '!miss:NAME')
are known misses: a signal NAME on that file (and line, if given) that a maintainer
would want; the scorer reports which are found (`broken_reference` and
`stale_name_location` find each other's misses: one missing path, with or without git's
evidence).
"""
import csv, json, sys

def ref(s):
    return s.get("target") or s.get("related_path") or ""

SAME = {"broken_reference": "stale_name_location", "stale_name_location": "broken_reference"}


def main():
    labels_path, scan_path = sys.argv[1], sys.argv[2]
    out = sys.argv[sys.argv.index("--unlabeled") + 1] if "--unlabeled" in sys.argv else None
    exact, loose, misses = {}, {}, []
    with open(labels_path, newline="") as f:
        # Tab-separated, never quoted: a target may start with `"` (pixi's
        # `[`_`]("underscores")`), which csv's default quoting would eat.
        for row in csv.reader(f, delimiter="\t", quoting=csv.QUOTE_NONE):
            if not row or row[0].startswith("#"):
                continue
            file, sig, line, r, label = row[:5]
            if sig.startswith("!miss:"):
                misses.append((file, sig[6:], line, r, row[5] if len(row) > 5 else ""))
                continue
            exact[(file, sig, line, r)] = label
            loose.setdefault((file, sig, r), label)
    scan = json.load(open(scan_path))
    counts = {"true": 0, "false": 0, "debatable": 0, "unlabeled": 0}
    by_signal = {}
    unlabeled = []
    emitted = set()
    for file, sigs in scan["signals"].items():
        for s in sigs:
            key = (file, s["name"], str(s["line"]), ref(s))
            emitted.add((file, s["name"], ""))
            lines = set(s.get("lines") or []) | {s["line"]}
            lines |= set(range(s["line"], (s.get("end_line") or s["line"]) + 1))
            emitted.update((file, s["name"], str(n)) for n in lines)
            label = exact.get(key) or loose.get((file, s["name"], ref(s)))
            # A missing target is one finding whether git explains it or not (`same`
            # below): a label written for the one name judges the other.
            other = SAME.get(s["name"])
            if label is None and other:
                label = exact.get((file, other, str(s["line"]), ref(s))) or loose.get((file, other, ref(s)))
            if label is None:
                label = "unlabeled"
                unlabeled.append(list(key) + ["", "", s["detail"]])
            counts[label] += 1
            by_signal.setdefault(s["name"], {"true": 0, "false": 0, "debatable": 0, "unlabeled": 0})[label] += 1
    t, fl = counts["true"], counts["false"]
    precision = f"{100 * t / (t + fl):.1f} %" if t + fl else "n/a"
    # A miss is found by a signal of its name on its file that spans or lists its line
    # (any line, when the row gives none). A missing path is one finding whether git
    # explains it (`stale_name_location`) or not (`broken_reference`): the scanner emits
    # the one or the other for the same target, so either finds a miss of the other.
    same = {"broken_reference": "stale_name_location", "stale_name_location": "broken_reference"}
    found = [m for m in misses
             if (m[0], m[1], m[2]) in emitted or (m[0], same.get(m[1], m[1]), m[2]) in emitted]
    print(json.dumps({
        "signals": sum(counts.values()), **counts, "precision": precision,
        "incomplete": counts["unlabeled"] > 0,
        "misses_listed": len(misses), "misses_found": len(found),
        "misses_open": [f"{m[0]} {m[1]} {m[2]} {m[4]}" for m in misses if m not in found],
        "by_signal": by_signal,
    }))
    if out:
        # Written as the labels are read: tab-separated and never quoted, so that a row
        # copied into a label file keeps its ref as the scan wrote it (solid's
        # `"https://…"` link target came back as `"""https://…"""` from csv's quoting).
        with open(out, "w") as f:
            for row in unlabeled:
                f.write("\t".join(str(x).replace("\t", " ").replace("\n", " ") for x in row) + "\n")

if __name__ == "__main__":
    main()
