#!/usr/bin/env python3
"""Converts Spider-Syn's train questions (Gan et al., ACL 2021, https://github.com/ygan/Spider-Syn,
MIT; the questions derive from Spider, CC BY-SA 4.0: tests/nlq/licenses/spider_syn.LICENSE) into
the nlq eval JSONL format, over synthetic SQLite databases, for the no-model engine on schemas
it has never met. Nobody on this project wrote these questions.

Spider-Syn rewrites each Spider question with synonyms of its schema words ("singer" ->
"vocalist"): the question is SpiderSynQuestion, the original is kept in "spider_question".

The schemas (fixed in session 22 before anything was run, never to be changed):
- every Spider train schema of Spider-Syn that no other set of this project uses (the
  spider_train_blind* sets, the spider_train probes, the Spider, Spider-DK and BIRD sets: any
  "db" of a JSONL file under tests/nlq or data/) and that docs/nlq.md does not name as probed
  (the empty-database probes of flight_1, hr_1, college_2, dorm_1, company_1, gymnast, musical,
  bike_1; chinook_1, the Chinook schema the engine is developed on);
- ordered by sha256("askdb-eval-v1|spider-syn-train|" + db_id) ascending, kept when they have
  at least 15 questions: 26 schemas (fewer than 40 remain); the first 13 are REPORT-ONLY, the
  next 13 develop. The two lists below are that rule's output, written down so that a later
  set using one of these schemas cannot move them.

The databases: Spider-Syn has no parsed SQL, so the literals each gold query compares are read
from its text (gold_literals) and planted by synthetic_db.build_database (fixed seed per
database: the same input writes the same bytes). A question whose gold finds nothing, or only
NULLs and zeros, on its synthetic database is left out (print_questions says how many).

usage: convert_spider_syn_train.py SPIDER_SYN_TRAIN.json TABLES.json tests/nlq/spider_syn_train \
           > tests/nlq/spider_syn_train.jsonl
  (SPIDER_SYN_TRAIN.json: `git show HEAD:Spider-Syn/train_spider.json` of ygan/Spider-Syn at
  0b996a57; TABLES.json: Spider 1.0's tables.json)
"""
import json
import os
import re
import sys

from synthetic_db import OP_IDS, build_database, print_questions

REPORT = ["body_builder", "department_management", "hospital_1", "climbing", "perpetrator",
          "book_2", "roller_coaster", "candidate_poll", "student_1", "ship_mission",
          "election_representative", "wrestler", "store_1"]
DEVELOP = ["allergy_1", "manufactory_1", "entrepreneur", "baseball_1", "university_basketball",
           "race_track", "cre_Theme_park", "assets_maintenance", "voter_2", "customer_deliveries",
           "network_2", "sakila_1", "cre_Drama_Workshop_Groups"]

# Operator ids of synthetic_db beyond OP_IDS: BETWEEN and IN plant each bound / member as is.
BETWEEN_ID = 1
IN_ID = 8

TOKEN = re.compile(r"""\s*(?:
    (?P<str>'(?:[^']|'')*'|"(?:[^"]|"")*")
  | (?P<num>\d+(?:\.\d+)?)
  | (?P<ident>[A-Za-z_][A-Za-z0-9_]*(?:\.(?:[A-Za-z_][A-Za-z0-9_]*|\*))?)
  | (?P<op><=|>=|!=|<>|=|<|>)
  | (?P<punct>[(),*;+/-])
)""", re.VERBOSE)


def tokenize(sql):
    """(kind, text) pairs; kinds str, num, ident, op, punct. An unknown character is skipped."""
    out, pos = [], 0
    while pos < len(sql):
        m = TOKEN.match(sql, pos)
        if not m or m.end() == pos:
            pos += 1
            continue
        pos = m.end()
        out.append((m.lastgroup, m.group(m.lastgroup)))
    return out


def literal_of(token):
    """The Python value of a string or number token (a leading minus handled by the caller)."""
    kind, text = token
    if kind == "str":
        quote = text[0]
        return text[1:-1].replace(quote * 2, quote)
    return float(text) if "." in text else int(text)


class SchemaColumns:
    """Resolves a gold query's column references (T1.name, name) to tables.json column ids."""

    def __init__(self, schema):
        tables = schema["table_names_original"]
        self.table_ids = {t.lower(): i for i, t in enumerate(tables)}
        self.ids = {(t, c.lower()): i for i, (t, c) in enumerate(schema["column_names_original"])
                    if t >= 0}

    def tables_and_aliases(self, tokens):
        """The query's tables in FROM order and its aliases (an alias reused in two subqueries
        maps to every table it names)."""
        tables, aliases = [], {}
        for i, (kind, text) in enumerate(tokens):
            if kind != "ident" or text.lower() not in self.table_ids:
                continue
            before = tokens[i - 1][1].upper() if i else ""
            if before not in ("FROM", "JOIN", ","):
                continue
            t = self.table_ids[text.lower()]
            tables.append(t)
            rest = tokens[i + 1:i + 3]
            if len(rest) == 2 and rest[0][1].upper() == "AS" and rest[1][0] == "ident":
                aliases.setdefault(rest[1][1].lower(), []).append(t)
        return tables, aliases

    def column(self, ref, tables, aliases):
        """The column id of a reference, or None (an expression, a table not in the schema)."""
        if "." in ref:
            qualifier, name = ref.lower().split(".", 1)
            candidates = aliases.get(qualifier) or (
                [self.table_ids[qualifier]] if qualifier in self.table_ids else [])
        else:
            name = ref.lower()
            candidates = tables + sorted(set(self.table_ids.values()) - set(tables))
        for t in candidates:
            if (t, name) in self.ids:
                return self.ids[(t, name)]
        return None


def value_at(tokens, i):
    """(value, next index) of the literal at tokens[i] (a minus sign allowed), or (None, i)."""
    negative = i < len(tokens) and tokens[i] == ("punct", "-")
    j = i + 1 if negative else i
    if j >= len(tokens) or tokens[j][0] not in ("str", "num"):
        return None, i
    value = literal_of(tokens[j])
    if negative and isinstance(value, (int, float)):
        value = -value
    return value, j + 1


def comparison_at(tokens, i):
    """[(op id, value)] of the comparison whose column reference is tokens[i]: column op literal,
    [NOT] LIKE, BETWEEN a AND b, [NOT] IN (literals); [] for anything else (a subquery, a
    second column, an aggregate)."""
    nxt = tokens[i + 1:i + 2]
    if not nxt:
        return []
    word = nxt[0][1].upper()
    k = i + 1
    if word == "NOT":
        k += 1
        word = tokens[k][1].upper() if k < len(tokens) else ""
    if nxt[0][0] == "op" or word == "LIKE":
        op = OP_IDS[word.lower() if word == "LIKE" else nxt[0][1]]
        value, _ = value_at(tokens, k + 1)
        return [] if value is None else [(op, value)]
    if word == "BETWEEN":
        low, after = value_at(tokens, k + 1)
        high, _ = value_at(tokens, after + 1)
        return [(BETWEEN_ID, v) for v in (low, high) if v is not None]
    if word == "IN" and tokens[k + 1:k + 2] == [("punct", "(")]:
        members, j = [], k + 2
        while j < len(tokens):
            value, j = value_at(tokens, j)
            if value is None:
                return []  # a subquery: its own comparisons are read where they stand
            members.append((IN_ID, value))
            if tokens[j:j + 1] != [("punct", ",")]:
                break
            j += 1
        return members
    return []


def gold_literals(sql, columns):
    """(column id, op id, value) of every comparison of a column with a literal in a gold query's
    text (WHERE, HAVING and ON alike; a column compared under an aggregate is not read)."""
    tokens = tokenize(sql)
    tables, aliases = columns.tables_and_aliases(tokens)
    out = []
    for i, (kind, text) in enumerate(tokens):
        if kind != "ident" or tokens[i + 1:i + 2] == [("punct", "(")]:
            continue
        found = comparison_at(tokens, i)
        col = columns.column(text, tables, aliases) if found else None
        if col is not None:
            out.extend((col, op, value) for op, value in found if (col, op, value) not in out)
    return out


def split_of(db):
    return "report" if db in REPORT else "develop"


def main():
    questions_path, tables_path, out_dir = sys.argv[1:4]
    items = json.load(open(questions_path))
    for i, x in enumerate(items):
        x["index"] = i
    schemas = {s["db_id"]: s for s in json.load(open(tables_path))}
    os.makedirs(out_dir, exist_ok=True)
    dbs = REPORT + DEVELOP
    for db in dbs:
        columns = SchemaColumns(schemas[db])
        literals = [gold_literals(x["query"], columns) for x in items if x["db_id"] == db]
        build_database(schemas[db], literals, os.path.join(out_dir, db + ".sqlite"),
                       "askdb-spider-syn-train|" + db)
    rel = os.path.relpath(out_dir, os.path.dirname(os.path.abspath(__file__)))
    print("# Spider-Syn train (Gan et al., ACL 2021, https://github.com/ygan/Spider-Syn, MIT; questions")
    print("# from Spider, CC BY-SA 4.0: tests/nlq/licenses/spider_syn.LICENSE) over synthetic databases")
    print("# (%s/<db>.sqlite, rows generated with the gold literals planted); converted by" % rel)
    print("# tests/nlq/convert_spider_syn_train.py. \"question\" is the Spider-Syn rewrite,")
    print("# \"spider_question\" Spider's original. Split by database (sha256 order, see the script):")
    print("# report = " + ", ".join(REPORT))
    print("# develop = " + ", ".join(DEVELOP))
    chosen = [x for x in items if x["db_id"] in dbs]
    chosen.sort(key=lambda x: (dbs.index(x["db_id"]), x["index"]))
    print_questions(chosen, out_dir, lambda x: x["query"], lambda x: {
        "id": "syntr-%04d" % x["index"], "db": "%s/%s.sqlite" % (rel, x["db_id"]),
        "split": split_of(x["db_id"]), "question": x["SpiderSynQuestion"].strip(),
        "spider_question": x["SpiderQuestion"].strip(),
        "gold_sql": x["query"].strip().rstrip(";").strip(),
        "categories": ["spider-syn", "spider-syn-" + x["db_id"]],
    })


if __name__ == "__main__":
    main()
