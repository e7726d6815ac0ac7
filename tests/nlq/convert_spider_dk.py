#!/usr/bin/env python3
"""Converts Spider-DK into the nlq eval JSONL format. Spider-DK: Gan, Chen and Purver, EMNLP
2021, https://github.com/ygan/Spider-DK, CC BY-SA 4.0 (the converted file keeps that licence).

Two parts:
- the questions of its three own databases (spider-dk/database: new_concert_singer,
  new_orchestra, new_pets_1): split develop — the engine was tuned on them;
- the questions over Spider dev databases (car_1, dog_kennels, flight_2, wta_1, …), run on
  the synthetic Spider databases of tests/nlq/spider (convert_spider.py), each with its
  database's Spider split: most are REPORT-ONLY, because the Spider report databases are.
  A question whose gold finds nothing on the synthetic rows is left out (print_questions).

The two splits go to two files, so that looking at the develop set never shows a report item:
usage: convert_spider_dk.py /work/shared/data/spider-dk tests/nlq/spider develop > tests/nlq/spider_dk.jsonl
       convert_spider_dk.py /work/shared/data/spider-dk tests/nlq/spider report > tests/nlq/spider_dk_report.jsonl
"""
import json
import os
import sys

from convert_spider import split_of
from synthetic_db import print_questions

PRESENT = ("new_concert_singer", "new_orchestra", "new_pets_1")
SPIDER_DEV_DATABASES = 20


def line(index, db, question, gold, dk_type, split):
    return {"id": "sdk-%03d" % index, "db": db, "question": question,
            "gold_sql": gold.strip().rstrip(";"),
            "categories": ["spider-dk", "dk-type-%s" % dk_type], "split": split}


def main():
    root, spider_dir, wanted = sys.argv[1], sys.argv[2], sys.argv[3]
    data = json.load(open(root + "/Spider-DK.json"))
    for i, x in enumerate(data):
        x["index"] = i
    spider_dbs = sorted(f[:-len(".sqlite")] for f in os.listdir(spider_dir) if f.endswith(".sqlite"))
    if len(spider_dbs) != SPIDER_DEV_DATABASES:
        sys.exit("expected the %d synthetic Spider dev databases in %s; run convert_spider.py first"
                 % (SPIDER_DEV_DATABASES, spider_dir))
    split = split_of(spider_dbs)
    rel = os.path.relpath(spider_dir, os.path.dirname(os.path.abspath(__file__)))
    print("# Spider-DK (Gan, Chen and Purver, EMNLP 2021), https://github.com/ygan/Spider-DK, CC BY-SA 4.0;")
    print("# converted by tests/nlq/convert_spider_dk.py. Questions of its own three databases")
    print("# (spider-dk/database): develop, the engine was tuned on them. Questions over Spider dev")
    print("# databases run on the synthetic databases of %s with that database's Spider split" % rel)
    print("# (most are report-only: car_1, dog_kennels, flight_2, wta_1, cre_Doc_Template_Mgt).")
    print("# This file: the %s split." % wanted)
    for x in data:
        if x["db_id"] in PRESENT and wanted == "develop":
            print(json.dumps(line(x["index"], "spider-dk/" + x["db_id"], x["question"], x["query"],
                                  x["type"], "develop"), ensure_ascii=False))
    over_spider = [x for x in data if split.get(x["db_id"]) == wanted]
    print_questions(over_spider, spider_dir, lambda x: x["query"], lambda x: line(
        x["index"], "%s/%s.sqlite" % (rel, x["db_id"]), x["question"], x["query"], x["type"],
        split[x["db_id"]]))


if __name__ == "__main__":
    main()
