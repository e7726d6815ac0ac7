#!/usr/bin/python3
"""Runs the quick-path probes (data/intent/quick_path_probes_s20.jsonl) through the real CLI.

Each probe is asked with `askdb ask` under a clean HOME, no model, against a SQLite database
(data questions need one to fall through to). A probe that expects an answer passes when the
route is the quick path and every expected value appears whole in the answer ("5" is not
found inside "95"); one that expects no
answer passes when another route took it or the quick path declined (said it cannot tell);
answer_or_decline accepts either a right answer or a decline.

  quick_path_probes.py ASKDB_BINARY SQLITE_DB [PROBES.jsonl] [-v]
"""
import json
import os
import re
import subprocess
import sys
import tempfile

# What a quick-path decline says (quick_path.toml rate_* / bill texts): it asks, never answers.
DECLINE = re.compile(r"cannot tell|can't tell|not sure|say the|depends on|needs an exchange rate|"
                     r"无法确定|不能确定|请说明|请给出|取决于|需要汇率")


def ask(binary, db, home, text):
    run = subprocess.run([binary, "ask", "--db", "sqlite:" + db, text], capture_output=True,
                         text=True, env={**os.environ, "HOME": home}, timeout=60)
    lines = run.stdout.splitlines()
    head = lines[0] if lines else ""
    quick = "route quick path" in head or "路线 快速路径" in head
    return quick, "\n".join(lines[1:]).strip()


def contains_value(answer, value):
    """True when the value stands whole in the answer: "5" is not found inside "95" or "5.5",
    "12.5" matches "12.50" and "25" matches "25.0" (the same number); "25" is not found in "-25%".
    A value written to some decimals matches a longer number that rounds to it ("33.3333" the
    printed "33.3333333333", "90.7" the "90.718474"), never one that does not ("12.5", "12.56")."""
    pattern = re.escape(value)
    if value[:1].isdigit():
        pattern = r"(?<![\d.,\-−])" + pattern  # not a digit of another number, nor negated
    if value[-1:].isdigit() and "." in value:
        decimals = len(value.split(".")[-1])
        for m in re.finditer(pattern + r"(\d*)(?![\d])", answer):
            printed = value + m.group(1)
            if round(float(printed), decimals) == float(value):
                return True
        return False
    if value[-1:].isdigit():
        pattern += r"(?:\.0+)?(?![\d]|[.,]\d)"
    return re.search(pattern, answer) is not None


def grade(probe, quick, answer):
    declined = quick and DECLINE.search(answer) is not None
    right = quick and not declined and all(contains_value(answer, v) for v in probe["values"])
    if probe["expect"] == "answer":
        return right
    if probe["expect"] == "no_answer":
        return not quick or declined
    return right or declined or not quick


def main():
    args = [a for a in sys.argv[1:] if a != "-v"]
    verbose = "-v" in sys.argv
    binary, db = args[0], args[1]
    path = args[2] if len(args) > 2 else os.path.join(os.path.dirname(__file__), "..", "data",
                                                       "intent", "quick_path_probes_s20.jsonl")
    probes = [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]
    probes = [p for p in probes if "id" in p]
    passed = {}
    with tempfile.TemporaryDirectory() as home:
        for p in probes:
            quick, answer = ask(binary, db, home, p["text"])
            ok = grade(p, quick, answer)
            key = (p["lang"], p["expect"])
            n, k = passed.get(key, (0, 0))
            passed[key] = (n + 1, k + ok)
            if verbose and not ok:
                print("FAIL %s [%s] %s\n    -> %s" % (p["id"], p["expect"], p["text"],
                      (answer if quick else "(not quick path) " + answer).replace("\n", " | ")[:300]))
    total = sum(k for _, k in passed.values())
    for key in sorted(passed):
        print("%s %-18s %d/%d" % (key[0], key[1], passed[key][1], passed[key][0]))
    print("all %d/%d" % (total, len(probes)))


if __name__ == "__main__":
    main()
