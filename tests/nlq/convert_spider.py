#!/usr/bin/env python3
"""Converts Spider 1.0 dev (../shared/data/spider: questions, gold SQL and schemas, no
databases) into the nlq eval JSONL format, with a SQLite database per schema filled with
synthetic rows so that the engine's SQL and the gold SQL can both be executed.

Spider (Yale), CC BY-SA 4.0: tests/nlq/licenses/spider.LICENSE. Nobody on this project wrote
these questions.

The databases. Spider ships schemas only, so each of its 20 dev schemas is built with its
primary and foreign keys and filled with deterministic pseudo-random rows: every table a
different row count (so that counting the wrong table rarely gives the right number), foreign
keys drawn from the parent's keys, and every literal that a gold query compares a column with
(`WHERE country = 'France'`, `year > 2014`, `LIKE '%a%'`) planted in several rows of that
column, so that filters select something. The text of other values is synthetic ("Name 17").
Execution on one synthetic database is weaker than Spider's own test suites: a wrong query
can agree with the gold one by chance. It cannot make a wrong answer look right often, and it
never makes a right answer look wrong except where the gold query itself depends on data.

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
import random
import sqlite3
import sys

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


def column_sql_type(kind):
    return {"number": "REAL", "time": "TEXT", "boolean": "INTEGER"}.get(kind, "TEXT")


def like_example(pattern, rng):
    core = pattern.replace("%", "")
    return ("x" if pattern.startswith("%") else "") + core + (
        " y" + str(rng.randint(1, 9)) if pattern.endswith("%") else "")


class SchemaBuilder:
    def __init__(self, schema, literals, rng):
        self.s = schema
        self.rng = rng
        self.tables = schema["table_names_original"]
        self.columns = schema["column_names_original"]  # [table index, name]
        self.types = schema["column_types"]
        self.pks = set(schema["primary_keys"])
        self.fk_parent = {}
        for child, parent in schema["foreign_keys"]:
            if child != parent:
                self.fk_parent.setdefault(child, parent)
        # literals: one list per question of (column, op, value). A question's literals on one
        # table form a combination planted together in two rows, so that `a = x AND b = y`
        # selects something; each literal is also sprinkled over other rows.
        # A text literal keeps the casing of its first use in a column: a gold query that
        # writes 'asia' where others write 'Asia' must not plant a second, lower-case value
        # (Spider's own databases hold one).
        self.planted = {}
        self.combos = {}  # table index -> [{column: (op, value)}]
        first_casing = {}
        for question_literals in literals:
            by_table = {}
            for col, op, lit in question_literals:
                if isinstance(lit, str):
                    lit = first_casing.setdefault((col, lit.lower()), lit)
                self.planted.setdefault(col, []).append((op, lit))
                by_table.setdefault(self.columns[col][0], {})[col] = (op, lit)
            for t, combo in by_table.items():
                if combo not in self.combos.setdefault(t, []):
                    self.combos[t].append(combo)
        self.values = {}  # column id -> generated values, in row order

    def table_columns(self, t):
        return [i for i, (ti, _) in enumerate(self.columns) if ti == t]

    def create(self, conn):
        for t, name in enumerate(self.tables):
            if name == "sqlite_sequence":
                continue
            cols = self.table_columns(t)
            defs = []
            for c in cols:
                defs.append('"%s" %s' % (self.columns[c][1], column_sql_type(self.types[c])))
            pk = [c for c in cols if c in self.pks]
            if pk:
                defs.append("PRIMARY KEY (%s)" % ", ".join('"%s"' % self.columns[c][1] for c in pk))
            for c in cols:
                if c in self.fk_parent:
                    p = self.fk_parent[c]
                    defs.append('FOREIGN KEY ("%s") REFERENCES "%s"("%s")' % (
                        self.columns[c][1], self.tables[self.columns[p][0]], self.columns[p][1]))
            conn.execute('CREATE TABLE "%s" (%s)' % (name, ", ".join(defs)))

    def order(self):
        """Tables with parents first (cycles are broken arbitrarily)."""
        deps = {t: set() for t in range(len(self.tables))}
        for child, parent in self.fk_parent.items():
            ct, pt = self.columns[child][0], self.columns[parent][0]
            if ct != pt:
                deps[ct].add(pt)
        done, out = set(), []
        while len(out) < len(self.tables):
            ready = [t for t in deps if t not in done and deps[t] <= done]
            if not ready:
                ready = [min(t for t in deps if t not in done)]
            for t in ready:
                done.add(t)
                out.append(t)
        return out

    def synthetic(self, c, row):
        kind = self.types[c]
        name = self.columns[c][1]
        lname = name.lower()
        rng = self.rng
        if kind == "number":
            if "year" in lname:
                return rng.randint(1990, 2020)
            if lname.endswith("id") or c in self.pks:
                return row + 1
            return rng.randint(1, 10000)  # a wide range: few ties for "the top 3"
        if kind == "time":
            return "%04d-%02d-%02d" % (rng.randint(1995, 2020), rng.randint(1, 12), rng.randint(1, 28))
        if kind == "boolean":
            return rng.randint(0, 1)
        return "%s %d" % (name.replace("_", " ").title(), rng.randint(1, 25))

    def planted_value(self, c, choice=None):
        op, lit = choice or self.rng.choice(self.planted[c])
        if op == 9 and isinstance(lit, str):  # LIKE
            return like_example(lit, self.rng)
        if isinstance(lit, float) and lit.is_integer():
            lit = int(lit)
        if op in (3, 5) and isinstance(lit, (int, float)):  # >, >=: a value on either side
            return lit + self.rng.choice([-1, 0, 1, 2])
        if op in (4, 6) and isinstance(lit, (int, float)):
            return lit + self.rng.choice([-2, -1, 0, 1])
        return lit

    def fill(self, conn):
        for t in self.order():
            name = self.tables[t]
            if name == "sqlite_sequence":
                continue
            cols = self.table_columns(t)
            combos = self.combos.get(t, [])
            n = max(self.rng.randint(12, 60), 2 * len(combos) + 8)
            rows, seen_keys = [], set()
            for r in range(n):
                row = []
                combo = combos[r // 2] if r // 2 < len(combos) else {}
                for c in cols:
                    if c in combo:
                        v = self.planted_value(c, combo[c])
                    elif c in self.fk_parent and self.values.get(self.fk_parent[c]):
                        v = self.rng.choice(self.values[self.fk_parent[c]])
                    elif c in self.planted and self.rng.random() < 0.3:
                        v = self.planted_value(c)
                    else:
                        v = self.synthetic(c, r)
                    if c in self.pks and len([x for x in cols if x in self.pks]) == 1:
                        v = self.unique_key(c, v, r)
                    row.append(v)
                key = tuple(v for c, v in zip(cols, row) if c in self.pks)
                if key and key in seen_keys:
                    continue
                seen_keys.add(key)
                rows.append(row)
            placeholders = ", ".join("?" for _ in cols)
            conn.executemany('INSERT INTO "%s" VALUES (%s)' % (name, placeholders), rows)
            for i, c in enumerate(cols):
                self.values[c] = [row[i] for row in rows]

    def unique_key(self, c, v, r):
        used = set(self.values.get(("pk", c), []))
        while v in used:
            v = (r + 1) if self.types[c] == "number" else "%s-%d" % (v, r)
            r += 1000
        self.values.setdefault(("pk", c), []).append(v)
        return v


def build_database(schema, questions, path):
    literals = []
    for q in questions:
        question_literals = []
        collect_literals(q["sql"], question_literals)
        literals.append(question_literals)
    rng = random.Random("askdb-spider|" + schema["db_id"])
    if os.path.exists(path):
        os.remove(path)
    conn = sqlite3.connect(path)
    builder = SchemaBuilder(schema, literals, rng)
    builder.create(conn)
    builder.fill(conn)
    conn.commit()
    conn.execute("VACUUM")
    conn.close()


def main():
    root, out_dir = sys.argv[1], sys.argv[2]
    questions = json.load(open(os.path.join(root, "dev.json")))
    schemas = {s["db_id"]: s for s in json.load(open(os.path.join(root, "tables.json")))}
    dbs = sorted({q["db_id"] for q in questions})
    split = split_of(dbs)
    os.makedirs(out_dir, exist_ok=True)
    for db in dbs:
        build_database(schemas[db], [q for q in questions if q["db_id"] == db],
                       os.path.join(out_dir, db + ".sqlite"))
    rel = os.path.relpath(out_dir, os.path.dirname(os.path.abspath(__file__)))
    print("# Spider 1.0 dev (Yale, CC BY-SA 4.0, tests/nlq/licenses/spider.LICENSE) over synthetic")
    print("# databases; converted by tests/nlq/convert_spider.py. Split by database:")
    print("# " + ", ".join(f"{d}={s}" for d, s in sorted(split.items())))
    for i, q in enumerate(questions):
        print(json.dumps({
            "id": "spider-%04d" % i, "db": "%s/%s.sqlite" % (rel, q["db_id"]),
            "split": split[q["db_id"]], "question": q["question"],
            "gold_sql": q["query"].strip().rstrip(";"),
            "categories": ["spider", "spider-" + q["db_id"]],
        }, ensure_ascii=False))


if __name__ == "__main__":
    main()
