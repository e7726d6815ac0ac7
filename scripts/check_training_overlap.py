#!/usr/bin/env python3
"""Mechanical check: no own line (data/intent/own_requests*.jsonl, trained on, or
data/intent/own_heldout*.jsonl, own probes) may copy a blind line (data/intent_blind/*.jsonl,
either split), and no own probe may copy an own training line.

Both texts are compared with whitespace and punctuation stripped and letters lower-cased:
  - equal                       -> "exact"
  - one inside the other        -> "inside" (the shorter at least MIN_INSIDE characters)
  - difflib ratio >= RATIO      -> "near"   (the shorter at least MIN_NEAR characters;
                                   pairs sharing a character 4-gram only)
It prints ids, file names and line numbers only, never a blind text (docs/classifier.md,
Round 23 Review fixes). Exit status 1 when a training line is flagged, or a line of a probe
written from session 27 on (own_heldout_N.jsonl, N >= FIRST_CHECKED_PROBE); flags on older probes
are printed as "legacy" (those probes were written before the check and are kept as measured).

Usage: scripts/check_training_overlap.py [ROOT]   (ROOT defaults to the repository)
"""
import difflib
import glob
import json
import os
import re
import sys
import unicodedata

RATIO = 0.7
MIN_INSIDE = 10
MIN_NEAR = 8  # shorter text, characters after stripping: 今天几号 vs 今天几号啊 are no copy
GRAM = 4
FIRST_CHECKED_PROBE = 15


def norm(text):
    out = []
    for ch in unicodedata.normalize("NFKC", text).lower():
        cat = unicodedata.category(ch)
        if cat[0] in "PZSC":  # punctuation, separators (spaces), symbols, controls
            continue
        out.append(ch)
    return "".join(out)


def grams(s):
    if len(s) < GRAM:
        return {s} if s else set()
    return {s[i:i + GRAM] for i in range(len(s) - GRAM + 1)}


def read(path):
    rows = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            r = json.loads(line)
            text = r.get("text") or r.get("question") or ""
            rows.append((n, r.get("id", ""), norm(text)))
    return rows


class Index:
    def __init__(self, entries):  # entries: (label, norm)
        self.entries = entries
        self.exact = {}
        self.by_gram = {}
        for i, (_, s) in enumerate(entries):
            self.exact.setdefault(s, []).append(i)
            for g in grams(s):
                self.by_gram.setdefault(g, []).append(i)

    def matches(self, s):
        found = {}
        for i in self.exact.get(s, []):
            found[i] = ("exact", 1.0)
        cands = set()
        for g in grams(s):
            cands.update(self.by_gram.get(g, ()))
        for i in cands:
            if i in found:
                continue
            t = self.entries[i][1]
            short, long_ = (s, t) if len(s) <= len(t) else (t, s)
            if len(short) >= MIN_INSIDE and short in long_:
                found[i] = ("inside", 1.0)
                continue
            if len(short) < MIN_NEAR:
                continue
            sm = difflib.SequenceMatcher(None, s, t, autojunk=False)
            if sm.real_quick_ratio() < RATIO or sm.quick_ratio() < RATIO:
                continue
            r = sm.ratio()
            if r >= RATIO:
                found[i] = ("near", r)
        return found


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    blind = []
    for path in sorted(glob.glob(os.path.join(root, "data/intent_blind/*.jsonl"))):
        for n, id_, s in read(path):
            blind.append(((os.path.basename(path), n, id_), s))
    train = []
    for path in sorted(glob.glob(os.path.join(root, "data/intent/own_requests*.jsonl"))):
        for n, _, s in read(path):
            train.append(((os.path.basename(path), n, ""), s))
    probes = []
    for path in sorted(glob.glob(os.path.join(root, "data/intent/own_heldout*.jsonl"))):
        for n, _, s in read(path):
            probes.append(((os.path.basename(path), n, ""), s))

    blind_index = Index(blind)
    train_index = Index(train)
    flagged = legacy = 0

    def checked(name):
        m = re.match(r"own_heldout_(\d+)\.jsonl$", name)
        return name.startswith("own_requests") or (m is not None and int(m.group(1)) >= FIRST_CHECKED_PROBE)

    def report(label, line):
        nonlocal flagged, legacy
        if checked(label[0]):
            flagged += 1
            print(line)
        else:
            legacy += 1
            print("legacy " + line)

    for label, s in train + probes:
        if not s:
            continue
        for i, (kind, r) in sorted(blind_index.matches(s).items()):
            b = blind[i][0]
            report(label, f"{label[0]}:{label[1]} {kind} {r:.2f} blind {b[0]}:{b[1]} id={b[2]}")
    for label, s in probes:
        if not s:
            continue
        for i, (kind, r) in sorted(train_index.matches(s).items()):
            t = train[i][0]
            report(label, f"{label[0]}:{label[1]} {kind} {r:.2f} training {t[0]}:{t[1]}")
    print(f"check_training_overlap.py: {len(train)} training and {len(probes)} probe lines against "
          f"{len(blind)} blind lines: {flagged} flagged, {legacy} on probes older than "
          f"own_heldout_{FIRST_CHECKED_PROBE} (not enforced)", file=sys.stderr)
    return 1 if flagged else 0


if __name__ == "__main__":
    sys.exit(main())
