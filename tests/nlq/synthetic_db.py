"""Builds a SQLite database from a text-to-SQL benchmark's schema (Spider's tables.json format,
which BIRD shares) and fills it with deterministic synthetic rows, so that a benchmark that
ships schemas without data can still be evaluated by execution.

Every table gets a different row count (counting the wrong table rarely gives the right
number); foreign keys are drawn from the parent's keys; each literal a gold query compares a
column with is planted in that column — a question's literals on one table together in two
rows, so that `a = x AND b = y` selects something — and sprinkled over other rows. Numbers
come from a wide range (few ties for "the top 3"). Execution on one synthetic database is
weaker than a benchmark's own test suites: a wrong query can agree with the gold one by
chance, rarely; a right one is not made to look wrong except where the gold query itself
depends on the data (ties, empty results).

Used by convert_spider.py and convert_bird.py; its last part (create_tables, insert_rows,
iso_date, distinct_names, write_databases) by the blind build scripts that invent their rows.
"""
import json
import os
import random
import sqlite3

# Spider's parsed-SQL operator ids, which the literal lists use: 2 '=', 3 '>', 4 '<', 5 '>=',
# 6 '<=', 7 '!=', 9 'like'.
OP_IDS = {"=": 2, ">": 3, "<": 4, ">=": 5, "<=": 6, "!=": 7, "<>": 7, "like": 9}


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
        # A composite key is a list of column ids (BIRD); a single key a bare id.
        self.pks = set()
        for key in schema["primary_keys"]:
            self.pks.update(key if isinstance(key, list) else [key])
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


def build_database(schema, literals, path, seed):
    """literals: one list per question of (column id, operator id, value)."""
    rng = random.Random(seed)
    if os.path.exists(path):
        os.remove(path)
    conn = sqlite3.connect(path)
    builder = SchemaBuilder(schema, literals, rng)
    builder.create(conn)
    builder.fill(conn)
    conn.commit()
    conn.execute("VACUUM")
    conn.close()


def gold_discriminates(path, sql):
    """False when the gold query returns nothing, or only NULLs and zeros, on the synthetic
    database: any wrong query that also finds nothing would count as right, so the question
    is left out of the set (the converters print how many)."""
    conn = sqlite3.connect(path)
    try:
        rows = conn.execute(sql).fetchall()
    except sqlite3.Error:
        return False
    finally:
        conn.close()
    return any(any(v is not None and v != 0 for v in row) for row in rows)


def print_questions(questions, out_dir, sql_of, line_of):
    """Prints one JSON line (line_of(question)) per question whose gold SQL (sql_of(question))
    discriminates on its database (out_dir/<db_id>.sqlite), after a comment saying how many
    were kept."""
    kept = [q for q in questions
            if gold_discriminates(os.path.join(out_dir, q["db_id"] + ".sqlite"), sql_of(q))]
    print("# %d of %d questions: the others' gold finds nothing on the synthetic data" %
          (len(kept), len(questions)))
    for q in kept:
        print(json.dumps(line_of(q), ensure_ascii=False))



# The blind build scripts (build_spider_train_blind_2.py and later) write their rows by hand
# instead of drawing them from a schema; what they share is below, so that each script holds
# only its schemas' key and type rules and its invented rows.

# First and last names the invented people draw from (the earlier scripts use the first 30).
FIRST_NAMES = ["Emma", "Liam", "Olivia", "Noah", "Ava", "Ethan", "Sophia", "Mason", "Isabella", "Lucas",
               "Mia", "James", "Charlotte", "Henry", "Amelia", "Daniel", "Harper", "Samuel", "Grace",
               "Oliver", "Chloe", "Leo", "Zoe", "Jack", "Nora", "Adam", "Ella", "Ryan", "Lily", "Owen",
               "Hannah", "Victor", "Paula", "Diego", "Ingrid", "Tomas", "Yuki", "Priya", "Omar", "Greta"]
LAST_NAMES = ["Smith", "Johnson", "Brown", "Garcia", "Miller", "Davis", "Martinez", "Wilson", "Anderson",
              "Taylor", "Thomas", "Moore", "Martin", "Lee", "Clark", "Lewis", "Walker", "Hall", "Young",
              "King", "Wright", "Scott", "Green", "Baker", "Adams", "Nelson", "Hill", "Campbell", "Mitchell",
              "Roberts", "Fischer", "Novak", "Rossi", "Silva", "Tanaka", "Kowalski", "Dubois", "Larsen"]


def create_tables(conn, db_id, schema, composite, sql_type):
    """Creates every table of a Spider schema with its original names. sql_type(name, kind)
    gives a column's SQLite type; composite[(db_id, table)] lists the columns of a link
    table's key (Spider lists only one of them), else each table's own keys are its primary
    key; every foreign key is declared."""
    cols = schema["column_names_original"]
    types = schema["column_types"]
    pks = set(schema["primary_keys"])
    fks = {}
    for a, b in schema["foreign_keys"]:
        fks.setdefault(cols[a][0], []).append(
            (cols[a][1], schema["table_names_original"][cols[b][0]], cols[b][1]))
    for ti, t in enumerate(schema["table_names_original"]):
        defs = []
        comp = composite.get((db_id, t))
        for ci, (tj, c) in enumerate(cols):
            if tj != ti:
                continue
            d = '"%s" %s' % (c, sql_type(c, types[ci]))
            if ci in pks and not comp:
                d += " PRIMARY KEY"
            defs.append(d)
        if comp:
            defs.append("PRIMARY KEY (%s)" % ", ".join('"%s"' % c for c in comp))
        for a, rt, rc in fks.get(ti, []):
            defs.append('FOREIGN KEY ("%s") REFERENCES "%s"("%s")' % (a, rt, rc))
        conn.execute('CREATE TABLE "%s" (\n  %s\n)' % (t, ",\n  ".join(defs)))


def insert_rows(conn, table, rows):
    """Inserts rows (tuples in the table's column order); nothing for an empty list."""
    if rows:
        conn.executemany('INSERT INTO "%s" VALUES (%s)' % (table, ",".join("?" * len(rows[0]))), rows)


def iso_date(rng, y0, y1):
    """A YYYY-MM-DD date between the two years (days up to 28: every month has them)."""
    return "%04d-%02d-%02d" % (rng.randint(y0, y1), rng.randint(1, 12), rng.randint(1, 28))


def distinct_names(rng, n, first, last):
    """n different (first, last) name pairs drawn from the two lists."""
    seen = set()
    pairs = []
    while len(pairs) < n:
        pair = (rng.choice(first), rng.choice(last))
        if pair not in seen:
            seen.add(pair)
            pairs.append(pair)
    return pairs


def write_databases(out_dir, tables_path, dbs, composite, sql_type, fill_rows, seed):
    """Writes out_dir/<db>.sqlite for each db of the list: its tables (create_tables), then the
    rows fill_rows(db)(conn, rng) inserts, with rng = random.Random(seed(i)) for the i-th db, so
    that a second run writes the same files. Yields each path once written."""
    schemas = {s["db_id"]: s for s in json.load(open(tables_path))}
    os.makedirs(out_dir, exist_ok=True)
    for i, db in enumerate(dbs):
        path = os.path.join(out_dir, db + ".sqlite")
        if os.path.exists(path):
            os.remove(path)
        conn = sqlite3.connect(path)
        create_tables(conn, db, schemas[db], composite, sql_type)
        fill_rows(db)(conn, random.Random(seed(i)))
        conn.commit()
        conn.close()
        yield path
