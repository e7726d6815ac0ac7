// Business terms and agent knowledge reach `askdb mcp` (stdio) tool calls the way they reach
// `askdb serve` runs (issue 15), driven by the official MCP TypeScript SDK client. Run by
// ctest as mcp_terms_e2e:
//   node tests/mcp/mcp_terms_e2e.mjs ASKDB_BINARY
// On the demo database: `askdb serve` creates agent vip; `askdb kb term` stores the
// datasource's 大单 (> 6000, over the demo file's > 5000), vip's 大单 (> 8000), the
// datasource's 高价值客户 with its own period (近一年, resolved against the data's latest
// date) and a knowledge-only term 旺季; `askdb kb add --agent` gives vip a document. Then:
// - `askdb mcp` (agent default): generate_sql and ask answer 大单有多少 by the engine with the
//   datasource's term, 高价值客户有多少 with the term's period (rows equal to `askdb sql` of
//   the gold SQL), and a question left to the model gets the 旺季 term in its SQL prompt, but
//   not vip's document;
// - `askdb mcp --agent vip`: 大单 is vip's, the model's prompt holds vip's document, and
//   search_knowledge finds it.
import { spawn, spawnSync } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { finish, isolatedHome, makeChecks, same, stdioTransport, stopProcess as stop } from './e2e_lib.mjs'

const [askdb] = process.argv.slice(2)
if (!askdb) {
  console.error('usage: mcp_terms_e2e.mjs ASKDB_BINARY')
  process.exit(2)
}

const { check, counts } = makeChecks()

const { home, env } = isolatedHome('askdb-mcp-terms-')
const db = join(home, 'shop.sqlite')
const rules = join(home, 'llm.json')

// Left to the model; each rule answers only a prompt that holds the knowledge it needs.
const SEASON_QUESTION = '旺季最忠实的顾客是谁'
const SEASON_SQL = "SELECT customer_id, COUNT(*) AS orders FROM orders WHERE substr(order_date, 6, 2) IN ('11', '12') GROUP BY customer_id ORDER BY orders DESC LIMIT 5"
const SEASON_NOTE = '旺季指每年 11 月和 12 月'
const VIP_QUESTION = 'Which stores sold the most during the VIP week?'
const VIP_DOC = 'The VIP week runs from 2025-06-01 to 2025-06-07. Only platinum members are invited.'
const VIP_SQL = "SELECT store_id, COUNT(*) AS orders FROM orders WHERE order_date >= '2025-06-01' AND order_date < '2025-06-08' GROUP BY store_id ORDER BY orders DESC LIMIT 5"
const GUESS_SQL = 'SELECT store_id, COUNT(*) AS orders FROM orders GROUP BY store_id ORDER BY orders DESC LIMIT 5'
const HIGH_VALUE_GOLD = "SELECT COUNT(*) AS n FROM customers WHERE customer_id IN (SELECT customer_id FROM orders WHERE status = 'completed' AND order_date >= '2025-01-01' AND order_date < '2026-01-01' GROUP BY customer_id HAVING SUM(total_amount) > 10000)"

function cli(args, extra = {}) {
  const r = spawnSync(askdb, args, { env, encoding: 'utf8', timeout: 180_000, ...extra })
  if (r.status !== 0) throw new Error(`askdb ${args.join(' ')} exited ${r.status}: ${r.stderr}`)
  return r.stdout
}

async function startServe() {
  const server = spawn(askdb, ['serve', '--host', '127.0.0.1', '--port', '0', '--db', db, '--llm', `scripted:${rules}`], {
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

async function mcp(args) {
  const client = new Client({ name: 'askdb-mcp-terms-e2e', version: '1.0.0' })
  await client.connect(stdioTransport({ command: askdb, args: ['mcp', '--db', db, '--llm', `scripted:${rules}`, ...args], env, stderr: 'pipe' }))
  return client
}

const generate = async (client, question) => (await client.callTool({ name: 'generate_sql', arguments: { question } })).structuredContent

let serve
async function main() {
  cli(['demo', '--db', db, '--report', join(home, 'demo.html')])
  writeFileSync(
    rules,
    JSON.stringify([
      { match: `${SEASON_NOTE}[\\s\\S]*${SEASON_QUESTION}|${SEASON_QUESTION}[\\s\\S]*${SEASON_NOTE}`, reply: SEASON_SQL },
      { match: 'VIP week runs from 2025-06-01[\\s\\S]*during the VIP week\\?|during the VIP week\\?[\\s\\S]*VIP week runs from 2025-06-01', reply: VIP_SQL },
      // Without the knowledge the model can only guess.
      { match: '旺季最忠实|during the VIP week', reply: GUESS_SQL },
    ]),
  )
  // An agent exists only in the management store: askdb serve creates it.
  serve = await startServe()
  const headers = { Authorization: `Bearer ${serve.key}`, 'Content-Type': 'application/json' }
  const made = await fetch(`${serve.base}/api/v1/agents`, { method: 'POST', headers, body: JSON.stringify({ name: 'vip', datasource_id: 'default' }) })
  const vip = (await made.json()).id
  if (made.status !== 201 || !vip) throw new Error(`creating agent vip answered ${made.status}`)
  await stop(serve.server)

  cli(['kb', 'term', 'add', '大单', '--datasource', 'default', '--filter', 'orders.total_amount > 6000'])
  cli(['kb', 'term', 'add', '大单', '--agent', vip, '--filter', 'orders.total_amount > 8000'])
  cli(['kb', 'term', 'add', '高价值客户', '--datasource', 'default', '--synonym', 'high-value customers',
    '--filter', 'SUM(orders.total_amount) > 10000', '--where', "orders.status = 'completed'",
    '--subject', 'customers', '--period', '近一年', '--period-column', 'orders.order_date'])
  cli(['kb', 'term', 'add', '旺季', '--datasource', 'default', '--description', `${SEASON_NOTE}（双十一到年末）。`])
  writeFileSync(join(home, 'vip.md'), VIP_DOC)
  cli(['kb', 'add', join(home, 'vip.md'), '--agent', vip])
  // A period that does not bind is refused when saved, and nothing is stored.
  const refused = spawnSync(askdb, ['kb', 'term', 'add', '沉睡客户', '--datasource', 'default', '--filter', 'COUNT(orders.order_id) = 0', '--subject', 'customers', '--period', '近半年左右', '--period-column', 'orders.order_date'], { env, encoding: 'utf8' })
  check(refused.status === 3 && /'近半年左右' is not a relative period/.test(refused.stderr), 'a period askdb cannot read is refused when saved (exit 3, the period named)', refused.stderr)
  check(!cli(['kb', 'term', 'list', '--datasource', 'default', '--json']).includes('沉睡客户'), 'the refused term was not stored')
  const gold = JSON.parse(cli(['sql', '--json', '--db', db, HIGH_VALUE_GOLD]))

  // --- askdb mcp: agent default ---------------------------------------------------------------
  const client = await mcp([])
  const big = await generate(client, '大单有多少')
  check(big?.answered === true && big.source === 'engine' && /> 6000/.test(big.sql), "mcp: the datasource's stored term wins over the demo file's (engine, > 6000)", big)
  const high = await generate(client, '高价值客户有多少')
  check(high?.answered === true && high.source === 'engine' && high.sql.includes("'2025-01-01'") && high.sql.includes("'2026-01-01'"), "mcp: 高价值客户 is read with its own period, 近一年 of the data's latest date (engine)", high)
  for (const q of ['高价值客户有多少', 'how many high-value customers are there']) {
    const asked = (await client.callTool({ name: 'ask', arguments: { question: q } })).structuredContent
    check(asked?.status === 'answered' && same(asked.rows, gold.rows), `mcp: ask "${q}" counts the customers of 近一年 (rows equal askdb sql of the gold SQL)`, { asked: asked?.rows, gold: gold.rows })
  }
  const season = await generate(client, SEASON_QUESTION)
  check(season?.answered === true && season.source === 'llm' && season.sql === SEASON_SQL, "mcp: the model's SQL prompt holds the datasource's knowledge-only term (旺季)", season)
  const notVip = await generate(client, VIP_QUESTION)
  check(notVip?.answered === true && notVip.sql === GUESS_SQL, "mcp: agent vip's document is not in agent default's prompt", notVip)
  await client.close()

  // --- askdb mcp --agent vip ----------------------------------------------------------------
  const vipClient = await mcp(['--agent', vip])
  const vipBig = await generate(vipClient, '大单有多少')
  check(vipBig?.answered === true && vipBig.source === 'engine' && /> 8000/.test(vipBig.sql), "mcp --agent vip: the agent's 大单 wins its word (engine, > 8000)", vipBig)
  const vipHigh = await generate(vipClient, '高价值客户有多少')
  check(vipHigh?.answered === true && vipHigh.sql === high.sql, "mcp --agent vip: the datasource's terms still apply to the agent's runs", vipHigh)
  const week = await generate(vipClient, VIP_QUESTION)
  check(week?.answered === true && week.source === 'llm' && week.sql === VIP_SQL, "mcp --agent vip: the model's SQL prompt holds the agent's document", week)
  const found = (await vipClient.callTool({ name: 'search_knowledge', arguments: { query: 'VIP week platinum' } })).structuredContent
  check(found?.hits?.[0]?.text?.includes('VIP week runs from 2025-06-01') && found.hits[0].scope === `agent:${vip}`, "mcp --agent vip: search_knowledge finds the agent's document", found)
  await vipClient.close()
}

main()
  .catch((e) => {
    counts.failed++
    console.log(`FAIL  ${e.stack || e}`)
  })
  .finally(async () => {
    if (serve) await stop(serve.server)
    await finish(counts, home)
  })
