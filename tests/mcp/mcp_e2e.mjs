// askdb's MCP server end to end, driven by the official MCP TypeScript SDK client
// (@modelcontextprotocol/sdk, pinned by package-lock.json): over stdio to the real
// `askdb mcp`, and over Streamable HTTP to a real `askdb serve` on loopback (demo database,
// scripted model for the analysis plan). Run by ctest as mcp_sdk_e2e:
//   node tests/mcp/mcp_e2e.mjs ASKDB_BINARY
// Checks: the tools are listed with input and output schemas; every tool answers on the
// demo database, and ask / run_sql / generate_sql agree with `askdb ask --json` and
// `askdb sql --json` run here; progress notifications arrive for a run asked with a
// progress token; a plan-review run is approved, and a model's clarifying question answered,
// through ask with the thread id; a call the client cancels cancels its run (run history);
// an agent-scoped key sees only its agent, its datasource and its resources (not another
// agent's thread or another datasource), and not the admin's session; bad input —
// malformed JSON, an unknown method or tool, wrong argument types, a write in run_sql,
// a 10 MB argument — gets a JSON-RPC error or a tool error and the server keeps serving.
// search_knowledge: a document and a Q&A added with `askdb kb` are found with the same hits
// and keyword/vector/fused scores as `askdb kb search --json` (stdio) and
// /api/v1/knowledge/search (http); an agent-scoped key finds only its agent's knowledge.
// Users and data permissions (issue 18): two analysts whose rules keep only their region's
// row of regions and hide customers.name ask through ask and run_sql — over stdio
// (`askdb mcp --user`), over HTTP with a sign-in token and with an API key tied to the user
// (also on /api/v1/ask) — and each gets exactly their region's rows of the admin's answer;
// the hidden column is refused and absent from describe_schema and the resources.
import { spawn, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { finish, isolatedHome, makeChecks, same, stdioTransport, stopProcess } from './e2e_lib.mjs'

const [askdb] = process.argv.slice(2)
if (!askdb) {
  console.error('usage: mcp_e2e.mjs ASKDB_BINARY')
  process.exit(2)
}

const { check, counts } = makeChecks()

const { home, env } = isolatedHome('askdb-mcp-e2e-')
const db = join(home, 'retail.sqlite')
const rules = join(home, 'llm.json')

const QUESTION = '2024年各地区的销售额'
const SQL = 'SELECT channel, COUNT(*) AS orders, ROUND(SUM(total_amount), 2) AS revenue FROM orders GROUP BY channel ORDER BY revenue DESC'
const ANALYSIS = '做一份全面的销售分析报告'
const CLARIFIED_SQL = 'SELECT store_id, COUNT(*) AS orders FROM orders GROUP BY store_id ORDER BY orders DESC LIMIT 5'
// Questions the engine leaves to the model, for generate_sql.
const LOYAL_QUESTION = '谁是最忠实的顾客'
const LOYAL_SQL = 'SELECT customer_id, COUNT(*) AS orders FROM orders GROUP BY customer_id ORDER BY orders DESC LIMIT 5'
const UNBOUND_QUESTION = '哪家门店的招牌最气派'
const QUESTION_LIMIT = 4000 // agent::kMaxQuestionChars
const TOOLS = ['ask', 'generate_sql', 'run_sql', 'list_agents', 'list_datasources', 'describe_schema', 'search_knowledge']
// Knowledge unrelated to the questions above (so no run's answer changes with it).
const KB_DOC = 'Our fiscal year starts on April 1. The fiscal year FY2024 runs from 2024-04-01 to 2025-03-31.\n\nStore managers close the books on the fifth working day of each month.'
const KB_QUESTION = 'What is the refund window for online orders?'
const KB_ANSWER = 'Thirty days from delivery, with the receipt.'
const OTHER_QUESTION = 'Who approves a refund window exception?'
// Left to the model; its rule answers only a prompt that holds the document's fact.
const FISCAL_QUESTION = 'Who were the most loyal customers in fiscal year FY2024?'
const FISCAL_SQL = "SELECT customer_id, COUNT(*) AS orders FROM orders WHERE order_date >= '2024-04-01' AND order_date < '2025-04-01' GROUP BY customer_id ORDER BY orders DESC LIMIT 5"

function cli(args) {
  const r = spawnSync(askdb, args, { env, encoding: 'utf8', timeout: 180_000 })
  return { status: r.status, json: r.stdout ? JSON.parse(r.stdout) : null, stderr: r.stderr }
}

// The text a tool error carries.
const errorText = (r) => (r.isError ? r.content?.[0]?.text ?? '' : '')

async function rejects(promise) {
  try {
    await promise
    return null
  } catch (e) {
    return e
  }
}

// Every tool, called through `client`; `expected` holds what the CLI printed.
async function exerciseTools(client, label, expected) {
  const { tools } = await client.listTools()
  const names = tools.map((t) => t.name)
  check(same(names, TOOLS), `${label}: tools/list names the seven tools`, names)
  check(tools.every((t) => t.inputSchema?.type === 'object' && t.outputSchema?.type === 'object' && t.annotations?.readOnlyHint === true), `${label}: every tool has an inputSchema, an outputSchema and readOnlyHint`)

  // The question limit a client reads from tools/list is the one a run applies (docs/server.md
  // "The question limit": 4,000 characters, a Chinese character one): a question of exactly
  // maxLength runs, one character more is refused before a run.
  const limit = tools.find((t) => t.name === 'ask')?.inputSchema?.properties?.question?.maxLength
  check(limit === QUESTION_LIMIT, `${label}: ask's question maxLength is the question limit`, limit)
  const atLimit = await client.callTool({ name: 'ask', arguments: { question: '销'.repeat(limit) } })
  check(!/too long|at most/.test(errorText(atLimit)), `${label}: a question of exactly maxLength characters is not refused as too long`, errorText(atLimit).slice(0, 200))
  // A tool error or a JSON-RPC error, whichever the server answers.
  const overLimit = await client
    .callTool({ name: 'ask', arguments: { question: '销'.repeat(limit + 1) } })
    .then(errorText, (e) => e.message)
  check(/4,?000/.test(overLimit ?? ''), `${label}: one character over maxLength is refused, naming the limit`, overLimit)

  const agents = await client.callTool({ name: 'list_agents', arguments: {} })
  check(agents.structuredContent?.agents?.some((a) => a.id === 'default'), `${label}: list_agents lists agent default`, agents.structuredContent)
  const sources = await client.callTool({ name: 'list_datasources', arguments: {} })
  check(sources.structuredContent?.datasources?.[0]?.id === 'default', `${label}: list_datasources lists datasource default`, sources.structuredContent)

  // search_knowledge: the same hits and scores as the knowledge base's own search.
  const found = await client.callTool({ name: 'search_knowledge', arguments: { query: 'fiscal year FY2024 starts', top_k: 5 } })
  const k = found.structuredContent
  const strip = (hits) => (hits ?? []).map(({ source, ...rest }) => rest)
  check(!found.isError && k?.hits?.length > 0 && k.hits[0].text.includes('April 1') && k.hits[0].source?.file_name === 'fiscal.md' && k.hits[0].source?.kind === 'document', `${label}: search_knowledge finds the document's chunk with its source item`, k)
  check(k?.hits?.[0]?.keyword_score > 0 && k.hits[0].vector_score > 0 && k.hits[0].fused_score > 0 && k.hits[0].keyword_rank === 1, `${label}: the hit has keyword, vector and fused scores`, k?.hits?.[0])
  check(same(strip(k?.hits), expected.kbSearch.hits), `${label}: search_knowledge's hits and scores equal askdb kb search --json`, { mcp: strip(k?.hits), cli: expected.kbSearch.hits })
  const qa = (await client.callTool({ name: 'search_knowledge', arguments: { query: 'refund window online orders', types: ['qa'] } })).structuredContent
  check(qa?.hits?.length === 1 && qa.hits[0].type === 'qa' && qa.hits[0].source?.kind === 'qa' && qa.hits[0].text.includes('refund window'), `${label}: types ['qa'] returns only the Q&A`, qa)
  const kw = (await client.callTool({ name: 'search_knowledge', arguments: { query: 'fiscal year', mode: 'keyword', top_k: 1 } })).structuredContent
  check(kw?.mode === 'keyword' && kw.hits.length === 1 && kw.hits[0].vector_score === 0 && kw.hits[0].keyword_score > 0, `${label}: mode keyword uses the keyword channel only`, kw)
  const badType = await client.callTool({ name: 'search_knowledge', arguments: { query: 'x', types: ['term'] } })
  check(/must be one of/.test(errorText(badType)), `${label}: an unknown knowledge type is a tool error`, errorText(badType))
  const bothScopes = await client.callTool({ name: 'search_knowledge', arguments: { query: 'x', agent: 'default', datasource: 'default' } })
  check(/not both/.test(errorText(bothScopes)), `${label}: agent and datasource together are a tool error`, errorText(bothScopes))
  const tooMany = await client.callTool({ name: 'search_knowledge', arguments: { query: 'x', top_k: 500 } })
  check(/at most 50/.test(errorText(tooMany)), `${label}: top_k over 50 is a tool error`, errorText(tooMany))

  const basic = await client.callTool({ name: 'describe_schema', arguments: { level: 'basic' } })
  check(basic.structuredContent?.level === 'basic' && basic.structuredContent.text.includes('orders') && !basic.structuredContent.text.includes('total_amount REAL'), `${label}: describe_schema basic names the tables without columns`)
  const basicOne = await client.callTool({ name: 'describe_schema', arguments: { level: 'basic', tables: ['orders'] } })
  check(same(basicOne.structuredContent?.tables, ['orders']) && !basicOne.structuredContent.text.includes('# regions'), `${label}: describe_schema basic with tables lists only those`, basicOne.structuredContent?.tables)
  const unknownTable = await client.callTool({ name: 'describe_schema', arguments: { level: 'basic', tables: ['orders', 'no_such_table'] } })
  check(unknownTable.isError && /no_such_table/.test(errorText(unknownTable)), `${label}: describe_schema with an unknown table is a tool error naming it`, errorText(unknownTable))
  const detailed = await client.callTool({ name: 'describe_schema', arguments: { level: 'detailed', tables: ['orders'] } })
  check(same(detailed.structuredContent?.tables, ['orders']) && detailed.structuredContent.text.includes('total_amount'), `${label}: describe_schema detailed for one table has its columns`, detailed.structuredContent?.tables)

  const sql = await client.callTool({ name: 'run_sql', arguments: { sql: SQL } })
  const s = sql.structuredContent
  check(!sql.isError && same(s.rows, expected.sql.rows) && same(s.columns.map((c) => c.name), expected.sql.columns.map((c) => c.name)), `${label}: run_sql rows equal askdb sql --json`, { mcp: s?.rows, cli: expected.sql.rows })
  check(s?.chart?.option?.series !== undefined && same(s.chart, expected.sql.chart), `${label}: run_sql's chart (ECharts option) equals askdb sql --json's`, { mcp: s?.chart?.kind, cli: expected.sql.chart?.kind })

  let progress = 0
  const ask = await client.callTool({ name: 'ask', arguments: { question: QUESTION } }, undefined, { onprogress: () => progress++, timeout: 120_000 })
  const a = ask.structuredContent
  check(a?.status === 'answered' && a.sql === expected.ask.sql && same(a.rows, expected.ask.rows), `${label}: ask's SQL and rows equal askdb ask --json`, { mcp: [a?.sql, a?.rows], cli: [expected.ask.sql, expected.ask.rows] })
  // The answer cache (shared by ask, mcp and serve) may answer a repeated question.
  const sameRoute = a?.route === expected.ask.route || (a?.route === 'cache' && a.cost?.cache_hit === true)
  check(a?.answer === expected.ask.answer && sameRoute && same(a.chart, expected.ask.chart) && a.chart.option !== undefined && a.cost?.llm_calls === 0, `${label}: ask has the answer text, route (${a?.route}), chart and cost`, { answer: a?.answer, route: a?.route, cost: a?.cost })
  check(progress > 0, `${label}: progress notifications arrive for a run with a progress token (${progress})`)
  const followUp = (await client.callTool({ name: 'ask', arguments: { question: '那2023年呢？', thread_id: a.thread_id } })).structuredContent
  check(followUp?.thread_id === a.thread_id && followUp.status === 'answered' && followUp.sql.includes("'2023-01-01'"), `${label}: a follow-up with the thread id continues the conversation`, followUp?.sql)
  const gen = await client.callTool({ name: 'generate_sql', arguments: { question: QUESTION } })
  check(gen.structuredContent?.answered === true && gen.structuredContent.sql === expected.ask.sql && gen.structuredContent.source === 'engine' && gen.structuredContent.rows === undefined, `${label}: generate_sql writes ask's SQL without running it`, gen.structuredContent)
  // The engine abstains: the model writes the SQL, checked against the catalog, not run.
  const byModel = (await client.callTool({ name: 'generate_sql', arguments: { question: LOYAL_QUESTION } })).structuredContent
  check(byModel?.answered === true && byModel.source === 'llm' && byModel.sql === LOYAL_SQL && byModel.llm_calls === 1 && byModel.rows === undefined, `${label}: generate_sql falls back to the model when the engine abstains`, byModel)
  // askdb mcp's runs recall the knowledge base: generate_sql's SQL prompt has the document.
  if (label === 'stdio') {
    const fiscal = (await client.callTool({ name: 'generate_sql', arguments: { question: FISCAL_QUESTION } })).structuredContent
    check(fiscal?.answered === true && fiscal.source === 'llm' && fiscal.sql === FISCAL_SQL, `${label}: generate_sql's SQL prompt holds the knowledge base's document (fiscal year from April 1)`, fiscal)
  }
  // A model's statement naming a missing column is refused by the catalog check (and its
  // fix repeats it): not answered, saying why.
  const unbound = (await client.callTool({ name: 'generate_sql', arguments: { question: UNBOUND_QUESTION } })).structuredContent
  check(unbound?.answered === false && unbound.sql === '' && /no such column: store_nam/.test(unbound.reason), `${label}: generate_sql refuses the model's SQL that does not bind`, unbound)

  // A plan that waits for approval, approved through ask with the thread id.
  const plan = await client.callTool({ name: 'ask', arguments: { question: ANALYSIS } }, undefined, { timeout: 120_000 })
  const p = plan.structuredContent
  check(p?.status === 'needs_input' && p.thread_id && p.question.length > 0 && p.interrupt?.kind === 'plan_approval', `${label}: an analysis waits for plan approval with its question and thread id`, p)
  const approved = await client.callTool({ name: 'ask', arguments: { thread_id: p.thread_id, answer: 'approve' } }, undefined, { timeout: 180_000 })
  const done = approved.structuredContent
  check(done?.status === 'answered' && done.thread_id === p.thread_id && done.report !== undefined, `${label}: approving through ask runs the plan to its report`, done && { status: done.status, answer: done.answer })

  // A clarifying question, answered through ask with the thread id.
  const vague = (await client.callTool({ name: 'ask', arguments: { question: label === 'stdio' ? '各门店表现怎么样' : '门店的表现怎么样' } })).structuredContent
  check(vague?.status === 'needs_input' && vague.interrupt?.kind === 'clarification' && vague.question.includes('销售额'), `${label}: a clarification returns its question and thread id`, vague)
  const clarified = (await client.callTool({ name: 'ask', arguments: { thread_id: vague?.thread_id, answer: '只看订单数' } })).structuredContent
  check(clarified?.status === 'answered' && clarified.sql === CLARIFIED_SQL && same(clarified.rows, expected.clarified.rows), `${label}: answering it through ask finishes the run (rows equal askdb sql --json)`, clarified && { status: clarified.status, sql: clarified.sql })

  // Bad input: tool errors (the model may correct itself) or JSON-RPC errors.
  const unknownTool = await rejects(client.callTool({ name: 'drop_everything', arguments: {} }))
  check(unknownTool?.code === -32602 && /unknown tool/.test(unknownTool.message), `${label}: an unknown tool is JSON-RPC error -32602`, unknownTool?.message)
  const wrongType = await client.callTool({ name: 'run_sql', arguments: { sql: 42 } })
  check(/'sql' must be a string/.test(errorText(wrongType)), `${label}: a wrong argument type is a tool error naming it`, errorText(wrongType))
  const write = await client.callTool({ name: 'run_sql', arguments: { sql: 'DELETE FROM orders' } })
  check(write.isError && /permission_denied|not authorized|read-only|refused/i.test(errorText(write)), `${label}: a write statement in run_sql is refused`, errorText(write))
  const still = await client.callTool({ name: 'run_sql', arguments: { sql: 'SELECT COUNT(*) AS n FROM orders' } })
  check(still.structuredContent?.rows?.[0]?.[0] > 0, `${label}: the orders are all still there after the refused DELETE`)
  if (label === 'stdio') {
    const huge = await client.callTool({ name: 'ask', arguments: { question: 'x'.repeat(10 << 20) } }, undefined, { timeout: 60_000 })
    check(huge.isError && /at most/.test(errorText(huge)), `${label}: a 10 MB argument is a tool error`, errorText(huge).slice(0, 120))
  }
  // A call the client gives up on: notifications/cancelled stops its run.
  const abort = new AbortController()
  const startedAt = Date.now()
  setTimeout(() => abort.abort('the user gave up'), 800)
  const cancelled = await rejects(client.callTool({ name: 'ask', arguments: { question: '各门店的复购率' } }, undefined, { signal: abort.signal, timeout: 60_000 }))
  check(cancelled !== null && Date.now() - startedAt < 5000, `${label}: a cancelled call ends at once (${Date.now() - startedAt} ms)`, String(cancelled))
  await client.ping()
  check(true, `${label}: the server keeps serving (ping)`)
  return a.thread_id
}

// A raw `askdb mcp` fed lines the SDK would never send.
async function rawStdio() {
  const child = spawn(askdb, ['mcp', '--db', db], { env, stdio: ['pipe', 'pipe', 'pipe'] })
  const lines = createInterface({ input: child.stdout })
  const replies = []
  const waiters = []
  lines.on('line', (l) => {
    replies.push(JSON.parse(l))
    while (waiters.length) waiters.shift()()
  })
  const next = async (n) => {
    while (replies.length < n) await new Promise((r) => waiters.push(r))
  }
  const send = (text) => child.stdin.write(text + '\n')
  // tools/list sent right behind initialize, without waiting for its answer.
  send('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}')
  send('{"jsonrpc":"2.0","id":"early","method":"tools/list"}')
  await next(2)
  send('{"jsonrpc":"2.0","method":"notifications/initialized"}')
  send('{"jsonrpc": "2.0", "id": 2, "method": "tools/li')
  await next(3)
  send('{"jsonrpc":"2.0","id":3,"method":"prompts/get","params":{}}')
  await next(4)
  send('[{"jsonrpc":"2.0","id":4,"method":"ping"}]')
  await next(5)
  send('{"jsonrpc":"2.0","id":5,"method":"ping"}')
  await next(6)
  check(replies[0].result?.protocolVersion === '2025-06-18', 'raw stdio: initialize negotiates 2025-06-18')
  check(replies[1].id === 'early' && replies[1].result?.tools?.length === 7, 'raw stdio: a request sent right behind initialize is answered after it', replies[1])
  check(replies[2].error?.code === -32700 && replies[2].id === null, 'raw stdio: malformed JSON is error -32700', replies[2])
  check(replies[3].error?.code === -32601 && replies[3].id === 3, 'raw stdio: an unknown method is error -32601', replies[3])
  check(replies[4].error?.code === -32600, 'raw stdio: a batch is refused in 2025-06-18 (-32600)', replies[4])
  check(same(replies[5], { jsonrpc: '2.0', id: 5, result: {} }), 'raw stdio: still serving after bad input')
  child.stdin.end()
  const code = await new Promise((r) => child.on('exit', r))
  check(code === 0, `raw stdio: askdb mcp exits 0 when stdin closes (${code})`)
}

// The users and their rules: ann (华东) and bob (华南), analysts of agent default.
const USERS = { ann: { password: 'east-pass-1', region: '华东' }, bob: { password: 'south-pass-1', region: '华南' } }
function addUsers() {
  for (const [name, u] of Object.entries(USERS)) {
    const r = spawnSync(askdb, ['users', 'add', name, '--role', 'analyst', '--attr', `region=${u.region}`, '--agent', 'default'], { env: { ...env, ASKDB_PASSWORD: u.password }, encoding: 'utf8' })
    if (r.status !== 0) throw new Error(`askdb users add ${name} failed: ${r.stderr}`)
    for (const rule of [
      { grantee_kind: 'user', grantee: name, kind: 'row', table: 'regions', predicate: 'name_zh = {user.region}' },
      { grantee_kind: 'user', grantee: name, kind: 'hide', table: 'customers', column: 'name' },
    ]) {
      const added = spawnSync(askdb, ['--json', 'users', 'rule', 'add', '--db', db, JSON.stringify(rule)], { env, encoding: 'utf8' })
      if (added.status !== 0) throw new Error(`askdb users rule add failed: ${added.stderr}`)
    }
  }
}

// What `client`, acting as user `name`, sees through ask, run_sql, describe_schema and the
// resources; `everyone` is the admin's unfiltered answer to QUESTION.
async function checkUserView(client, label, name, everyone) {
  const { region } = USERS[name]
  const mine = everyone.rows.filter((row) => row.includes(region))
  const ask = (await client.callTool({ name: 'ask', arguments: { question: QUESTION } }, undefined, { timeout: 120_000 })).structuredContent
  check(mine.length === 1 && ask?.status === 'answered' && same(ask.rows, mine), `${label}: ask answers ${name} with only the ${region} row of the admin's answer`, { got: ask?.rows, want: mine })
  check(typeof ask?.permissions === 'string' && ask.permissions.includes(region), `${label}: the answer says which rows ${name} sees`, ask?.permissions)
  const regions = await client.callTool({ name: 'run_sql', arguments: { sql: 'SELECT name_zh FROM regions ORDER BY 1' } })
  check(!regions.isError && same(regions.structuredContent.rows, [[region]]), `${label}: run_sql as ${name} returns only the ${region} row`, regions.structuredContent?.rows ?? errorText(regions))
  const sneaky = await client.callTool({ name: 'run_sql', arguments: { sql: 'WITH r AS (SELECT * FROM "REGIONS") SELECT COUNT(*) AS n FROM r' } })
  check(!sneaky.isError && same(sneaky.structuredContent.rows, [[1]]), `${label}: a CTE over a quoted upper-case name is filtered too`, sneaky.structuredContent?.rows ?? errorText(sneaky))
  const hidden = await client.callTool({ name: 'run_sql', arguments: { sql: 'SELECT name FROM customers LIMIT 1' } })
  check(hidden.isError, `${label}: run_sql refuses ${name} the hidden column customers.name`, hidden.structuredContent)
  const visible = await client.callTool({ name: 'run_sql', arguments: { sql: 'SELECT COUNT(*) AS n FROM customers' } })
  check(!visible.isError && visible.structuredContent.rows[0][0] > 0, `${label}: the rest of customers stays readable`, errorText(visible))
  const schema = (await client.callTool({ name: 'describe_schema', arguments: { level: 'detailed', tables: ['customers'] } })).structuredContent
  // A column is a line "  name TYPE ..." inside its table's "customers(" ... ")" block.
  check(schema?.text?.includes('segment') && !/\n\s+name\b/.test(schema.text), `${label}: describe_schema shows ${name} customers without the hidden column`, schema?.text)
  const resource = (await client.readResource({ uri: 'askdb://datasources/default/schema' })).contents[0].text
  const start = resource.indexOf('customers(')
  const customersLine = start < 0 ? '' : resource.slice(start, resource.indexOf('\n)', start))
  check(customersLine.includes('segment') && !/\n\s+name\b/.test(customersLine), `${label}: the schema resource shows ${name} customers without the hidden column`, customersLine)
  const model = JSON.parse((await client.readResource({ uri: 'askdb://datasources/default/semantic-model' })).contents[0].text)
  const cols = (model.tables ?? []).find((t) => t.name === 'customers')?.columns?.map((c) => c.name) ?? []
  check(!cols.includes('name'), `${label}: the semantic-model resource shows ${name} no hidden column`, cols)
}

async function startServe() {
  const server = spawn(askdb, ['serve', '--host', '127.0.0.1', '--port', '0', '--db', db, '--llm', `scripted:${rules}`, '--review-plan'], {
    env,
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let stderr = ''
  const started = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`askdb serve did not start:\n${stderr}`)), 60_000)
    server.stderr.on('data', (d) => {
      stderr += d.toString()
      const listening = stderr.match(/listening on (http:\/\/[^\s]+)\r?\n/)
      const k = stderr.match(/(askdb_[0-9a-f]{16}_[A-Za-z0-9_-]{43})\s/)
      if (listening && k) {
        clearTimeout(timer)
        resolve({ base: listening[1], key: k[1] })
      }
    })
    server.on('exit', (code) => reject(new Error(`askdb serve exited (${code}):\n${stderr}`)))
  })
  return { server, ...started }
}

function httpClient(base, key) {
  const transport = new StreamableHTTPClientTransport(new URL(`${base}/mcp`), {
    requestInit: { headers: { Authorization: `Bearer ${key}` } },
  })
  return { client: new Client({ name: 'askdb-mcp-e2e', version: '1.0.0' }), transport }
}

// Raw HTTP requests the SDK would never send.
async function rawHttp(base, key) {
  const auth = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }
  const post = (body, headers = {}) => fetch(`${base}/mcp`, { method: 'POST', headers: { ...auth, ...headers }, body })
  const init = (version) => post(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 'raw', version: '1' } } }))

  const noKey = await fetch(`${base}/mcp`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
  check(noKey.status === 401, `raw http: no key answers 401 (${noKey.status})`)
  const evil = await post('{}', { Origin: 'http://evil.example' })
  check(evil.status === 403, `raw http: a foreign Origin answers 403 (${evil.status})`)
  const malformed = await post('{"jsonrpc": "2.0", "id": 1, "method": ')
  const m = await malformed.json()
  check(malformed.status === 400 && m.error?.code === -32700, 'raw http: malformed JSON is 400 with error -32700', m)
  const noSession = await post(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'ping' }))
  check(noSession.status === 400, `raw http: a request without Mcp-Session-Id answers 400 (${noSession.status})`)
  const get = await fetch(`${base}/mcp`, { headers: auth })
  check(get.status === 405, `raw http: GET /mcp answers 405 (${get.status})`)

  const opened = await init('2025-03-26')
  const session = opened.headers.get('mcp-session-id')
  const openedBody = await opened.json()
  check(session && openedBody.result?.protocolVersion === '2025-03-26', 'raw http: initialize opens a session (Mcp-Session-Id) and negotiates 2025-03-26')
  const inSession = { 'Mcp-Session-Id': session, 'MCP-Protocol-Version': '2025-03-26' }
  const notified = await post(JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' }), inSession)
  check(notified.status === 202, `raw http: a notification answers 202 (${notified.status})`)
  const unknown = await (await post(JSON.stringify({ jsonrpc: '2.0', id: 3, method: 'completion/complete', params: {} }), inSession)).json()
  check(unknown.error?.code === -32601, 'raw http: an unknown method is error -32601', unknown)
  const batch = await (await post(JSON.stringify([{ jsonrpc: '2.0', id: 4, method: 'ping' }, { jsonrpc: '2.0', id: 5, method: 'tools/list' }]), inSession)).json()
  check(Array.isArray(batch) && batch.length === 2 && batch[1].result?.tools?.length === 7 && batch[1].result.tools[0].outputSchema === undefined, 'raw http: a batch is answered in 2025-03-26 (tools without outputSchema)', batch)
  const wrongVersion = await post(JSON.stringify({ jsonrpc: '2.0', id: 6, method: 'ping' }), { ...inSession, 'MCP-Protocol-Version': '2025-06-18' })
  check(wrongVersion.status === 400, `raw http: a protocol version header unlike the session's answers 400 (${wrongVersion.status})`)
  const big = await post(JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'run_sql', arguments: { sql: 'x'.repeat(10 << 20) } } }), inSession)
  const bigBody = await big.json().catch(() => null)
  check(big.status === 413 && bigBody?.jsonrpc === '2.0' && bigBody.id === null && bigBody.error?.code === -32600 && /limit of 1048576 bytes/.test(bigBody.error.message), `raw http: a 10 MB body answers 413 with a JSON-RPC error naming the limit (${big.status})`, bigBody)
  // Just over the limit is still refused (the limit is not loosened for /mcp) ...
  const over = await post(JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'ping', params: { pad: 'x'.repeat(1 << 20) } }), inSession)
  check(over.status === 413 && (await over.json()).error?.code === -32600, `raw http: a body just over 1 MB is refused too (${over.status})`)
  // ... and another route keeps its own 413 document.
  const apiBig = await fetch(`${base}/api/v1/ask`, { method: 'POST', headers: auth, body: JSON.stringify({ question: 'x'.repeat(2 << 20) }) })
  const apiBody = await apiBig.json().catch(() => null)
  check(apiBig.status === 413 && apiBody?.error?.code === 'payload_too_large' && apiBody.jsonrpc === undefined, `raw http: /api/v1/ask's 413 stays the API's JSON error (${apiBig.status})`, apiBody)
  const alive = await (await post(JSON.stringify({ jsonrpc: '2.0', id: 8, method: 'ping' }), inSession)).json()
  check(same(alive, { jsonrpc: '2.0', id: 8, result: {} }), 'raw http: still serving after bad input', alive)
  const deleted = await fetch(`${base}/mcp`, { method: 'DELETE', headers: { ...auth, ...inSession } })
  const gone = await post(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'ping' }), inSession)
  check(deleted.status === 204 && gone.status === 404, `raw http: DELETE ends the session (${deleted.status}, then ${gone.status})`)
  const metrics = await (await fetch(`${base}/metrics`)).text()
  const counted = metrics.split('\n').filter((l) => l.startsWith('askdb_http_requests_total') && l.includes('"/mcp"'))
  check(counted.some((l) => l.includes('"POST"') && l.includes('"200"')) && counted.some((l) => l.includes('"404"')), 'raw http: /mcp requests are counted in askdb_http_requests_total', counted)
}

let serve
async function main() {
  const demo = spawnSync(askdb, ['demo', '--db', db, '--report', join(home, 'demo.html')], { env, encoding: 'utf8', timeout: 180_000 })
  if (demo.status !== 0) throw new Error(`askdb demo failed: ${demo.stderr}`)
  // The engine answers the data questions alone; the analysis asks the model for its plan,
  // a sufficiency check and the report.
  writeFileSync(
    rules,
    JSON.stringify([
      {
        match: '分析规划器',
        json: {
          title: '销售分析',
          steps: [
            { step_num: 1, tool: 'execute_sql', purpose: '各渠道销售额', input: 'SELECT channel, SUM(total_amount) AS revenue FROM orders GROUP BY channel ORDER BY revenue DESC', query_type: 'aggregation' },
            { step_num: 2, tool: 'execute_sql', purpose: '每年订单数', input: 'SELECT substr(order_date, 1, 4) AS year, COUNT(*) AS orders FROM orders GROUP BY year ORDER BY year', query_type: 'trend' },
          ],
        },
      },
      { match: '是否足以很好地回答', json: { sufficient: true, reason: '两部分都已回答', confidence: 0.9 } },
      { match: '撰写分析报告', json: { title: '销售分析', summary: '线上渠道销售额最高。', findings: ['线上渠道领先'], recommendations: ['继续投入线上渠道'] } },
      { match: '最忠实的顾客', reply: LOYAL_SQL },
      { match: 'FY2024 runs from 2024-04-01 to 2025-03-31[\\s\\S]*most loyal customers in fiscal year FY2024|most loyal customers in fiscal year FY2024[\\s\\S]*FY2024 runs from 2024-04-01 to 2025-03-31', reply: FISCAL_SQL },
      // The first reply, and its fix (the prompt then holds the failed SQL), name no column.
      { match: '招牌最气派|SELECT store_nam FROM stores', reply: 'SELECT store_nam FROM stores LIMIT 1' },
      // A question the engine leaves to the model, which asks back first.
      { match: '只看订单数', reply: CLARIFIED_SQL },
      { match: '表现怎么样', json: { needs_clarification: '“表现”指销售额、订单数还是利润？' } },
      // Slow on purpose: this run is cancelled by the client while it waits for the model.
      { match: '复购率', reply: 'SELECT store_id, COUNT(*) AS orders FROM orders GROUP BY store_id ORDER BY orders DESC LIMIT 10', latency_ms: 6000 },
    ]),
  )
  const expected = {
    ask: cli(['ask', '--json', '--db', db, QUESTION]).json,
    sql: cli(['sql', '--json', '--db', db, SQL]).json,
    clarified: cli(['sql', '--json', '--db', db, CLARIFIED_SQL]).json,
  }
  if (!expected.ask?.sql || !expected.sql?.rows) throw new Error('askdb ask/sql --json gave no result to compare with')
  // The knowledge base (same management database as askdb mcp and serve), added after the
  // runs above so that their answers are the ones without it.
  writeFileSync(join(home, 'fiscal.md'), KB_DOC)
  const doc = cli(['kb', 'add', join(home, 'fiscal.md'), '--json'])
  const pair = cli(['kb', 'add', '--qa', KB_QUESTION, KB_ANSWER, '--json'])
  if (doc.status !== 0 || pair.status !== 0) throw new Error(`askdb kb add failed: ${doc.stderr}${pair.stderr}`)
  expected.kbSearch = cli(['kb', 'search', 'fiscal year FY2024 starts', '--top', '5', '--json']).json
  if (!expected.kbSearch?.hits?.length) throw new Error('askdb kb search --json found nothing to compare with')
  addUsers()

  // --- stdio ---------------------------------------------------------------------------------
  const stdio = stdioTransport({ command: askdb, args: ['mcp', '--db', db, '--llm', `scripted:${rules}`, '--review-plan'], env, stderr: 'pipe' })
  const client = new Client({ name: 'askdb-mcp-e2e', version: '1.0.0' })
  await client.connect(stdio)
  check(client.getServerVersion()?.name === 'askdb' && client.getServerCapabilities()?.tools !== undefined, 'stdio: initialize names askdb and offers tools')
  const cliVersion = spawnSync(askdb, ['--version'], { env, encoding: 'utf8' }).stdout.trim()
  check(`askdb ${client.getServerVersion()?.version}` === cliVersion, 'stdio: serverInfo.version is the build askdb --version names', { serverInfo: client.getServerVersion(), cliVersion })
  const { resources } = await client.listResources()
  const schemaUri = resources.find((r) => r.uri.endsWith('/schema'))?.uri
  const modelUri = resources.find((r) => r.uri.endsWith('/semantic-model'))?.uri
  check(schemaUri === 'askdb://datasources/default/schema' && modelUri === 'askdb://datasources/default/semantic-model', 'stdio: resources are the datasource schema and semantic model', resources.map((r) => r.uri))
  const schemaText = (await client.readResource({ uri: schemaUri })).contents[0].text
  const model = JSON.parse((await client.readResource({ uri: modelUri })).contents[0].text)
  check(schemaText.includes('orders(') && model.tables !== undefined, 'stdio: the resources read as the schema text and the model JSON')
  const missing = await rejects(client.readResource({ uri: 'askdb://datasources/nope/schema' }))
  check(missing?.code === -32002, 'stdio: an unknown resource is error -32002', missing?.message)
  await exerciseTools(client, 'stdio', expected)
  await new Promise((r) => setTimeout(r, 1500))  // see the cancelled runs' durations below
  await client.close()
  await rawStdio()
  // askdb mcp --user: the signed-in user's session (password from ASKDB_PASSWORD).
  const asAnn = stdioTransport({ command: askdb, args: ['mcp', '--db', db, '--llm', `scripted:${rules}`, '--user', 'ann'], env: { ...env, ASKDB_PASSWORD: USERS.ann.password }, stderr: 'pipe' })
  const annStdio = new Client({ name: 'askdb-mcp-e2e', version: '1.0.0' })
  await annStdio.connect(asAnn)
  await checkUserView(annStdio, 'stdio --user ann', 'ann', expected.ask)
  await annStdio.close()
  const wrong = spawnSync(askdb, ['mcp', '--db', db, '--user', 'ann'], { env: { ...env, ASKDB_PASSWORD: 'not-the-password' }, input: '', encoding: 'utf8', timeout: 60_000 })
  check(wrong.status !== 0 && /password/.test(wrong.stderr) && wrong.stdout === '', `stdio: a wrong password ends askdb mcp --user before serving (exit ${wrong.status})`, wrong.stderr)

  // --- Streamable HTTP -----------------------------------------------------------------------
  const started = await startServe()
  serve = started.server
  const { base, key } = started
  const admin = httpClient(base, key)
  await admin.client.connect(admin.transport)
  check(admin.transport.sessionId?.startsWith('mcp_'), 'http: the SDK client holds an MCP session id')
  const adminThread = await exerciseTools(admin.client, 'http', expected)

  // A signed-in user (bearer session token) and a key tied to a user (/api/v1/users/{name}/keys).
  const adminHeaders = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }
  const login = await (await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'ann', password: USERS.ann.password }) })).json()
  const annHttp = httpClient(base, login.token)
  await annHttp.client.connect(annHttp.transport)
  await checkUserView(annHttp.client, 'http token ann', 'ann', expected.ask)
  const annAgents = (await annHttp.client.callTool({ name: 'list_agents', arguments: {} })).structuredContent.agents.map((a) => a.id)
  check(same(annAgents, ['default']), 'http: a signed-in analyst lists only the agents granted to them', annAgents)
  const bobIssued = await fetch(`${base}/api/v1/users/bob/keys`, { method: 'POST', headers: adminHeaders, body: '{}' })
  const bobKey = await bobIssued.json()
  check(bobIssued.status === 201 && bobKey.scope === 'user:bob' && /^askdb_/.test(bobKey.key), `http: an admin issues a key tied to user bob (${bobIssued.status})`, bobKey)
  const bobList = (await (await fetch(`${base}/api/v1/users/bob/keys`, { headers: adminHeaders })).json()).keys
  check(bobList?.length === 1 && bobList[0].id === bobKey.id && bobList[0].key === undefined, "http: bob's keys are listed without secrets", bobList)
  const nobody = await fetch(`${base}/api/v1/users/nobody/keys`, { method: 'POST', headers: adminHeaders, body: '{}' })
  check(nobody.status === 404, `http: no key for a user that does not exist (${nobody.status})`)
  const notAdmin = await fetch(`${base}/api/v1/users/ann/keys`, { method: 'POST', headers: { Authorization: `Bearer ${bobKey.key}`, 'Content-Type': 'application/json' }, body: '{}' })
  check(notAdmin.status === 403, `http: bob's key cannot issue keys (${notAdmin.status})`)
  const bobHttp = httpClient(base, bobKey.key)
  await bobHttp.client.connect(bobHttp.transport)
  await checkUserView(bobHttp.client, "http bob's key", 'bob', expected.ask)
  const bobApi = await (await fetch(`${base}/api/v1/ask`, { method: 'POST', headers: { Authorization: `Bearer ${bobKey.key}`, 'Content-Type': 'application/json' }, body: JSON.stringify({ query: QUESTION }) })).json()
  check(same(bobApi.result?.rows, expected.ask.rows.filter((r) => r.includes(USERS.bob.region))), "http: bob's key on /api/v1/ask gets only bob's rows too", bobApi.result?.rows)
  const stolen = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${bobKey.key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': annHttp.transport.sessionId },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  })
  check(stolen.status === 404, `http: bob's key cannot use ann's session (${stolen.status})`)
  await annHttp.client.close()
  await bobHttp.client.close()
  const revoked = await fetch(`${base}/api/v1/users/bob/keys/${bobKey.id}`, { method: 'DELETE', headers: adminHeaders })
  const afterRevoke = await fetch(`${base}/api/v1/me`, { headers: { Authorization: `Bearer ${bobKey.key}` } })
  check(revoked.status === 204 && afterRevoke.status === 401, `http: a revoked user key stops working (${revoked.status}, then ${afterRevoke.status})`)

  // An agent-scoped key sees only its agent.
  const headers = { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' }
  const made = await fetch(`${base}/api/v1/agents`, { method: 'POST', headers, body: JSON.stringify({ id: 'other', name: 'Other agent' }) })
  check(made.status === 201, `http: agent 'other' created (${made.status})`)
  const issued = await (await fetch(`${base}/api/v1/agents/other/keys`, { method: 'POST', headers, body: '{}' })).json()
  const scoped = httpClient(base, issued.key)
  await scoped.client.connect(scoped.transport)
  const seen = (await scoped.client.callTool({ name: 'list_agents', arguments: {} })).structuredContent.agents.map((a) => a.id)
  check(same(seen, ['other']), 'http: an agent-scoped key lists only its agent', seen)
  const foreign = await scoped.client.callTool({ name: 'ask', arguments: { question: QUESTION, agent: 'default' } })
  check(foreign.isError && /no agent 'default'/.test(errorText(foreign)), 'http: an agent-scoped key cannot run another agent', errorText(foreign))
  const foreignThread = await scoped.client.callTool({ name: 'ask', arguments: { question: '那2023年呢？', thread_id: adminThread } })
  check(foreignThread.isError && /not_found/.test(errorText(foreignThread)), "http: an agent-scoped key cannot continue another agent's thread", errorText(foreignThread))
  // Knowledge: agent other's Q&A (added through the HTTP API) is found by its key, agent
  // default's is not; the admin finds both, with the scores the HTTP search gives.
  const otherPair = await fetch(`${base}/api/v1/knowledge`, { method: 'POST', headers, body: JSON.stringify({ agent: 'other', kind: 'qa', question: OTHER_QUESTION, answer: 'The store manager, in writing.' }) })
  check(otherPair.status === 201, `http: a Q&A for agent other added through /api/v1/knowledge (${otherPair.status})`)
  const scopedKb = (await scoped.client.callTool({ name: 'search_knowledge', arguments: { query: 'refund window', top_k: 10 } })).structuredContent
  check(scopedKb?.hits?.length === 1 && scopedKb.hits[0].text === OTHER_QUESTION && same(scopedKb.scopes, ['agent:other', 'datasource:default']), "http: an agent-scoped key finds only its agent's knowledge", scopedKb)
  const scopedForeign = await scoped.client.callTool({ name: 'search_knowledge', arguments: { query: 'refund window', agent: 'default' } })
  check(scopedForeign.isError && /no agent 'default'/.test(errorText(scopedForeign)), "http: an agent-scoped key cannot search another agent's knowledge", errorText(scopedForeign))
  const adminKb = (await admin.client.callTool({ name: 'search_knowledge', arguments: { query: 'refund window', top_k: 10 } })).structuredContent
  const httpKb = await (await fetch(`${base}/api/v1/knowledge/search`, { method: 'POST', headers, body: JSON.stringify({ query: 'refund window', top_k: 10 }) })).json()
  const texts = (adminKb?.hits ?? []).map((h) => h.text)
  check(texts.includes(OTHER_QUESTION) && texts.includes(KB_QUESTION) && same((adminKb?.hits ?? []).map(({ source, ...rest }) => rest), httpKb.hits), 'http: the admin finds both agents\' Q&A, with the hits and scores of /api/v1/knowledge/search', { mcp: adminKb?.hits, api: httpKb.hits })
  const adminDefault = (await admin.client.callTool({ name: 'search_knowledge', arguments: { query: 'refund window', agent: 'default', top_k: 10 } })).structuredContent
  check(adminDefault?.hits?.every((h) => h.scope === 'agent:default') && adminDefault.hits.some((h) => h.text === KB_QUESTION), "http: agent default's scope finds only its knowledge", adminDefault)
  const own = await scoped.client.callTool({ name: 'ask', arguments: { question: QUESTION } })
  check(own.structuredContent?.status === 'answered' && same(own.structuredContent.rows, expected.ask.rows), 'http: an agent-scoped key asks its own agent')
  // The admin's cancelled call (in exerciseTools) cancelled its run on the server.
  const runs = (await (await fetch(`${base}/api/v1/runs`, { headers })).json()).runs
  check(runs.some((r) => r.state === 'cancelled'), 'http: notifications/cancelled cancelled the run on the server', runs.map((r) => r.state))
  // Both cancelled calls (stdio's, in the same store, and this one) are in the run history.
  let history = []
  for (let i = 0; i < 40 && history.length < 2; i++) {
    history = (await (await fetch(`${base}/api/v1/runs/history?outcome=cancelled`, { headers })).json()).runs.filter((r) => r.question === '各门店的复购率')
    if (history.length < 2) await new Promise((r) => setTimeout(r, 250))
  }
  // Cancelled when the client said so (~0.8 s), not when stdin closed 1.5 s later.
  check(history.length === 2 && history.every((h) => h.duration_ms < 1500), `stdio and http: the cancelled runs are recorded as cancelled when the client cancelled (${history.map((h) => h.duration_ms)} ms)`, history)
  // An agent's table selection is its view of the schema.
  const put = await fetch(`${base}/api/v1/agents/other`, { method: 'PUT', headers, body: JSON.stringify({ selected_tables: ['orders', 'stores'] }) })
  const view = (await scoped.client.callTool({ name: 'describe_schema', arguments: { level: 'basic' } })).structuredContent
  check(put.status === 200 && same(view?.tables, ['orders', 'stores']), "http: describe_schema shows the agent's selected tables", view?.tables)
  // ... and the only tables its run_sql reads.
  const joined = await scoped.client.callTool({ name: 'run_sql', arguments: { sql: 'SELECT s.name, COUNT(*) AS n FROM orders o JOIN stores s ON s.store_id = o.store_id GROUP BY s.name ORDER BY n DESC' } })
  check(!joined.isError && joined.structuredContent.rows.length > 0, 'http: run_sql reads the agent\'s selected tables', errorText(joined))
  for (const sql of ['SELECT COUNT(*) FROM customers', 'SELECT COUNT(*) FROM main."Customers"', 'SELECT o.order_id FROM orders o WHERE o.customer_id IN (SELECT customer_id FROM `customers`)']) {
    const refused = await scoped.client.callTool({ name: 'run_sql', arguments: { sql } })
    check(refused.isError && /the table customers is not available to you: agent 'other' may read only its selected tables \(orders, stores\)/.test(errorText(refused)), `http: run_sql refuses a table outside the agent's selection: ${sql}`, errorText(refused))
  }
  const catalog = await scoped.client.callTool({ name: 'run_sql', arguments: { sql: 'SELECT sql FROM sqlite_master' } })
  check(catalog.isError && /sqlite_master/.test(errorText(catalog)), "http: run_sql refuses SQLite's catalog to an agent with a selection", errorText(catalog))
  const adminReads = await admin.client.callTool({ name: 'run_sql', arguments: { sql: 'SELECT COUNT(*) AS n FROM customers' } })
  check(!adminReads.isError && adminReads.structuredContent.rows[0][0] > 0, 'http: the default agent (no selection) still reads every table')
  // A second datasource: the admin sees it, agent other's key (on datasource default) does not.
  const second = await fetch(`${base}/api/v1/datasources`, { method: 'POST', headers, body: JSON.stringify({ id: 'second', name: 'Second', url: `sqlite:${db}` }) })
  const adminSources = (await admin.client.callTool({ name: 'list_datasources', arguments: {} })).structuredContent.datasources.map((d) => d.id)
  const scopedSources = (await scoped.client.callTool({ name: 'list_datasources', arguments: {} })).structuredContent.datasources
  check(second.status === 201 && adminSources.includes('second') && same(scopedSources.map((d) => d.id), ['default']) && scopedSources[0].url === undefined, "http: an agent-scoped key lists only its agent's datasource, without its URL", { adminSources, scopedSources })
  const scopedResources = (await scoped.client.listResources()).resources.map((r) => r.uri)
  const deniedResource = await rejects(scoped.client.readResource({ uri: 'askdb://datasources/second/schema' }))
  const adminResource = (await admin.client.readResource({ uri: 'askdb://datasources/second/schema' })).contents[0].text
  check(scopedResources.every((u) => u.startsWith('askdb://datasources/default/')) && deniedResource?.code === -32002 && adminResource.includes('orders('), "http: an agent-scoped key cannot list or read another datasource's resources", { scopedResources, denied: deniedResource?.message })
  const hijack = await fetch(`${base}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${issued.key}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Mcp-Session-Id': admin.transport.sessionId },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
  })
  check(hijack.status === 404, `http: another key cannot use the admin's session (${hijack.status})`)
  await scoped.client.close()
  await admin.client.close()
  await rawHttp(base, key)
}

main()
  .catch((e) => {
    counts.failed++
    console.log(`FAIL  ${e.stack || e}`)
  })
  .finally(async () => {
    await stopProcess(serve)
    await finish(counts, home)
  })
