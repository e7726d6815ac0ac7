#!/usr/bin/python3
"""Builds a paraphrase / near-miss set for paraphrase_bench from public text-to-SQL data.

Source: Spider-DK (ygan/Spider-DK, CC BY-SA 4.0), the questions over its three databases
that come with SQLite files (new_concert_singer, new_orchestra, new_pets_1), read from
../shared/data/spider-dk. Nobody on this project wrote or tuned on them.

  - paraphrase: two questions of one database whose gold SQL is the same (white space and
    case folded) — Spider's annotators wrote two wordings of many queries. The cache should
    answer the second from the first.
  - near_miss: for each question, the most similar question by word overlap (Jaccard over
    lower-cased words) of the same database whose gold SQL differs. Serving the first's
    SQL for it would be a wrong answer.

Split (fixed): a pair belongs to the report split when the MD5 of its stored question's SQL
ends in an even hex digit, to the develop split otherwise. Report figures come only from the
report split; the product is never changed to fix one of its pairs.

  make_spider_pairs.py SPIDER_DK_DIR {develop|report} > PAIRS.jsonl

Each line: {"id", "kind", "lang": "en", "db": "<db>/<db>.sqlite", "stored", "asked"}
(paraphrase_bench --db-root SPIDER_DK_DIR/database).
"""
import collections
import hashlib
import json
import os
import re
import sys

DATABASES = ("new_concert_singer", "new_orchestra", "new_pets_1")


def norm_sql(sql):
    return re.sub(r"\s+", " ", sql.strip().lower())


def words(text):
    return set(re.findall(r"[a-z0-9]+", text.lower()))


def split_of(sql):
    return "report" if int(hashlib.md5(sql.encode()).hexdigest()[-1], 16) % 2 == 0 else "develop"


def main(root, split):
    items = json.load(open(os.path.join(root, "Spider-DK.json"), encoding="utf-8"))
    items = [x for x in items if x["db_id"] in DATABASES]
    pairs = []
    by_sql = collections.defaultdict(list)
    for x in items:
        key = (x["db_id"], norm_sql(x["query"]))
        if x["question"] not in by_sql[key]:
            by_sql[key].append(x["question"])
    for (db, sql), questions in sorted(by_sql.items()):
        for asked in questions[1:]:
            pairs.append(("paraphrase", db, sql, questions[0], asked))
    seen = set()
    for x in items:
        db, sql = x["db_id"], norm_sql(x["query"])
        w = words(x["question"])
        best, best_score = None, -1.0
        for y in items:
            if y["db_id"] != db or norm_sql(y["query"]) == sql:
                continue
            v = words(y["question"])
            score = len(w & v) / max(1, len(w | v))
            if score > best_score:
                best, best_score = y, score
        if best is None:
            continue
        key = frozenset((x["question"], best["question"]))
        if key in seen:
            continue
        seen.add(key)
        pairs.append(("near_miss", db, sql, x["question"], best["question"]))
    n = 0
    for kind, db, sql, stored, asked in pairs:
        if split_of(sql) != split:
            continue
        n += 1
        print(json.dumps({"id": f"{split[0]}{n:03d}", "kind": kind, "lang": "en",
                          "db": f"{db}/{db}.sqlite", "stored": stored, "asked": asked},
                         ensure_ascii=False))


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[2] not in ("develop", "report"):
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
