#!/usr/bin/env python3
"""A learned answer-shape check, measured and NOT shipped (session 20, lead; docs/nlq.md
"A learned answer-shape check (session 20)").

Idea: most confident wrong answers on unseen schemas have the wrong SHAPE (a count where a list
was asked, a breakdown where one number was asked, a MAX where the row was asked). A model that
predicts the shape from the question's words alone, independent of the engine's reading, could
veto readings whose shape it finds unlikely.

What it does:
1. Labels every DEVELOP line with a gold SQL (all tests/nlq/*.jsonl; report lines and report
   files skipped) with the gold's top-level shape: number, list, top_rows, breakdown, top_groups.
2. Trains multinomial logistic regression over hashed words, word pairs and Chinese character
   1-3-grams, 5-fold cross-validated BY DATABASE (questions on Chinook, Northwind or the demo are
   grouped by file instead): every prediction comes from a model that never saw that database.
3. Scores the gate "abstain when P(engine's shape) < tau" on
   - the first-run develop outputs of blind sets (what the engine answered before anyone tuned on
     them; nlq_eval_tool --json files, e.g. /tmp/first1*/<set>.develop.json), and
   - the current engine's develop outputs (--current DIR of nlq_eval_tool --json files).

Usage: answer_shape_gate_experiment.py --first 'GLOB' [--current DIR]   (stdlib only, ~2 min)
"""
import argparse
import collections
import glob
import hashlib
import json
import math
import os
import random
import re

LABELS = ["number", "list", "top_rows", "breakdown", "top_groups"]
AGGREGATE = re.compile(r"\b(count|sum|avg|max|min|total)\s*\(", re.I)
SHARED_DATABASES = {"chinook", "chinook_zh", "northwind", "demo"}


def top_level(sql):
    """The SQL with everything inside parentheses removed (subqueries, function arguments)."""
    out, depth = [], 0
    for ch in sql:
        if ch == "(":
            depth += 1
            if depth == 1:
                out.append("(")
        elif ch == ")":
            depth -= 1
            if depth == 0:
                out.append(")")
        elif depth == 0:
            out.append(ch)
    return "".join(out)


def shape(sql):
    s = re.sub(r"'(?:[^']|'')*'", "''", sql.strip().rstrip(";"))
    top = " ".join(top_level(s).upper().split())
    if re.search(r"\b(UNION|INTERSECT|EXCEPT)\b", top):
        return "list"
    limit = re.search(r"\bLIMIT (\d+)", top)
    limited = bool(limit) and int(limit.group(1)) < 1000  # the engine caps lists at 1000
    select = re.search(r"SELECT(.*?)\bFROM\b", s, re.S | re.I)
    aggregated = bool(AGGREGATE.search(select.group(1) if select else s))
    grouped = " GROUP BY " in top + " " and aggregated  # GROUP BY … HAVING listing rows: a list
    if grouped:
        return "top_groups" if limited else "breakdown"
    if limited:
        return "top_rows"
    return "number" if aggregated else "list"


def features(question, buckets=1 << 18):
    q = question.lower()
    words = re.findall(r"[a-z0-9]+", q)
    names = {"w:" + w for w in words}
    names |= {"b:" + a + "_" + b for a, b in zip(words, words[1:])}
    if words:
        names.add("f:" + words[0])
    chinese = "".join(re.findall(r"[\u4e00-\u9fff0-9]", q))
    for n in (1, 2, 3):
        names |= {"c%d:%s" % (n, chinese[i:i + n]) for i in range(len(chinese) - n + 1)}
    return [int(hashlib.md5(f.encode()).hexdigest()[:8], 16) % buckets for f in names] + [buckets]


class LogisticRegression:
    def __init__(self):
        self.weights = collections.defaultdict(float)

    def probabilities(self, x):
        z = [sum(self.weights[(k, f)] for f in x) for k in range(len(LABELS))]
        top = max(z)
        e = [math.exp(v - top) for v in z]
        return [v / sum(e) for v in e]

    def train(self, xs, ys, epochs=6, rate=0.2, seed=1):
        order, squares = list(range(len(xs))), collections.defaultdict(lambda: 1e-8)
        for _ in range(epochs):
            random.Random(seed).shuffle(order)
            for i in order:
                p, y = self.probabilities(xs[i]), LABELS.index(ys[i])
                for k in range(len(LABELS)):
                    g = p[k] - (k == y)
                    if abs(g) < 1e-4:
                        continue
                    for f in xs[i]:  # AdaGrad
                        squares[(k, f)] += g * g
                        self.weights[(k, f)] -= rate * g / math.sqrt(squares[(k, f)])


def develop_lines(root):
    rows = []
    for path in sorted(glob.glob(os.path.join(root, "tests/nlq/*.jsonl"))):
        name = os.path.basename(path)
        if "report" in name:
            continue
        for line in open(path, encoding="utf-8"):
            if not line.strip() or line.startswith("#"):
                continue
            r = json.loads(line)
            if r.get("split") == "report" or r.get("expect_abstain") or not r.get("gold_sql"):
                continue
            r["file"], r["shape"] = name, shape(r["gold_sql"])
            rows.append(r)
    return rows


def cross_validated_predictions(rows, folds=5):
    def fold(r):
        group = r["file"] if r["db"] in SHARED_DATABASES else r["db"]
        return int(hashlib.sha256(group.encode()).hexdigest(), 16) % folds

    for r in rows:
        r["x"], r["fold"] = features(r["question"]), fold(r)
    predictions = {}
    for k in range(folds):
        model = LogisticRegression()
        train = [r for r in rows if r["fold"] != k]
        model.train([r["x"] for r in train], [r["shape"] for r in train])
        held_out = [r for r in rows if r["fold"] == k]
        right = 0
        for r in held_out:
            p = model.probabilities(r["x"])
            predictions[r["file"] + "|" + r["id"]] = p
            right += LABELS[p.index(max(p))] == r["shape"]
        print("fold %d: %d held-out questions, shape accuracy %.1f%%" %
              (k, len(held_out), 100.0 * right / len(held_out)))
    return predictions


def score_gate(paths, predictions, title):
    answered = []
    for path in paths:
        file = os.path.basename(path).split(".")[0] + ".jsonl"
        for item in json.load(open(path))["items"]:
            key = file + "|" + item["id"]
            if item["answered"] and not item.get("expect_abstain") and key in predictions:
                p = predictions[key][LABELS.index(shape(item["sql"]))]
                answered.append((p, item["correct"]))
    right = sum(c for _, c in answered)
    print("== %s: %d answered, %d right" % (title, len(answered), right))
    for tau in (0.05, 0.1, 0.2):
        cut = [c for p, c in answered if p < tau]
        print("  tau %.2f: abstains on %d wrong and %d right answers" %
              (tau, cut.count(False), cut.count(True)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", default=os.path.join(os.path.dirname(__file__), "../.."))
    parser.add_argument("--first", action="append", default=[],
                        help="glob of first-run develop --json outputs (repeatable)")
    parser.add_argument("--current", help="folder of the current engine's develop --json outputs")
    args = parser.parse_args()
    predictions = cross_validated_predictions(develop_lines(args.root))
    for pattern in args.first:
        score_gate(sorted(glob.glob(pattern)), predictions, "first run: " + pattern)
    if args.current:
        score_gate(sorted(glob.glob(os.path.join(args.current, "*.json"))), predictions,
                   "current engine, develop")


if __name__ == "__main__":
    main()
