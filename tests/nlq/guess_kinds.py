#!/usr/bin/env python3
"""The guess-kind table of docs/nlq.md ("Guesses on schemas the engine has never met"): for every
answered question, the guesses its reading relied on (read from the explanation of
`nlq_eval_tool --dump`), right vs wrong (from `nlq_eval_tool -v`, strict and with
--extra-columns-ok), as a Markdown table. DEVELOP lines only: make every input with
`--split develop` (or from a file that is develop as a whole); never from report lines.
usage: guess_kinds.py NAME:dump.txt:v.txt:vx.txt:questions.jsonl ...  [--list KIND]
  --list KIND  also print (to stderr) the questions whose reading relied on KIND.
The kinds are read from the explanation's words, not from the engine's state: "by exact name"
means the question's words are the column's (or table's) own name words, singularised."""
import json, re, sys
from collections import defaultdict

FUNC = set("""a an the of in on at to for from by with and or not no is are was were be been what which who whom
whose how many much show list give find return display tell me all each every per that this these those
their its his her there here do does did have has had as than more less most least number count total
please also both any some only one ones when where please? name names""".split())
AGG = re.compile(r"(sum|total|average|avg|mean|max|min|maximum|minimum|highest|lowest|largest|smallest|most|least|biggest|count|number|how many|oldest|youngest)", re.I)

def words(s):
    s = re.sub(r"([a-z])([A-Z])", r"\1 \2", s)
    return [sing(w) for w in re.findall(r"[a-z0-9]+", s.lower())]

def sing(w):
    if len(w) > 3 and w.endswith("ies"): return w[:-3] + "y"
    if len(w) > 3 and w.endswith("ses"): return w[:-2]
    if len(w) > 2 and w.endswith("s") and not w.endswith("ss"): return w[:-1]
    return w

def name_kind(word, name, table=None):
    w, n = set(words(word)), set(words(name))
    if table: n_wo = n - set(words(table))
    else: n_wo = n
    if w == n or (n_wo and w == n_wo): return "exact"
    if w and w < n: return "partial"
    if w & n: return "overlap"
    return "other"  # synonym, stem, fuzzy

def kinds_of(question, expl, sql):
    ks = set()
    qw = set(words(question))
    covered = set()
    lines = expl.split("~")
    if lines and lines[0].startswith("confidence"):
        c = float(lines[0].split()[1])
        if c < 1: ks.add("confidence < 1")
        if c < 0.85: ks.add("confidence < 0.85")
    for ln in lines[1:]:
        ln = ln.strip()
        m = re.match(r'"(.*?)" → (\w+) (.*)', ln)
        if m:
            w, kind, rest = m.groups()
            covered |= set(words(w))
            if kind == "column":
                tc = rest.split()[0]
                t, _, c = tc.partition(".")
                ks.add("column by " + name_kind(w, c, t) + " name")
                if "(condition)" in rest: ks.add("column named before its value")
            elif kind == "table":
                ks.add("table by " + name_kind(w, rest.split()[0]) + " name")
            elif kind == "group":
                t, _, c = rest.split()[0].partition(".")
                ks.add("group by " + name_kind(w, c, t) + " name")
            elif kind == "order":
                t, _, c = rest.split()[0].partition(".")
                nk = name_kind(w, c, t)
                ks.add("order by " + ("a named column" if nk in ("exact", "partial") else "a word not of the column"))
            elif kind == "value":
                mm = re.match(r"(\S+)\.(\S+) = (.*)", rest)
                if mm:
                    t, c, v = mm.groups()
                    if "(a yes/no column)" in rest: ks.add("yes/no flag value")
                    elif w.lower() != v.lower(): ks.add("value in other words")
                    else: ks.add("value as stored")
                    cw = set(words(c)) - set(words(t)) or set(words(c))
                    if not (cw & qw): ks.add("value's column not named")
            elif kind == "function":
                if not AGG.search(w): ks.add("aggregate from a non-aggregate word")
            elif kind == "join":
                ks.add("passive 'by' join")
            elif kind == "filter":
                if "COUNT(" in rest: ks.add("count of related rows")
                elif "key of" in rest: ks.add("self-reference filter")
                elif re.match(r"[<>=B]", rest): ks.add("number filter, column implicit")
                else: ks.add("comparison filter")
            elif kind == "time":
                ks.add("period")
            continue
        if ln.startswith("join:"):
            ks.add("_join")
        elif "(key beside the name)" in ln: ks.add("key beside a name")
        elif "(names the rows listed)" in ln: ks.add("label column added (implicit)")
        elif ln.startswith("column: time column"): ks.add("time column implicit")
    nj = expl.count("join:")
    if nj == 1: ks.add("one join")
    if nj >= 2: ks.add("two or more joins")
    ks.discard("_join")
    if "COUNT(DISTINCT" in sql: ks.add("COUNT(DISTINCT)")
    if re.search(r"\bSUM\(", sql) and not re.search(r"\b(sum|total|overall|combined|altogether)\b", question, re.I):
        ks.add("SUM without a sum word")
    unc = [w for w in words(question) if w not in covered and w not in FUNC and not w.isdigit() and len(w) > 2]
    if unc: ks.add("content word left unplaced")
    return ks, unc

def verdicts(path):
    v = {}
    for ln in open(path):
        m = re.match(r"(OK  |BAD |ABST) (\S+)", ln)
        if m: v[m.group(2)] = m.group(1).strip()
    return v

def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    show = None
    if "--list" in sys.argv: show = sys.argv[sys.argv.index("--list") + 1]; args.remove(show)
    tab = defaultdict(lambda: [0, 0, 0])  # right strict, wrong strict, wrong ctx
    total = [0, 0, 0]
    for spec in args:
        name, dump, v, vx, qf = spec.split(":")
        qs = {}
        for ln in open(qf):
            ln = ln.strip()
            if ln.startswith("{"):
                j = json.loads(ln); qs[j["id"]] = j
        vs, vxs = verdicts(v), verdicts(vx)
        for ln in open(dump):
            f = ln.rstrip("\n").split("\t")
            if len(f) < 8 or f[1].startswith("(abstained)"): continue
            i = f[0]
            if vs.get(i) not in ("OK", "BAD"): continue
            ks, unc = kinds_of(qs[i]["question"], f[-1], f[1])
            bad, badx = vs[i] == "BAD", vxs.get(i) == "BAD"
            ks.add("(all answered)")
            for k in ks:
                t = tab[k]; t[0] += not bad; t[1] += bad; t[2] += badx
            if show and (show in ks):
                print(("BAD " if bad else "OK  ") + i, qs[i]["question"], "| unplaced:", unc, file=sys.stderr)
    print("| guess the reading relied on | answered | right | wrong strict | wrong with context columns | wrong rate strict |")
    print("| --- | --- | --- | --- | --- | --- |")
    for k, (r, w, wx) in sorted(tab.items(), key=lambda kv: -(kv[1][0] + kv[1][1])):
        n = r + w
        print(f"| {k} | {n} | {r} | {w} | {wx} | {100*w/n:.1f}% |")

main()
