#!/usr/bin/env python3
"""Converts Spider 1.0 dev (../shared/data/spider: questions, gold SQL and schemas, no
databases) into the nlq eval JSONL format, with a SQLite database per schema filled with
synthetic rows so that the engine's SQL and the gold SQL can both be executed.

Spider (Yale), CC BY-SA 4.0: tests/nlq/licenses/spider.LICENSE. Nobody on this project wrote
these questions.

The databases: Spider ships schemas only; synthetic_db.py builds each dev schema as SQLite
and fills it with synthetic rows, planting the literals of the gold queries (read from
Spider's parsed SQL).

The split, by database (a user meets a schema the engine has never seen):
- develop, always: concert_singer, orchestra, pets_1 — the engine was tuned on Spider-DK,
  whose three databases are versions of these;
- the other 17 are ordered by SHA-256 of "askdb-eval-v1|spider|<db>"; the first 9 are
  REPORT-ONLY (never read a report question's failure to change the engine), the rest develop.

usage: convert_spider.py ../shared/data/spider tests/nlq/spider > tests/nlq/spider.jsonl
"""
import hashlib
import json
import os
import sys

from synthetic_db import build_database, print_questions

SALT = "askdb-eval-v1|spider|"
ALWAYS_DEVELOP = {"concert_singer", "orchestra", "pets_1"}
REPORT_COUNT = 9


def split_of(dbs):
    rest = sorted((d for d in dbs if d not in ALWAYS_DEVELOP),
                  key=lambda d: hashlib.sha256((SALT + d).encode()).hexdigest())
    report = set(rest[:REPORT_COUNT])
    return {d: ("report" if d in report else "develop") for d in dbs}


def literal_value(v):
    """A literal of Spider's parsed SQL as a Python value, or None for a column or subquery."""
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, str):
        s = v.strip()
        if len(s) >= 2 and s[0] == s[-1] and s[0] in "\"'":
            return s[1:-1]
        try:
            return float(s)
        except ValueError:
            return s
    return None


def collect_literals(sql, out):
    """Adds (column id, op id, value) of every comparison with a literal in a parsed query."""
    if not isinstance(sql, dict):
        return
    conds = list(sql.get("where") or []) + list(sql.get("having") or [])
    conds += list((sql.get("from") or {}).get("conds") or [])
    for cond in conds:
        if not isinstance(cond, list) or len(cond) != 5:
            continue  # "and" / "or"
        _, op, val_unit, v1, v2 = cond
        col = val_unit[1][1]
        for v in (v1, v2):
            if isinstance(v, dict):
                collect_literals(v, out)
            else:
                lit = literal_value(v)
                if lit is not None:
                    out.append((col, op, lit))
    for unit in (sql.get("from") or {}).get("table_units") or []:
        if unit[0] == "sql":
            collect_literals(unit[1], out)
    for key in ("intersect", "union", "except"):
        collect_literals(sql.get(key), out)


def build_spider_database(schema, questions, path):
    literals = []
    for q in questions:
        question_literals = []
        collect_literals(q["sql"], question_literals)
        literals.append(question_literals)
    build_database(schema, literals, path, "askdb-spider|" + schema["db_id"])


def main():
    root, out_dir = sys.argv[1], sys.argv[2]
    questions = json.load(open(os.path.join(root, "dev.json")))
    schemas = {s["db_id"]: s for s in json.load(open(os.path.join(root, "tables.json")))}
    dbs = sorted({q["db_id"] for q in questions})
    split = split_of(dbs)
    os.makedirs(out_dir, exist_ok=True)
    for db in dbs:
        build_spider_database(schemas[db], [q for q in questions if q["db_id"] == db],
                       os.path.join(out_dir, db + ".sqlite"))
    rel = os.path.relpath(out_dir, os.path.dirname(os.path.abspath(__file__)))
    print("# Spider 1.0 dev (Yale, CC BY-SA 4.0, tests/nlq/licenses/spider.LICENSE) over synthetic")
    print("# databases; converted by tests/nlq/convert_spider.py. Split by database:")
    print("# " + ", ".join(f"{d}={s}" for d, s in sorted(split.items())))
    for i, q in enumerate(questions):
        q["index"] = i
    print_questions(questions, out_dir, lambda q: q["query"], lambda q: {
        "id": "spider-%04d" % q["index"], "db": "%s/%s.sqlite" % (rel, q["db_id"]),
        "split": split[q["db_id"]], "question": q["question"],
        "gold_sql": q["query"].strip().rstrip(";"),
        "categories": ["spider", "spider-" + q["db_id"]],
    })


if __name__ == "__main__":
    main()
