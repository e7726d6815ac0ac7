#!/usr/bin/python3
"""Writes the embedding table the fake OpenAI server serves for the paraphrase set.

It models the worst case for the slot guard: an embedding model that finds *every* pair of
the set similar — paraphrases and near misses alike (cosine 0.96-0.99), as general-purpose
sentence embedders do for "sales in 2023" and "sales in 2024". With this table every L2 hit
or refusal is decided by the slot guard, so the figures measure it, not the table.

  make_paraphrase_embeddings.py tests/data/cache_paraphrases.jsonl > TABLE.json
"""
import json
import math
import random
import sys

DIM = 32


def unit(v):
    n = math.sqrt(sum(x * x for x in v))
    return [x / n for x in v]


def main(path):
    pairs = [json.loads(line) for line in open(path, encoding="utf-8") if line.strip()]
    table = {}
    for pair in pairs:
        rng = random.Random(pair["id"])
        if pair["stored"] not in table:
            table[pair["stored"]] = unit([rng.gauss(0, 1) for _ in range(DIM)])
        base = table[pair["stored"]]
        if pair["asked"] in table:
            continue
        # noise of norm eps orthogonal-ish to base: cosine ~ 1/sqrt(1+eps^2)
        eps = rng.uniform(0.14, 0.29)
        noise = unit([rng.gauss(0, 1) for _ in range(DIM)])
        table[pair["asked"]] = unit([b + eps * n for b, n in zip(base, noise)])
    json.dump({k: [round(x, 6) for x in v] for k, v in table.items()}, sys.stdout,
              ensure_ascii=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
