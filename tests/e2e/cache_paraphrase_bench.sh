#!/usr/bin/env bash
# The answer cache's paraphrase set (tests/data/cache_paraphrases.jsonl) measured by
# paraphrase_bench with the built-in embedder and with the fake server's embeddings table:
# fails on any false hit on a near miss, or on fewer paraphrase hits than docs/cache.md
# reports.
# Usage: cache_paraphrase_bench.sh BENCH FAKE_SERVER SET TABLE
set -euo pipefail
bench=$1
fake=$2
set_file=$3
table=$4
work=$(mktemp -d)
fake_pid=
cleanup() {
  exec 3>&- 2>/dev/null || true
  [[ -n $fake_pid ]] && wait "$fake_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

"$bench" --set "$set_file" --max-false-hits 0 --min-hits 24

mkfifo "$work/fake.stdin"
"$fake" --embeddings "$table" < "$work/fake.stdin" > "$work/fake.json" &
fake_pid=$!
exec 3> "$work/fake.stdin"
for _ in $(seq 1 100); do [[ -s "$work/fake.json" ]] && break; sleep 0.05; done
base_url=$(sed -E 's/.*"base_url":"([^"]+)".*/\1/' "$work/fake.json")
"$bench" --set "$set_file" --base-url "$base_url" --embedding-model fake-embed \
  --max-false-hits 0 --min-hits 37
