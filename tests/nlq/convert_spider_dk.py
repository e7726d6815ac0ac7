#!/usr/bin/env python3
"""Converts Spider-DK questions for the databases present in the shared data folder into the
nlq eval JSONL format. Spider-DK: Gan, Chen and Purver, EMNLP 2021,
https://github.com/ygan/Spider-DK, CC BY-SA 4.0 (the converted file keeps that licence).

usage: convert_spider_dk.py /work/shared/data/spider-dk > tests/nlq/spider_dk.jsonl
"""
import json
import sys

PRESENT = ("new_concert_singer", "new_orchestra", "new_pets_1")

def main():
    root = sys.argv[1]
    data = json.load(open(root + "/Spider-DK.json"))
    print("# Spider-DK (Gan, Chen and Purver, EMNLP 2021), https://github.com/ygan/Spider-DK, CC BY-SA 4.0.")
    print("# The questions of its three databases present in /work/shared/data/spider-dk/database, converted by tests/nlq/convert_spider_dk.py.")
    print("# Split: all develop. The engine was tuned on these questions, so none of them can report a figure.")
    for i, x in enumerate(data):
        if x["db_id"] not in PRESENT:
            continue
        print(json.dumps({"id": "sdk-%03d" % i, "db": "spider-dk/" + x["db_id"],
                          "question": x["question"], "gold_sql": x["query"],
                          "categories": ["spider-dk", "dk-type-%s" % x["type"]],
                          "split": "develop"},
                         ensure_ascii=False))

if __name__ == "__main__":
    main()
