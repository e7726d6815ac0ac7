#!/usr/bin/env python3
"""Converts the DEVELOP part of Spider-Syn dev into the nlq eval JSONL format.

Spider-Syn: Gan, Chen, Huang, Purver, Woodward, Xie and Huang, ACL 2021,
https://github.com/ygan/Spider-Syn, MIT (tests/nlq/licenses/spider_syn.LICENSE); its questions
are Spider dev questions (Yale, CC BY-SA 4.0) with schema words replaced by synonyms. Nobody on
this project wrote them.

Only items whose database is a Spider DEVELOP database (one that spider.jsonl's develop lines
use, so the split is the one that file was written with) are read further: the report databases' items are dropped before anything else looks at them. Each kept
item is matched to its line of tests/nlq/spider.jsonl by database and original question, else
by database and gold SQL (the lookup holds develop lines only) and written with the synonym question and that line's gold and
database. An item whose Spider line was left out (its gold finds nothing on the synthetic rows)
is left out too.

The same script converts Spider-Syn's two worst-case dev sets (WorstCaseDevSet/Adv(BERT).json,
Adv(GLOVE).json: each Spider dev question with words swapped by an adversarial attack, often
ungrammatical, the question a model gets most wrong); they hold only the attacked question, so
their items are matched by gold SQL. The third argument names the set (ids and category).

usage: git -C /work/.mirror/ygan+Spider-Syn/repo show HEAD:Spider-Syn/dev.json > /tmp/syn_dev.json
       convert_spider_syn_dev.py /tmp/syn_dev.json tests/nlq/spider.jsonl > tests/nlq/spider_syn_dev.jsonl
       git -C /work/.mirror/ygan+Spider-Syn/repo show "HEAD:WorstCaseDevSet/Adv(BERT).json" > /tmp/bert.json
       convert_spider_syn_dev.py /tmp/bert.json tests/nlq/spider.jsonl syn-adv-bert \
         > tests/nlq/spider_syn_adv_bert_dev.jsonl   (GLOVE likewise: syn-adv-glove)
"""
import json
import os
import sys

SPIDER_PREFIX = "spider/"


def normalized(question):
    """Letters and digits only, lower case: Spider-Syn's copy of a question differs from
    Spider's in spacing around punctuation and in quote characters."""
    return "".join(ch for ch in question.lower() if ch.isalnum())


def normalized_sql(sql):
    return " ".join(sql.strip().rstrip(";").split()).lower()


def develop_lines(spider_jsonl):
    """The lines of spider.jsonl whose split is develop (no other line is parsed further)."""
    for text in open(spider_jsonl, encoding="utf-8"):
        if text.startswith("#") or not text.strip():
            continue
        item = json.loads(text)
        if item["split"] == "develop":
            yield item


def db_id_of(item):
    return item["db"][len(SPIDER_PREFIX):-len(".sqlite")]


def develop_lines_by_question(spider_jsonl):
    """(db_id, question) and (db_id, gold SQL) -> the develop lines of spider.jsonl with that
    question or gold, in file order."""
    lookup = {}
    for item in develop_lines(spider_jsonl):
        db_id = db_id_of(item)
        lookup.setdefault((db_id, normalized(item["question"])), []).append(item)
        lookup.setdefault((db_id, normalized_sql(item["gold_sql"])), []).append(item)
    return lookup


def main():
    syn_path, spider_jsonl = sys.argv[1], sys.argv[2]
    name = sys.argv[3] if len(sys.argv) > 3 else "spider-syn"
    prefix = "ssyn" if name == "spider-syn" else name
    items = json.load(open(syn_path, encoding="utf-8"))
    for index, x in enumerate(items):
        x["index"] = index
        # The worst-case sets (WorstCaseDevSet/Adv(*).json) hold the attacked question only.
        x.setdefault("SpiderSynQuestion", x.get("question", ""))
        x.setdefault("SpiderQuestion", "")
    develop_dbs = {db_id_of(item) for item in develop_lines(spider_jsonl)}
    develop_items = [x for x in items if x["db_id"] in develop_dbs]
    lookup = develop_lines_by_question(spider_jsonl)
    out = []
    for x in develop_items:
        # By question; else by gold query, whose line has the same gold by construction.
        matches = (lookup.get((x["db_id"], normalized(x["SpiderQuestion"])))
                   or lookup.get((x["db_id"], normalized_sql(x["query"]))))
        if not matches:
            continue
        spider_line = matches[0]
        out.append({"id": "%s-%04d" % (prefix, x["index"]), "db": spider_line["db"],
                    "split": "develop", "question": x["SpiderSynQuestion"].strip(),
                    "gold_sql": spider_line["gold_sql"],
                    "categories": [name] + spider_line["categories"][1:]})
    print("# Spider-Syn %s (Gan et al., ACL 2021, https://github.com/ygan/Spider-Syn, MIT,"
          % ("dev" if name == "spider-syn" else "worst-case dev, " + os.path.basename(syn_path)))
    print("# tests/nlq/licenses/spider_syn.LICENSE; questions derived from Spider, CC BY-SA 4.0):")
    print("# the synonym questions of the Spider DEVELOP databases only, with the gold and database")
    print("# of their tests/nlq/spider.jsonl line; converted by tests/nlq/convert_spider_syn_dev.py.")
    print("# %d of %d develop items (the others' Spider line is not in spider.jsonl)" %
          (len(out), len(develop_items)))
    for line in out:
        print(json.dumps(line, ensure_ascii=False))


if __name__ == "__main__":
    main()
