#!/usr/bin/env python3
"""Marks `"order_matters": false` on lines whose gold orders only by a label.

The blind writers were told to give every gold a deterministic order, so a breakdown's gold
often ends in ORDER BY <its label> although the question asks for no order; the grader then
compares in order and a right answer in another order counts as wrong. A line is marked when
(1) its gold and every alternative has no LIMIT, (2) the gold's top-level ORDER BY names no
aggregate (SUM, COUNT, AVG, MIN, MAX, TOTAL), and (3) the question has no word of ordering.
The rule reads no answer and no failure; it was written after the session-27 develop half of
invented_blind_en_i showed the artefact, and is applied to whole files, both halves alike.
Usage: mark_label_order.py FILE... (rewrites each file in place; prints the count per file).
"""
import json
import re
import sys

ORDER_WORDS = re.compile(
    r"\b(order|ordered|sort|sorted|rank|ranked|ranking|alphabetical|alphabetically|ascending|"
    r"descending|chronological|chronologically|earliest|latest|first|last|top|bottom|highest|"
    r"lowest|most|least|biggest|smallest|largest|best|worst)\b|"
    r"排序|排列|排名|从高到低|从低到高|从大到小|从小到大|依次|顺序|前\d|前[一二三四五六七八九十]|最",
    re.IGNORECASE)
AGGREGATE = re.compile(r"\b(sum|count|avg|min|max|total)\s*\(", re.IGNORECASE)


def top_level_order_by(sql):
    """The text after the last ORDER BY at parenthesis depth 0, or None."""
    depth, found = 0, None
    low = sql.lower()
    for i, ch in enumerate(low):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0 and low.startswith("order by", i):
            found = i + len("order by")
    return None if found is None else sql[found:]


def orders_only_by_a_label(line):
    golds = [line.get("gold_sql") or ""] + list(line.get("gold_sql_alternatives") or [])
    if not golds[0] or any(re.search(r"\blimit\b", g, re.IGNORECASE) for g in golds):
        return False
    order = top_level_order_by(golds[0])
    return order is not None and not AGGREGATE.search(order)


def mark(path):
    out, marked = [], 0
    for raw in open(path, encoding="utf-8"):
        if raw.startswith("#") or not raw.strip():
            out.append(raw)
            continue
        line = json.loads(raw)
        if ("order_matters" not in line and orders_only_by_a_label(line)
                and not ORDER_WORDS.search(line["question"])):
            line["order_matters"] = False
            marked += 1
            raw = json.dumps(line, ensure_ascii=False) + "\n"
        out.append(raw)
    with open(path, "w", encoding="utf-8") as f:
        f.writelines(out)
    print(f"{path}: {marked} lines marked")


if __name__ == "__main__":
    for p in sys.argv[1:]:
        mark(p)
