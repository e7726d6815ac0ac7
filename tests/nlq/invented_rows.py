"""Row helpers shared by the invented-schema builders (build_invented_blind_*.py).

The blind writers each copied these from build_invented_blind_a.py; one copy now, so every
builder draws its invented rows the same way and rewrites its databases byte for byte as before.
"""
import datetime
import os
import sqlite3

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "invented")


def unique_name(rng, used, draw):
    """A name from draw(rng) not used before in this table (recorded in `used`)."""
    while True:
        name = draw(rng)
        if name not in used:
            used.add(name)
            return name


def first_last(first, last):
    """A draw of a (first, last) name pair from two lists, for unique_name."""
    return lambda rng: (rng.choice(first), rng.choice(last))


def day(rng, start, end):
    """An ISO date between two ISO dates (inclusive)."""
    a = datetime.date.fromisoformat(start)
    b = datetime.date.fromisoformat(end)
    return (a + datetime.timedelta(days=rng.randint(0, (b - a).days))).isoformat()


def plus(iso, days):
    return (datetime.date.fromisoformat(iso) + datetime.timedelta(days=days)).isoformat()


def money(rng, lo, hi):
    return round(rng.uniform(lo, hi), 2)


def open_db(name, ddl):
    """A new OUT/name.sqlite (an old file is removed first) with the tables of the DDL text."""
    path = os.path.join(OUT, name + ".sqlite")
    if os.path.exists(path):
        os.remove(path)
    con = sqlite3.connect(path)
    con.execute("PRAGMA foreign_keys = ON")
    con.executescript(ddl)
    return con


def fill(con, table, rows):
    """Inserts the tuples into the table; nothing for an empty list."""
    if rows:
        marks = ",".join("?" * len(rows[0]))
        con.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)


def write(name, ddl, rows):
    """Create OUT/name.sqlite from DDL text and {table: [tuples]} (inserted in dict order)."""
    con = open_db(name, ddl)
    for table, data in rows.items():
        fill(con, table, data)
    con.commit()
    con.execute("VACUUM")
    con.close()
