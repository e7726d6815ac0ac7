#!/usr/bin/env bash
# E2E: the answer cache on the user's path (docs/cache.md). Separate `askdb ask` processes
# share the cache persisted in the data directory: the second asking of a question is an L1
# hit, a paraphrase an L2 hit, a near miss a miss; a changed semantic model or a changed
# table empties it. With [llm] embedding_model, L2 embeds with the fake server's embeddings
# (a table in which a paraphrase the built-in embedder misses is near). `askdb serve` shares
# one cache between its runs and counts its hits in /metrics.
# Usage: answer_cache_e2e.sh ASKDB_BINARY FAKE_SERVER_BINARY EMBEDDING_TABLE
set -euo pipefail
askdb=$1
fake=$2
table=$3
work=$(mktemp -d)
pids=()
cleanup() {
  exec 3>&- 2>/dev/null || true
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; exit 1; }
export ASKDB_HOME="$work/home"
unset OPENAI_BASE_URL OPENAI_MODEL OPENAI_API_KEY

"$askdb" demo --db "$work/demo/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
cp "$work/demo/retail.sqlite" "$work/shop.sqlite"
cp "$work/demo/retail.semantic.json" "$work/shop.semantic.json"
db="sqlite:$work/shop.sqlite"

# field JSON KEY: one top-level value of a JSON document.
field() { python3 -c 'import json,sys; v=json.loads(sys.argv[1]).get(sys.argv[2]); print(json.dumps(v) if not isinstance(v,str) else v)' "$1" "$2"; }
ask() { "$askdb" --json ask "$@" 2> "$work/ask.err" || fail "askdb ask $*: $(cat "$work/ask.err")"; }
expect_cache() {  # expect_cache JSON HIT LEVEL WHAT
  local hit level
  hit=$(field "$1" cache_hit)
  level=$(python3 -c 'import json,sys; print(json.loads(sys.argv[1]).get("cache_level",""))' "$1")
  [[ $hit == "$2" && $level == "$3" ]] || fail "$4: cache_hit=$hit level=$level (want $2 $3): $1"
}

q="2024年各大区的销售额"
out=$(ask "$q" --db "$db"); expect_cache "$out" false "" "first asking"
rows=$(field "$out" rows)
[[ -f $ASKDB_HOME/data/answer_cache.sqlite || -n $(find "$ASKDB_HOME" -name answer_cache.sqlite) ]] ||
  fail "no answer_cache.sqlite under $ASKDB_HOME"
out=$(ask "$q" --db "$db"); expect_cache "$out" true L1 "same question, new process"
[[ $(field "$out" rows) == "$rows" ]] || fail "L1 rows differ"
out=$(ask "2024年每个大区的销售额是多少" --db "$db"); expect_cache "$out" true L2 "paraphrase"
[[ $(field "$out" rows) == "$rows" ]] || fail "L2 rows differ"
out=$(ask "2023年各大区的销售额" --db "$db"); expect_cache "$out" false "" "near miss (year)"
out=$(ask "销售额最低的前5个门店" --db "$db")
out=$(ask "销售额最高的前5个门店" --db "$db"); expect_cache "$out" false "" "near miss (order)"

# Rows written since (the same schema): the answer is worked out again from the new rows, not
# served from the cache (it was, for the L1 lifetime).
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("UPDATE orders SET total_amount = total_amount + 1000 WHERE order_id = (SELECT MIN(order_id) FROM orders WHERE order_date >= \"2024-01-01\" AND order_date < \"2025-01-01\")"); c.commit()' "$work/shop.sqlite"
out=$(ask "$q" --db "$db"); expect_cache "$out" false "" "after the rows changed"
[[ $(field "$out" rows) != "$rows" ]] || fail "the changed rows were not read: $(field "$out" rows)"
out=$(ask "$q" --db "$db"); expect_cache "$out" true L1 "the new answer is cached"

# A changed semantic model empties the datasource's cache; the next asking refills it.
python3 - "$work/shop.semantic.json" <<'EOF'
import json, sys
path = sys.argv[1]
m = json.load(open(path, encoding="utf-8"))
m["tables"][0].setdefault("synonyms", []).append("片区")
json.dump(m, open(path, "w", encoding="utf-8"), ensure_ascii=False)
EOF
out=$(ask "$q" --db "$db"); expect_cache "$out" false "" "after a semantic model change"
out=$(ask "$q" --db "$db"); expect_cache "$out" true L1 "refilled"

# A changed table (a new column) changes the schema fingerprint: the cache is emptied.
python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("ALTER TABLE stores ADD COLUMN manager TEXT"); c.commit()' "$work/shop.sqlite"
out=$(ask "$q" --db "$db"); expect_cache "$out" false "" "after a schema change"

# The provider's embeddings: "杭州2024年的销售额" is far from "2024年杭州的销售额" for the
# built-in embedder (a miss without the endpoint) and near in the fake server's table.
out=$(ask "2024年杭州的销售额" --db "$db"); expect_cache "$out" false "" "stored for the lexical check"
out=$(ask "杭州2024年的销售额" --db "$db"); expect_cache "$out" false "" "built-in embedder misses"
mkfifo "$work/fake.stdin"
"$fake" --embeddings "$table" < "$work/fake.stdin" > "$work/fake.json" &
pids+=($!)
exec 3> "$work/fake.stdin"
for _ in $(seq 1 100); do [[ -s "$work/fake.json" ]] && break; sleep 0.05; done
base_url=$(sed -E 's/.*"base_url":"([^"]+)".*/\1/' "$work/fake.json")
cat > "$work/askdb.toml" <<EOF
[llm]
base_url = "$base_url"
model = "fake-model"
api_key = "sk-test"
embedding_model = "fake-embed"
EOF
db2="sqlite:$work/shop2.sqlite"
cp "$work/shop.sqlite" "$work/shop2.sqlite"
cp "$work/shop.semantic.json" "$work/shop2.semantic.json"
out=$(ask "2024年杭州的销售额" --db "$db2" --config "$work/askdb.toml")
expect_cache "$out" false "" "stored with provider embeddings"
out=$(ask "杭州2024年的销售额" --db "$db2" --config "$work/askdb.toml")
expect_cache "$out" true L2 "paraphrase with provider embeddings"
out=$(ask "2024年南京的销售额" --db "$db2" --config "$work/askdb.toml")
expect_cache "$out" false "" "near miss with provider embeddings (city)"

# askdb serve: one cache for all runs, and what `askdb ask` stored is there.
"$askdb" serve --db "$db" --port 0 --no-auth 2> "$work/serve.err" &
pids+=($!)
for _ in $(seq 1 200); do grep -q "listening on" "$work/serve.err" 2>/dev/null && break; sleep 0.05; done
port=$(sed -nE 's/.*listening on http:\/\/[^:]+:([0-9]+).*/\1/p' "$work/serve.err" | head -1)
[[ -n $port ]] || fail "serve did not start: $(cat "$work/serve.err")"
# http METHOD PATH [BODY]: the response body (python3's urllib: no extra program needed).
http() {
  python3 -c '
import sys, urllib.request
port, method, path = sys.argv[1:4]
body = sys.argv[4].encode() if len(sys.argv) > 4 else None
req = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body, method=method,
                             headers={"Content-Type": "application/json"})
print(urllib.request.urlopen(req, timeout=60).read().decode())
' "$port" "$@"
}
post() { http POST /api/v1/ask "$1"; }
out=$(post '{"query":"各品类的销售额"}'); expect_cache "$out" false "" "serve: first run"
out=$(post '{"query":"按品类统计销售额"}'); expect_cache "$out" true L2 "serve: paraphrase in another run"
out=$(post '{"query":"各品类的销售额"}'); expect_cache "$out" true L1 "serve: same question in another run"
metrics=$(http GET /metrics)
[[ $metrics == *'askdb_cache_hits_total{level="L1"} 1'* ]] || fail "metrics: $(grep askdb_cache <<<"$metrics")"
echo "answer_cache_e2e: all checks passed"
