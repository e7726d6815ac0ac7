#!/usr/bin/env python3
"""Converts BIRD dev (../shared/data/bird: questions, evidence, gold SQL and schemas, no
databases) into the nlq eval JSONL format, with a SQLite database per schema filled with
synthetic rows (synthetic_db.py) so that the engine's SQL and the gold SQL can both run.

BIRD (Li et al., 2023), CC BY-SA 4.0: tests/nlq/licenses/bird.LICENSE. Nobody on this project
wrote these questions.

The engine is given the question only, not BIRD's `evidence` (the business knowledge a
knowledge base would hold): many questions need it, and the engine must then abstain. The
literals a gold query compares a column with are read from its SQL text (`col = 'x'`,
`col > 3`, `col IN ('a', 'b')`, `col LIKE '%x%'`) and planted in every column of that name.

The split, by database: the 11 are ordered by SHA-256 of "askdb-eval-v1|bird|<db>"; the first
6 are REPORT-ONLY (never read a report question's failure to change the engine), the rest
develop.

usage: convert_bird.py ../shared/data/bird tests/nlq/bird > tests/nlq/bird.jsonl
"""
import hashlib
import json
import os
import re
import sys

from synthetic_db import OP_IDS, build_database, print_questions

SALT = "askdb-eval-v1|bird|"
REPORT_COUNT = 6

_COLUMN = r"(?:`([^`]+)`|\"([^\"]+)\"|([A-Za-z_][A-Za-z0-9_]*))"
_LITERAL = r"('(?:[^']|'')*'|\"[^\"]*\"|-?\d+(?:\.\d+)?)"
COMPARISON = re.compile(
    r"(?:\b[A-Za-z_][A-Za-z0-9_]*\.)?" + _COLUMN + r"\s*(=|!=|<>|>=|<=|>|<|\bLIKE\b)\s*" + _LITERAL,
    re.IGNORECASE)
IN_LIST = re.compile(
    r"(?:\b[A-Za-z_][A-Za-z0-9_]*\.)?" + _COLUMN + r"\s+IN\s*\(([^()]*)\)", re.IGNORECASE)
LIST_ITEM = re.compile(_LITERAL)


def split_of(dbs):
    ordered = sorted(dbs, key=lambda d: hashlib.sha256((SALT + d).encode()).hexdigest())
    report = set(ordered[:REPORT_COUNT])
    return {d: ("report" if d in report else "develop") for d in dbs}


def literal(text):
    if text[0] in "'\"":
        return text[1:-1].replace("''", "'")
    return float(text)


def literals_of(sql, columns_by_name):
    """(column id, operator id, value) of each comparison with a literal in the SQL text."""
    out = []
    for m in COMPARISON.finditer(sql):
        name = next(g for g in m.groups()[:3] if g)
        for col in columns_by_name.get(name.lower(), []):
            out.append((col, OP_IDS[m.group(4).lower()], literal(m.group(5))))
    for m in IN_LIST.finditer(sql):
        name = next(g for g in m.groups()[:3] if g)
        for item in LIST_ITEM.findall(m.group(4)):
            for col in columns_by_name.get(name.lower(), []):
                out.append((col, OP_IDS["="], literal(item)))
    return out


def build_bird_database(schema, questions, path):
    columns_by_name = {}
    for i, (table, name) in enumerate(schema["column_names_original"]):
        if table >= 0:
            columns_by_name.setdefault(name.lower(), []).append(i)
    literals = [literals_of(q["SQL"], columns_by_name) for q in questions]
    build_database(schema, literals, path, "askdb-bird|" + schema["db_id"])


def main():
    root, out_dir = sys.argv[1], sys.argv[2]
    questions = json.load(open(os.path.join(root, "dev.json")))
    schemas = {s["db_id"]: s for s in json.load(open(os.path.join(root, "tables.json")))}
    dbs = sorted({q["db_id"] for q in questions})
    split = split_of(dbs)
    os.makedirs(out_dir, exist_ok=True)
    for db in dbs:
        build_bird_database(schemas[db], [q for q in questions if q["db_id"] == db],
                            os.path.join(out_dir, db + ".sqlite"))
    rel = os.path.relpath(out_dir, os.path.dirname(os.path.abspath(__file__)))
    print("# BIRD dev (CC BY-SA 4.0, tests/nlq/licenses/bird.LICENSE) over synthetic databases;")
    print("# converted by tests/nlq/convert_bird.py (questions only, no evidence). Split by database:")
    print("# " + ", ".join(f"{d}={s}" for d, s in sorted(split.items())))
    print_questions(questions, out_dir, lambda q: q["SQL"], lambda q: {
        "id": "bird-%04d" % q["question_id"], "db": "%s/%s.sqlite" % (rel, q["db_id"]),
        "split": split[q["db_id"]], "question": q["question"],
        "gold_sql": q["SQL"].strip().rstrip(";"),
        "categories": ["bird", "bird-" + q["db_id"], "bird-" + q["difficulty"]],
    })


if __name__ == "__main__":
    main()
