#!/usr/bin/env bash
# The answer cache's paraphrase sets measured by paraphrase_bench with the built-in embedder
# and with the fake server's embeddings table (docs/cache.md, "Measured"):
#   - tests/data/cache_paraphrases.jsonl (hand-written, develop): fails on any false hit on a
#     near miss, or on fewer paraphrase hits than docs/cache.md reports;
#   - the Spider-DK sets (public, tests/data/spider_dk: develop and report splits): fails on
#     fewer paraphrase hits or more false hits than docs/cache.md reports.
# Usage: cache_paraphrase_bench.sh BENCH FAKE_SERVER SET TABLE SPIDER_DK_DIR
set -euo pipefail
bench=$1
fake=$2
set_file=$3
table=$4
spider=$5
tables=$(cd "$(dirname "$0")/../../bench/cache" && pwd)/make_paraphrase_embeddings.py
work=$(mktemp -d)
fake_pid=
stop_fake() {
  exec 3>&- 2>/dev/null || true
  [[ -n $fake_pid ]] && wait "$fake_pid" 2>/dev/null || true
  fake_pid=
}
trap 'stop_fake; rm -rf "$work"' EXIT

# with_embeddings TABLE BENCH_ARGS...: the bench against a fake server serving TABLE.
with_embeddings() {
  local t=$1
  shift
  rm -f "$work/fake.stdin" "$work/fake.json"
  mkfifo "$work/fake.stdin"
  "$fake" --embeddings "$t" < "$work/fake.stdin" > "$work/fake.json" &
  fake_pid=$!
  exec 3> "$work/fake.stdin"
  for _ in $(seq 1 100); do [[ -s "$work/fake.json" ]] && break; sleep 0.05; done
  local base_url
  base_url=$(sed -E 's/.*"base_url":"([^"]+)".*/\1/' "$work/fake.json")
  "$bench" "$@" --base-url "$base_url" --embedding-model fake-embed
  stop_fake
}

"$bench" --set "$set_file" --max-false-hits 0 --min-hits 24
with_embeddings "$table" --set "$set_file" --max-false-hits 0 --min-hits 39

# Spider-DK: split, min hits and max false hits, lexical then with embeddings.
for row in "develop 5 0 14 0" "report 4 0 12 1"; do
  read -r split lex_hits lex_false emb_hits emb_false <<< "$row"
  pairs="$spider/cache_pairs_$split.jsonl"
  "$bench" --set "$pairs" --db-root "$spider/database" \
    --min-hits "$lex_hits" --max-false-hits "$lex_false" > "$work/lex.json" ||
    { echo "FAIL: Spider-DK $split, built-in embedder: $(cat "$work/lex.json")"; exit 1; }
  python3 "$tables" "$pairs" > "$work/table.json"
  with_embeddings "$work/table.json" --set "$pairs" --db-root "$spider/database" \
    --min-hits "$emb_hits" --max-false-hits "$emb_false" > "$work/emb.json" ||
    { echo "FAIL: Spider-DK $split, embeddings: $(cat "$work/emb.json")"; exit 1; }
  echo "Spider-DK $split: lexical $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["paraphrase_hits"], "/", d["paraphrases"], "hits,", d["false_hits"], "/", d["near_misses"], "false")' "$work/lex.json");" \
    "embeddings $(python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); print(d["paraphrase_hits"], "/", d["paraphrases"], "hits,", d["false_hits"], "/", d["near_misses"], "false")' "$work/emb.json")"
done
echo "cache_paraphrase_bench: all checks passed"
