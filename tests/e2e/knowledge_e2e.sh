#!/usr/bin/env bash
# E2E: the knowledge base from the command line and in a run (docs/knowledge.md).
#  - `askdb kb add` (Markdown, PDF, a Q&A), `kb list`, `kb search` with its three scores;
#  - bad input (empty, binary under .txt, encrypted PDF, over knowledge.max_file_mb) is
#    refused with exit code 3 and the knowledge base is unchanged;
#  - with the scripted model: the document's fact ("fiscal year starts on April 1") reaches
#    the SQL prompt and the answer uses it; without the document the same model writes the
#    calendar-year SQL (control); a matching Q&A answers the question with its source;
#  - `kb remove` empties it and the evidence stops.
#  - /api/v1/knowledge on askdb serve: upload, refused upload, search scores, delete.
# Usage: knowledge_e2e.sh ASKDB_BINARY SOURCE_DIR
set -euo pipefail
askdb=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
unset OPENAI_BASE_URL OPENAI_MODEL OPENAI_API_KEY ASKDB_SERVER_STORE_URL
export ASKDB_HOME="$work/home"
json() { python3 -c "import json,sys; d=json.loads(sys.argv[1]); print(eval(sys.argv[2]))" "$1" "$2"; }

"$askdb" demo --db "$work/retail.sqlite" > /dev/null 2>&1 || fail "askdb demo"
db="sqlite:$work/retail.sqlite"

cat > "$work/finance.md" <<'DOC'
# Finance conventions

Our fiscal year starts on April 1 and ends on March 31 of the next calendar year: fiscal
year 2024 runs from 2024-04-01 to 2025-03-31.
DOC
"$askdb" kb add "$work/finance.md" --chunker sentence --chunk-size 200 > /dev/null || fail "kb add md"
"$askdb" kb add "$src/tests/data/knowledge/returns_policy.pdf" > /dev/null || fail "kb add pdf"
"$askdb" kb add --qa "What is our refund window?" "30 days from delivery, full refund." \
  --title "Customer service FAQ" > /dev/null || fail "kb add qa"
list=$("$askdb" --json kb list)
[[ $(json "$list" "len(d)") == 3 ]] || fail "3 items expected: $list"
[[ $(json "$list" "sorted(set(i['state'] for i in d))") == "['indexed']" ]] || fail "not all indexed: $list"

hits=$("$askdb" --json kb search "三十天 退货")
top=$(json "$hits" "d['hits'][0]")
[[ $(json "$hits" "d['hits'][0]['text'].count('三十天')") -ge 1 ]] || fail "PDF text not found: $hits"
[[ $(json "$hits" "all(k in d['hits'][0] for k in ('keyword_score','vector_score','fused_score'))") == True ]] \
  || fail "scores missing: $top"

# Bad input: each refused (exit code 3), nothing added.
: > "$work/empty.txt"
head -c 4096 /dev/urandom > "$work/junk.txt"
python3 -c "open('$work/big.md','w').write('a'*(2*1024*1024))"
printf '[knowledge]\nmax_file_mb = 1\n' > "$work/askdb.toml"
for f in empty.txt junk.txt big.md; do
  set +e; out=$("$askdb" --config "$work/askdb.toml" kb add "$work/$f" 2>&1); rc=$?; set -e
  [[ $rc == 3 ]] || fail "$f: exit $rc, expected 3: $out"
done
set +e; out=$("$askdb" --config "$work/askdb.toml" kb add "$work/big.md" 2>&1); set -e
[[ $out == *"knowledge.max_file_mb"* ]] || fail "the limit is not named: $out"
# A 50 MB file under the default limit (20 MB): refused by its size, before it is read.
truncate -s 50M "$work/big50.txt"
set +e; out=$("$askdb" kb add "$work/big50.txt" 2>&1); rc=$?; set -e
[[ $rc == 3 && $out == *"50.0 MB, over the limit of 20.0 MB (knowledge.max_file_mb)"* ]] \
  || fail "50 MB file: exit $rc: $out"
set +e; out=$("$askdb" kb add "$src/tests/data/knowledge/returns_policy_encrypted.pdf" 2>&1); rc=$?; set -e
[[ $rc == 3 && $out == *encrypted* ]] || fail "encrypted PDF: exit $rc: $out"
[[ $(json "$("$askdb" --json kb list)" "len(d)") == 3 ]] || fail "a refused add left something behind"
# A blank search is refused with what to type (exit 3), not answered "no match".
set +e; out=$("$askdb" kb search "   " 2>&1); rc=$?; set -e
[[ $rc == 3 && $out == *"query is blank"* ]] || fail "blank kb search: exit $rc: $out"

# The scripted model writes fiscal-year SQL only when the document's fact is in its prompt.
cat > "$work/rules.json" <<'RULES'
[{"match": "(?s)fiscal year starts on April 1.*Question",
  "json": {"sql": "SELECT ROUND(SUM(total_amount), 2) AS sales FROM orders WHERE order_date >= '2024-04-01' AND order_date < '2025-04-01'"}},
 {"match": "(?s)Question",
  "json": {"sql": "SELECT ROUND(SUM(total_amount), 2) AS sales FROM orders WHERE order_date >= '2024-01-01' AND order_date < '2025-01-01'"}}]
RULES
question="What were total sales in fiscal year 2024 by our finance calendar?"
out=$("$askdb" --json ask "$question" --db "$db" --llm "scripted:$work/rules.json" 2> "$work/err") \
  || fail "ask: $(cat "$work/err")"
[[ $(json "$out" "d['route']") == llm ]] || fail "not answered by the model: $out"
[[ $(json "$out" "d['sql']") == *"2024-04-01"* ]] || fail "the document's fact did not reach the SQL: $out"
expected=$("$askdb" --json sql "SELECT ROUND(SUM(total_amount), 2) AS sales FROM orders WHERE order_date >= '2024-04-01' AND order_date < '2025-04-01'" --db "$db")
[[ "$(json "$out" "d['rows']")" == "$(json "$expected" "d['rows']")" ]] || fail "wrong fiscal-year total: $out"
# Control: the same model and question with no knowledge base write the calendar year.
out=$(ASKDB_HOME="$work/home2" "$askdb" --json ask "$question" --db "$db" --llm "scripted:$work/rules.json" 2> "$work/err") \
  || fail "control ask: $(cat "$work/err")"
[[ $(json "$out" "d['sql']") == *"2024-01-01"* ]] || fail "control run used the fiscal year: $out"

# A matching Q&A answers with its source (no model call).
out=$("$askdb" --json ask "what is our refund window" --db "$db" --llm "scripted:$work/rules.json" 2> "$work/err") \
  || fail "qa ask: $(cat "$work/err")"
[[ $(json "$out" "d['route']") == knowledge ]] || fail "the Q&A did not answer: $out"
[[ $(json "$out" "d['answer']") == *"30 days"*"Customer service FAQ"* ]] || fail "answer or source missing: $out"
[[ $(json "$out" "d['llm_calls']") == 0 ]] || fail "the Q&A answer called the model: $out"

# Remove everything: the evidence is gone from the next run.
for id in $("$askdb" --json kb list | python3 -c 'import json,sys; print(" ".join(i["id"] for i in json.load(sys.stdin)))'); do
  "$askdb" kb remove "$id" > /dev/null || fail "kb remove $id"
done
[[ $(json "$("$askdb" --json kb list)" "len(d)") == 0 ]] || fail "items left after remove"
[[ $(json "$("$askdb" --json kb list --deleted)" "all(i.get('deleted') for i in d)") == True ]] || fail "soft delete not visible"
out=$("$askdb" --json ask "$question in FY terms" --db "$db" --llm "scripted:$work/rules.json" 2> "$work/err") \
  || fail "ask after remove: $(cat "$work/err")"
[[ $(json "$out" "d['sql']") == *"2024-01-01"* ]] || fail "removed knowledge still recalled: $out"

# /api/v1/knowledge on askdb serve: upload (the body is the file), a refused upload (400,
# nothing stored), search with the three scores, soft delete.
export ASKDB_HOME="$work/serve_home"
port=$((20000 + RANDOM % 20000))
"$askdb" serve --port "$port" --db "$db" > "$work/serve.log" 2>&1 &
serve_pid=$!
# Wait for the server to exit before removing its home: it still writes there while it stops.
trap 'kill $serve_pid 2>/dev/null || true; wait $serve_pid 2>/dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 100); do grep -q "listening on" "$work/serve.log" && break; sleep 0.1; done
key=$(grep -o "askdb_[0-9a-f]*_[A-Za-z0-9_-]*" "$work/serve.log" | head -1)
[[ -n $key ]] || fail "serve did not start: $(cat "$work/serve.log")"
api() { curl -s -H "Authorization: Bearer $key" "$@"; }
url="http://127.0.0.1:$port/api/v1/knowledge"
out=$(api -H "Content-Type: application/pdf" -X POST "$url/documents?file_name=policy.pdf&chunker=sentence&chunk_size=120" \
  --data-binary "@$src/tests/data/knowledge/returns_policy.pdf" -w " %{http_code}")
[[ $out == *'"state":"indexed"'*" 201" ]] || fail "upload: $out"
id=$(json "${out% *}" "d['id']")
out=$(api -H "Content-Type: application/pdf" -X POST "$url/documents?file_name=locked.pdf" \
  --data-binary "@$src/tests/data/knowledge/returns_policy_encrypted.pdf" -w " %{http_code}")
[[ $out == *encrypted*" 400" ]] || fail "encrypted upload: $out"
[[ $(json "$(api "$url")" "len(d['items'])") == 1 ]] || fail "a refused upload was stored"
out=$(api -H "Content-Type: application/json" -X POST "$url/search" -d '{"query": "退货 三十天"}')
[[ $(json "$out" "d['hits'][0]['item_id']") == "$id" ]] || fail "search: $out"
[[ $(json "$out" "d['hits'][0]['keyword_score'] > 0 and d['hits'][0]['vector_score'] > 0 and d['hits'][0]['fused_score'] > 0") == True ]] \
  || fail "scores: $out"
# Routes that take no body, called as people do: `curl -X POST URL` sends no Content-Length.
out=$(api -X POST "$url/$id/reindex" -w " %{http_code}" --trace-ascii "$work/reindex.trace")
[[ $out == *'"state":"indexed"'*" 200" ]] || fail "bodiless POST …/{id}/reindex: $out"
grep -qi "content-length" <(sed -n '/=> Send header/,/<= Recv header/p' "$work/reindex.trace") \
  && fail "curl sent a Content-Length; the check needs a request without one"
out=$(api -X POST "$url/reindex" -w " %{http_code}")
[[ $out == '{"indexed":1} 200' ]] || fail "bodiless POST …/reindex: $out"
[[ $(api -X DELETE "$url/$id" -w "%{http_code}") == 204 ]] || fail "delete"
[[ $(json "$(api -H "Content-Type: application/json" -X POST "$url/search" -d '{"query": "退货 三十天"}')" "len(d['hits'])") == 0 ]] \
  || fail "a deleted item is still found"
echo "knowledge_e2e: all checks passed"
