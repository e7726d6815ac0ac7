#!/usr/bin/env python3
"""Perturbation test of the verifier (docs/nlq.md, "Unread conditions found by perturbing right
answers", session 18, precision-spider): every DEVELOP question the engine answers right at
the default threshold gets words that change its meaning — an adjective before its table word
("retired singers"), a clause or a place after it ("singers that are retired", "from the south",
"with a license"), a modifier before a column word ("estimated weight"), or its table or column word swapped for a noun the data does not hold.
The engine should
abstain on each (naming the word) or answer something else; the same SQL answered again means
the verifier took the added word as neutral. Prints, per perturbation, how many came back
answered with the same SQL, and (with --list) the questions.

DEVELOP lines only: the files are run with `--split develop`.
usage: perturb_right_answers.py [--bin build/bin/nlq_eval_tool] [--list] [--kind K] FILE.jsonl...
"""
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
from collections import Counter

BEFORE_TABLE = ["retired", "touring", "famous", "licensed", "visiting", "abandoned"]
AFTER_TABLE = ["that are retired", "that were cancelled", "from the south", "with a license",
               "living abroad", "who retired early"]
BEFORE_COLUMN = ["estimated", "initial", "official", "previous"]
AFTER_COLUMN = ["limit", "growth", "rank"]
TAIL = ["in 2010", "and that are retired", "or from the south", "before the war"]
NUMBER_UNITS = ["percent", "times"]


def run(binary, args):
    out = subprocess.run([binary] + args, capture_output=True, text=True, errors="replace")
    return out.stdout


def right_answers(binary, files):
    """Ids answered right at the default threshold (from -v on the develop split)."""
    right = set()
    for ln in run(binary, ["--split", "develop", "-v"] + files).splitlines():
        m = re.match(r"^OK\s+(\S+)\s", ln)
        if m:
            right.add(m.group(1))
    return right


def dump(binary, files, split=True):
    rows = {}
    args = (["--split", "develop"] if split else []) + ["--dump"] + files
    for ln in run(binary, args).splitlines():
        f = ln.split("\t")
        if len(f) >= 3:
            rows[f[0]] = f
    return rows


def variants(question, explanation):
    """(kind, new question) pairs: the words are put around the first table/column word."""
    out = []
    table = re.search(r'"([^"]+)" → table ', explanation)
    if table and table.group(1) in question:
        i = question.find(table.group(1))
        e = i + len(table.group(1))
        out += [("before table: " + w, question[:i] + w + " " + question[i:]) for w in BEFORE_TABLE]
        out += [("after table: " + w, question[:e] + " " + w + question[e:]) for w in AFTER_TABLE]
    column = re.search(r'"([^"]+)" → (?:column|group|value) ', explanation)
    if column and column.group(1) in question:
        i = question.find(column.group(1))
        out += [("before column: " + w, question[:i] + w + " " + question[i:])
                for w in BEFORE_COLUMN]
    # The table's or a column's word swapped for a noun the data does not hold.
    if table and table.group(1) in question:
        out.append(("table word swapped", question.replace(table.group(1), "gadgets", 1)))
    column = re.search(r'"([^"]+)" → column ', explanation)
    if column and column.group(1) in question:
        out.append(("column word swapped", question.replace(column.group(1), "nickname", 1)))
        e = question.find(column.group(1)) + len(column.group(1))
        out += [("after column: " + w, question[:e] + " " + w + question[e:]) for w in AFTER_COLUMN]
    return out + second_condition(question) + number_roles(question)


def other_tables_column(question, explanation, db_path):
    """The column word swapped for a column of a table the reading did not use (a join the
    question asks for, or a column the answer leaves out)."""
    column = re.search(r'"([^"]+)" → column (\w+)\.', explanation)
    if not column or column.group(1) not in question or not os.path.exists(db_path):
        return []
    used = set(re.findall(r'→ (?:column|table|group|filter|function \w+\()?\s*"?(\w+)[".]',
                          explanation)) | {column.group(2)}
    con = sqlite3.connect(db_path)
    try:
        tables = [r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        own = {c[1].lower() for t in tables if t in used
               for c in con.execute(f'PRAGMA table_info("{t}")')}
        for t in sorted(tables):
            if t in used:
                continue
            for c in con.execute(f'PRAGMA table_info("{t}")'):
                name = c[1]
                if c[5] or name.lower() in own or name.lower().endswith("id"):
                    continue
                words = re.sub(r"([a-z])([A-Z])", r"\1 \2", name).replace("_", " ").lower()
                return [("other table's column", question.replace(column.group(1), words, 1))]
    finally:
        con.close()
    return []


def second_condition(question):
    """A second condition joined to the question's end by and/or, and a negated copula."""
    body = question.rstrip(" ?.")
    end = question[len(body):]
    out = [("tail: " + w, body + " " + w + end) for w in TAIL]
    cop = re.search(r"\b(is|are|was|were)\b(?! not)", question)
    if cop:
        out.append(("negated copula", question[:cop.end()] + " not" + question[cop.end():]))
    return out


def number_roles(question):
    """A number of the question given another role: a unit the data does not hold after it."""
    num = re.search(r"\b\d+(\.\d+)?\b", question)
    if not num:
        return []
    return [("number: " + w, question[:num.end()] + " " + w + question[num.end():])
            for w in NUMBER_UNITS]


def main():
    args = sys.argv[1:]
    binary = "build/bin/nlq_eval_tool"
    if "--bin" in args:
        binary = args[args.index("--bin") + 1]
        del args[args.index("--bin"):args.index("--bin") + 2]
    show = "--list" in args
    # --kind K: also print every variant of the kinds starting with K that was answered at all
    show_kind = None
    if "--kind" in args:
        show_kind = args[args.index("--kind") + 1]
        del args[args.index("--kind"):args.index("--kind") + 2]
    files = [a for a in args if a != "--list"]
    right = right_answers(binary, files)
    base = dump(binary, files)
    questions, questions_file = {}, {}
    for path in files:
        for ln in open(path, encoding="utf-8"):
            if ln.strip().startswith("{"):
                j = json.loads(ln)
                questions[j["id"]] = j
                questions_file[j["id"]] = path
    lines, kinds = [], {}
    for qid in sorted(right):
        j = questions[qid]
        db_path = os.path.join(os.path.dirname(questions_file[qid]), j["db"])
        found = variants(j["question"], base[qid][-1])
        found += other_tables_column(j["question"], base[qid][-1], db_path)
        for n, (kind, q) in enumerate(found):
            pid = f"{qid}~{n}"
            kinds[pid] = (kind, qid, q)
            lines.append(json.dumps(dict(j, id=pid, question=q, split="develop")))
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as tmp:
        tmp.write("\n".join(lines) + "\n")
    try:
        got = dump(binary, [tmp.name], split=False)
    finally:
        os.unlink(tmp.name)
    total, same = Counter(), Counter()
    for pid, (kind, qid, q) in kinds.items():
        total[kind] += 1
        row = got.get(pid)
        if show_kind and kind.startswith(show_kind) and row and not row[1].startswith("(ab"):
            print(f"ANSWERED {row[2]}  {q}\n    {row[1][:300]}", file=sys.stderr)
        if row and not row[1].startswith("(abstained)") and row[1] == base[qid][1]:
            same[kind] += 1
            if show:
                print(f"SAME {row[2]}  {q}", file=sys.stderr)
    print(f"right develop answers perturbed: {len(right)}; variants: {sum(total.values())}; "
          f"answered with the same SQL: {sum(same.values())}")
    for kind in sorted(total):
        print(f"  {kind:32s} {same[kind]:4d} / {total[kind]}")


if __name__ == "__main__":
    main()
