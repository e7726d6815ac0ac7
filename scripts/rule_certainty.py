#!/usr/bin/env python3
"""Per-rule certainty of the request classifier's rules, measured on develop rows only.

For every rule that DECIDED a request (it fired and its type won, and neither the model nor a
whole-request parser decided instead), counts how often the rule's type was right and how often
the intent model alone (its best label) would have been right on the same requests. A rule whose
precision is below the model's on the requests it claims (by --min-gain requests) is not certain: the rules file marks it
`certain = false`, and the classifier then lets a sure model overrule it (docs/classifier.md,
round 20).

  scripts/rule_certainty.py [--tool build/bin/classifier_eval_tool] [--rules R.toml]
                            [--min-fires 3] [--json]

Sources: the develop halves of data/intent_blind/*.jsonl (the
tool prints develop rows only: report rows are never read), and the own held-out files
(data/intent/own_heldout*.jsonl, the project's own probes, read as develop rows) -- requests the
model was never trained on. --with-public adds the public intents develop split, which it was.
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile
import tomllib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def own_heldout_as_develop(tmpdir):
    """Copies of the own held-out files with every row marked develop (they have probe splits)."""
    paths = []
    for path in sorted(glob.glob(os.path.join(ROOT, "data/intent/own_heldout*.jsonl"))):
        out = os.path.join(tmpdir, os.path.basename(path))
        with open(path, encoding="utf-8") as src, open(out, "w", encoding="utf-8") as dst:
            for line in src:
                if not line.startswith("{"):
                    continue
                row = json.loads(line)
                row["split"] = "develop"
                dst.write(json.dumps(row, ensure_ascii=False) + "\n")
        paths.append(out)
    return paths


def probability_rows(tool, rules, sources):
    """The tool's --probabilities lines (develop rows only) for every source and language."""
    for source in sources:
        for lang in ("en", "zh"):
            cmd = [tool, "--probabilities", lang]
            if rules:
                cmd += ["--rules", rules]
            if source:
                cmd.append(source)
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            for line in out.splitlines():
                row = json.loads(line)
                row["source"] = os.path.basename(source) or "intents"
                yield row


def is_right(label, gold):
    # "other" is right when it is handed on (the data path's default type).
    return label == gold or (gold == "other" and label == "data_query")


def deciding_rules(row, rule_type):
    """Ids of the fired rules of the winning type, or [] when the model or a parser decided."""
    ids = row["rules"]
    if any(i.startswith("model.") or i == "default" for i in ids):
        return []
    return [i for i in ids if rule_type.get(i) == row["rules_type"]]


def measure(rows, rule_type):
    stats = {}
    for row in rows:
        model_label = max(row["p"], key=row["p"].get)
        for rule in deciding_rules(row, rule_type):
            s = stats.setdefault(rule, {"fires": 0, "rule_right": 0, "model_right": 0,
                                        "model_right_rule_wrong": 0,
                                        "rule_right_model_wrong": 0})
            rule_ok = is_right(row["rules_type"], row["type"])
            model_ok = is_right(model_label, row["type"])
            s["fires"] += 1
            s["rule_right"] += rule_ok
            s["model_right"] += model_ok
            s["model_right_rule_wrong"] += model_ok and not rule_ok
            s["rule_right_model_wrong"] += rule_ok and not model_ok
    return stats


def read_rows(args):
    """Runs the tool over every source (a validation file named by --skip left out)."""
    with tempfile.TemporaryDirectory() as tmpdir:
        skipped = {os.path.basename(s) for s in args.skip}
        sources = [""] if args.with_public else []
        sources += [s for s in sorted(glob.glob(os.path.join(ROOT, "data/intent_blind/*.jsonl")))
                    if os.path.basename(s) not in skipped]
        sources += own_heldout_as_develop(tmpdir)
        return list(probability_rows(args.tool, args.rules, sources))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tool", default=os.path.join(ROOT, "build/bin/classifier_eval_tool"))
    parser.add_argument("--rules", default="", help="rules file (default: the embedded one)")
    parser.add_argument("--min-gain", type=int, default=3,
                        help="uncertain when the model is right where the rule is wrong on at "
                             "least this many more requests than the reverse")
    parser.add_argument("--json", action="store_true", help="one JSON object per rule")
    parser.add_argument("--skip", action="append", default=[],
                        help="a blind file to leave out (a validation half is never measured)")
    parser.add_argument("--with-public", action="store_true",
                        help="count the public intents develop split too (the model is trained "
                             "on it, so its precision there is not a held-out figure)")
    parser.add_argument("--rows-out", default="", help="also write the rows read, JSON lines")
    parser.add_argument("--rows-in", default="", help="measure rows written by --rows-out")
    args = parser.parse_args()

    rules_path = args.rules or os.path.join(ROOT, "data/rules/classifier_rules.toml")
    with open(rules_path, "rb") as f:
        rule_type = {r["id"]: r["type"] for r in tomllib.load(f)["rule"]}
    if args.rows_in:
        with open(args.rows_in, encoding="utf-8") as f:
            rows = [json.loads(line) for line in f]
    else:
        rows = read_rows(args)
    if args.rows_out:
        with open(args.rows_out, "w", encoding="utf-8") as f:
            f.writelines(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)
    stats = measure(rows, rule_type)

    print("rule\tfires\trule_precision\tmodel_precision\tmodel_right_rule_wrong\t"
          "rule_right_model_wrong\tcertain")
    for rule, s in sorted(stats.items(), key=lambda kv: -kv[1]["fires"]):
        rule_p = s["rule_right"] / s["fires"]
        model_p = s["model_right"] / s["fires"]
        # Below the model's precision by at least min_gain requests, not by one stray line.
        certain = s["model_right_rule_wrong"] - s["rule_right_model_wrong"] < args.min_gain
        if args.json:
            print(json.dumps({"rule": rule, **s, "certain": certain}))
        else:
            print(f"{rule}\t{s['fires']}\t{rule_p:.3f}\t{model_p:.3f}\t"
                  f"{s['model_right_rule_wrong']}\t{s['rule_right_model_wrong']}\t{str(certain).lower()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
