#!/usr/bin/env python3
"""Converts Defog's sql-eval development split (../shared/data/defog) into the nlq eval JSONL
format, with a fixed develop/report split by database.

Defog sql-eval (questions) and defog-data (databases), Apache-2.0: tests/nlq/licenses/.
Nobody on this project wrote these questions.

The split: the six databases are ordered by SHA-256 of "askdb-eval-v1|defog|<db>"; the first
three (advising, restaurants, atis) are REPORT-ONLY — the engine is never changed because of
one of their questions, and nobody reads their failures to tune it; the other three
(geography, academic, scholar) are for development. A split by database measures what a user
sees: questions on a schema the engine has never met. Both the answerable questions
(dev.jsonl, SQLite gold with its alternatives) and the unanswerable ones (dev_idk.jsonl,
expect_abstain) follow their database. The one question without reliable SQLite gold is left
out.

usage: convert_defog.py ../shared/data/defog > tests/nlq/defog.jsonl
"""
import hashlib
import json
import os
import sys

SALT = "askdb-eval-v1|defog|"


def split_of(dbs):
    ordered = sorted(dbs, key=lambda d: hashlib.sha256((SALT + d).encode()).hexdigest())
    report = set(ordered[: len(ordered) // 2])
    return {d: ("report" if d in report else "develop") for d in dbs}


def main():
    root = sys.argv[1]
    answerable = [json.loads(l) for l in open(os.path.join(root, "dev.jsonl"))]
    unanswerable = [json.loads(l) for l in open(os.path.join(root, "dev_idk.jsonl"))]
    split = split_of(sorted({q["db"] for q in answerable}))
    # Relative to this file, as `askdb eval` resolves a line's db.
    db_path = "../../../shared/data/defog/sqlite/{}.sqlite"
    print("# Defog sql-eval development split (defog-ai/sql-eval, defog-ai/defog-data; Apache-2.0,")
    print("# tests/nlq/licenses/). Converted by tests/nlq/convert_defog.py; split by database:")
    print("# " + ", ".join(f"{d}={s}" for d, s in sorted(split.items())))
    for q in answerable:
        if not q.get("sqlite"):
            continue
        print(json.dumps({
            "id": q["id"], "db": db_path.format(q["db"]), "split": split[q["db"]],
            "question": q["question"], "gold_sql": q["gold_sql_sqlite"],
            "gold_sql_alternatives": q.get("gold_sql_sqlite_alternatives", []),
            "order_matters": bool(q.get("order_matters")),
            "categories": ["defog", "defog-" + q["category"]],
        }, ensure_ascii=False))
    for q in unanswerable:
        print(json.dumps({
            "id": q["id"], "db": db_path.format(q["db"]), "split": split[q["db"]],
            "question": q["question"], "expect_abstain": True,
            "categories": ["defog", "defog-unanswerable"],
        }, ensure_ascii=False))


if __name__ == "__main__":
    main()
