// The web UI end to end: the real `askdb serve` (demo database, scripted model) on
// loopback, driven in Debian's headless Chromium through puppeteer-core (no browser is
// downloaded). Run by ctest as web_ui_e2e:
//   node web/e2e/ui_e2e.mjs ASKDB_BINARY OUT_DIR
// Checks: the UI is served with its headers; sign-in (a wrong key shows the error, the key
// never appears in a URL); "2024年各地区的销售额" streams to a table whose values equal the
// API's rows and a chart whose canvas is drawn; the first screen's JS+CSS (gzip, without
// the ECharts chunk) stays within 350 KB; a plan waits for approval, still waits after a
// reload, and runs to a report once approved; a revoked agent key returns to sign-in with
// the message; an analyst made on the users page, under a row rule made on the permissions
// page, signs in with a password and sees only their region (users_scenario.mjs); an editor
// account gets exactly the admin pages the server lets editors use (editor_scenario.mjs).
// Screenshots go to OUT_DIR.
import { spawn, spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import puppeteer from 'puppeteer-core'
import { adminFlow, clarifyRenameAndCost, deleteSession, hugePaste, knowledgePage, notAnsweredReply, parseCsv, semanticCsv, tablesButton } from './scenarios.mjs'
import { failedModelTestStays, runsAndRelations } from './admin_pages.mjs'
import { termsPage } from './terms_scenario.mjs'
import { editorPages } from './editor_scenario.mjs'
import { usersAndPermissions } from './users_scenario.mjs'
import { planAfterRestart } from './restart_scenario.mjs'
import { walkPages } from './walk_pages.mjs'

const [askdb, outDir] = process.argv.slice(2)
if (!askdb || !outDir) {
  console.error('usage: ui_e2e.mjs ASKDB_BINARY OUT_DIR')
  process.exit(2)
}
const chromium = process.env.CHROMIUM ?? '/usr/bin/chromium'
const FIRST_SCREEN_LIMIT = 350 * 1024
// Element Plus puts data-* attributes on the inner <input>/<textarea>.
const KEY = 'input[data-testid=key]'
const Q = 'textarea[data-testid=question]'
mkdirSync(outDir, { recursive: true })

let passed = 0
let failed = 0
function check(ok, what, detail = '') {
  if (ok) {
    passed++
    console.log(`ok    ${what}`)
  } else {
    failed++
    console.log(`FAIL  ${what}${detail ? `: ${detail}` : ''}`)
  }
  return ok
}

const home = mkdtempSync(join(tmpdir(), 'askdb-web-e2e-'))
const env = {
  ...process.env,
  HOME: home,
  XDG_DATA_HOME: join(home, 'data'),
  XDG_CONFIG_HOME: join(home, 'config'),
  XDG_CACHE_HOME: join(home, 'cache'),
  ASKDB_LOG_LEVEL: 'warn',
}
delete env.ASKDB_HOME
delete env.ASKDB_SECRET_KEY
delete env.ASKDB_SERVER_STORE_URL
const db = join(home, 'retail.sqlite')
const rules = join(home, 'llm.json')

let server
let browser
let lastPage
async function main() {
  const demo = spawnSync(askdb, ['demo', '--db', db, '--report', join(home, 'demo.html')], { env, encoding: 'utf8', timeout: 180_000 })
  if (demo.status !== 0) throw new Error(`askdb demo failed: ${demo.stderr}`)
  // The scripted model answers only what the engine cannot; these questions need no model.
  // The multi-step analysis asks the model for its plan, a sufficiency check and the report.
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
      // A question the model asks about; once answered, the model writes the SQL.
      { match: '(?s)补充说明.*needs_clarification', json: { sql: 'SELECT store_id, COUNT(*) AS orders FROM orders GROUP BY store_id ORDER BY orders DESC LIMIT 10' } },
      { match: '(?s)经营表现.*needs_clarification', json: { needs_clarification: '“经营表现”是指销售额还是订单数？' } },
      { match: '经营表现', reply: '订单最多的门店排在最前。' },
      // The agent of the admin flow: its datasource (a copy of the demo file) has no semantic model.
      { match: '(?s)每个门店的订单数.*needs_clarification', json: { sql: 'SELECT s.name, COUNT(*) AS orders FROM orders o JOIN stores s ON s.store_id = o.store_id GROUP BY s.name ORDER BY orders DESC' } },
      { match: '每个门店的订单数', reply: '各门店的订单数已按多到少排列。' },
      // Slow on purpose: the page is reloaded while the run waits for the model.
      { match: '复购率', reply: 'SELECT store_id, COUNT(*) AS orders FROM orders GROUP BY store_id ORDER BY orders DESC LIMIT 10', latency_ms: 2500 },
      // Stopped while the model works (another question: a repeated one is answered from the cache).
      { match: '回头客', reply: 'SELECT store_id, COUNT(DISTINCT customer_id) AS customers FROM orders GROUP BY store_id', latency_ms: 5000 },
      // Not answerable: the reply is marked 未能回答 (notAnsweredReply).
      { match: '(?s)火星基地.*needs_clarification', json: { not_answerable: '数据里没有火星基地的门店。' } },
      // A ratio and money in one answer: the table reads them as the CLI does (3.84%, 2,328.60).
      { match: '澜沧指标', reply: 'SELECT channel, SUM(discount_amount) / SUM(total_amount) AS discount_rate, SUM(total_amount) AS revenue FROM orders GROUP BY channel ORDER BY revenue DESC' },
    ]),
  )

  // The management store and checkpoints are files in the data directory, so a server
  // started again on the same port (restartServer) finds what the first one stored.
  const startServer = (port, needKey) => {
    server = spawn(askdb, ['serve', '--host', '127.0.0.1', '--port', String(port), '--db', db, '--llm', `scripted:${rules}`, '--review-plan'], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`askdb serve did not start:\n${stderr}`)), 60_000)
      server.stderr.on('data', (d) => {
        stderr += d.toString()
        const listening = stderr.match(/listening on (http:\/\/[^\s]+)\r?\n/)
        const k = stderr.match(/(askdb_[0-9a-f]{16}_[A-Za-z0-9_-]{43})\s/)
        if (listening && (k || !needKey)) {
          clearTimeout(timer)
          resolve({ base: listening[1], key: k?.[1] })
        }
      })
      server.on('exit', (code) => reject(new Error(`askdb serve exited (${code}):\n${stderr}`)))
    })
  }
  const { base, key } = await startServer(0, true)
  const auth = { Authorization: `Bearer ${key}` }
  // Kills the server without warning (nothing is flushed on the way out) and starts it again
  // on the same address, so the pages' origin and stored key still hold.
  const restartServer = async () => {
    const old = server
    old.removeAllListeners('exit')
    const gone = new Promise((r) => old.once('exit', r))
    old.kill('SIGKILL')
    await gone
    const again = await startServer(Number(new URL(base).port), false)
    return again.base === base
  }

  // --- the UI is served, with its headers ---------------------------------------------
  const index = await fetch(`${base}/chat/some-thread`, { headers: { 'Accept-Encoding': 'gzip' } })
  const csp = index.headers.get('content-security-policy') ?? ''
  check(index.status === 200 && (index.headers.get('content-type') ?? '').startsWith('text/html'), 'SPA fallback serves index.html for a client route')
  check(index.headers.get('cache-control') === 'no-cache', 'index.html is no-cache', index.headers.get('cache-control'))
  const scriptSrc = csp.match(/script-src [^;]*/)?.[0] ?? ''
  check(scriptSrc === "script-src 'self'" && csp.includes("frame-ancestors 'none'"), 'CSP without inline script, not framed', csp)
  check(index.headers.get('x-content-type-options') === 'nosniff', 'X-Content-Type-Options: nosniff')
  const html = await index.text()
  const asset = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1]
  const js = await fetch(`${base}${asset}`, { headers: { 'Accept-Encoding': 'gzip' } })
  check(
    js.headers.get('cache-control') === 'public, max-age=31536000, immutable' && js.headers.get('content-encoding') === 'gzip',
    'hashed assets are immutable and precompressed',
    `${js.headers.get('cache-control')} ${js.headers.get('content-encoding')}`,
  )
  await js.arrayBuffer()
  const embed = await fetch(`${base}/embed/default`)
  check((embed.headers.get('content-security-policy') ?? '').includes("frame-ancestors 'self'"), 'the embed page may be framed by the configured ancestors')
  const health = await fetch(`${base}/healthz`)
  check(health.status === 200 && (await health.json()).status === 'ok', '/healthz is not shadowed by the UI')
  const unknownApi = await fetch(`${base}/api/v1/nope`, { headers: auth })
  check(unknownApi.status === 404 && (unknownApi.headers.get('content-type') ?? '').includes('json'), 'an unknown /api path answers a JSON 404, not the UI')

  // The API's own answer, to compare the table with.
  const apiAnswer = await (
    await fetch(`${base}/api/v1/ask`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({ query: '2024年各地区的销售额' }),
    })
  ).json()
  const apiRows = apiAnswer.result?.rows ?? []
  check(apiRows.length > 0, 'the API answers the question with rows', JSON.stringify(apiAnswer).slice(0, 300))

  // --- the browser -----------------------------------------------------------------------
  browser = await puppeteer.launch({
    executablePath: chromium,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--lang=zh-CN', '--no-first-run', '--disable-background-networking'],
    defaultViewport: { width: 1366, height: 900 },
  })
  // Every page: the browser's language (navigator.languages) is Chinese, as a person's in
  // China would be; and no CSS transitions or animations, so that a click never lands on a
  // dialog's mask while it fades (Element Plus waits for the transition's end; with none it
  // finishes at once) — what the page does is tested, not the timing of its effects.
  const preparePage = async (p) => {
    await (await p.createCDPSession()).send('Network.setUserAgentOverride', { userAgent: await browser.userAgent(), acceptLanguage: 'zh-CN,zh' })
    await p.evaluateOnNewDocument(() => {
      const style = document.createElement('style')
      style.textContent = '*, *::before, *::after { transition: none !important; animation: none !important; }'
      document.addEventListener('DOMContentLoaded', () => document.head.appendChild(style))
    })
    return p
  }
  const page = await preparePage(await browser.newPage())
  lastPage = page
  const consoleErrors = []
  page.on('console', (m) => {
    if (m.type() === 'error') consoleErrors.push(m.text())
  })
  page.on('pageerror', (e) => consoleErrors.push(String(e)))
  const urls = []
  const firstScreen = new Map()
  let measuring = true
  page.on('request', (r) => urls.push(r.url()))
  page.on('response', async (r) => {
    const type = r.request().resourceType()
    if (!measuring || (type !== 'script' && type !== 'stylesheet')) return
    const length = Number(r.headers()['content-length'] ?? 0)
    firstScreen.set(r.url(), { length, encoding: r.headers()['content-encoding'] ?? '' })
  })

  await page.goto(`${base}/`, { waitUntil: 'networkidle0' })
  await page.waitForSelector(KEY)
  const signinText = await page.$eval('button[data-testid=signin]', (b) => b.textContent.trim())
  check(signinText === '登录', 'the UI follows the browser language (zh-CN)', signinText)

  // A wrong key: the sign-in page shows the error.
  await page.type(KEY, 'askdb_0000000000000000_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')
  await page.click('button[data-testid=signin]')
  await page.waitForSelector('[data-testid=signin-error]', { timeout: 15_000 })
  const wrong = await page.$eval('[data-testid=signin-error]', (e) => e.textContent)
  check(wrong.includes('密钥无效'), 'a wrong key shows the sign-in error', wrong)
  await page.screenshot({ path: join(outDir, '01-signin-wrong-key.png') })

  // The admin key.
  await page.$eval(KEY, (i) => {
    i.value = ''
    i.dispatchEvent(new Event('input'))
  })
  await page.type(KEY, key)
  await page.click('button[data-testid=signin]')
  await page.waitForSelector(Q, { timeout: 15_000 })
  await page.waitForNetworkIdle({ idleTime: 300 })
  measuring = false
  let total = 0
  let echartsBytes = 0
  for (const [url, r] of firstScreen) {
    if (/\/assets\/echarts-/.test(url)) echartsBytes += r.length
    else total += r.length
  }
  check(total > 0 && total <= FIRST_SCREEN_LIMIT, `first screen JS+CSS ${(total / 1024).toFixed(1)} KB gzip (limit 350 KB; not counted: the ECharts chunk, prefetched when idle, ${echartsBytes} B)`)
  writeFileSync(join(outDir, 'bundle-size.json'), JSON.stringify({ first_screen_gzip_bytes: total, files: Object.fromEntries(firstScreen) }, null, 2))

  // Ask; Enter sends.
  await page.type(Q, '2024年各地区的销售额')
  await page.keyboard.press('Enter')
  await page.waitForSelector('[data-testid=result-table] tbody tr', { timeout: 60_000 })
  await page.waitForSelector('[data-testid=chart] canvas', { timeout: 30_000 })
  await page.waitForFunction(() => document.querySelector('[data-testid=chart] [data-drawn=true]') !== null, { timeout: 30_000 })
  const cells = await page.$$eval('[data-testid=result-table] tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())))
  const shown = apiRows.slice(0, 20)
  const same =
    cells.length === shown.length &&
    shown.every((row, i) =>
      row.every((v, j) => (typeof v === 'number' ? Math.abs(Number(cells[i][j].replace(/,/g, '')) - v) < 0.01 : String(v ?? 'NULL') === cells[i][j])),
    )
  check(same, "the table's values equal the API's rows", JSON.stringify({ cells: cells.slice(0, 3), api: shown.slice(0, 3) }))
  const painted = await page.$eval('[data-testid=chart] canvas', (c) => {
    const ctx = c.getContext('2d')
    const { data } = ctx.getImageData(0, 0, c.width, c.height)
    let n = 0
    for (let i = 3; i < data.length; i += 4) if (data[i] !== 0) n++
    return n
  })
  check(painted > 1000, `the chart canvas is drawn (${painted} painted pixels)`)
  const sql = await page.$eval('[data-testid=sql]', (e) => e.textContent)
  check(/SELECT/i.test(sql), 'the SQL is shown')
  check(await page.$('[data-testid=classification]') !== null, 'the classification is shown')
  check(await page.$('[data-testid=cost]') !== null, "the run's cost is shown")
  const answer = await page.$eval('[data-testid=answer]', (e) => e.textContent)
  check(answer.length > 0, 'the answer is shown')
  check((await page.$('[data-testid=not-answered]')) === null, 'an answer is not marked "未能回答" (only a reply that did not answer is)')
  await page.screenshot({ path: join(outDir, '02-chat-answer.png'), fullPage: true })

  // Another chart kind: the canvas is drawn again, with other pixels.
  const pixels = () =>
    page.$eval('[data-testid=chart] canvas', (c) => {
      const { data } = c.getContext('2d').getImageData(0, 0, c.width, c.height)
      let h = 0
      for (let i = 0; i < data.length; i += 16) h = (h * 31 + data[i] + data[i + 3]) >>> 0
      return h
    })
  const beforeSwitch = await pixels()
  const kindLabels = await page.$$eval('[data-testid=chart] .kinds label', (ls) => ls.map((l) => l.textContent.trim()))
  const chosenKind = () => page.$$eval('[data-testid=chart] .kinds label.is-active', (ls) => ls.map((l) => l.textContent.trim()))
  const chosenFirst = await chosenKind()
  check(chosenFirst.length === 1 && chosenFirst[0] === kindLabels[0], 'the chart kind drawn (the recommended one) is shown chosen', JSON.stringify(chosenFirst))
  const lineIndex = kindLabels.indexOf('折线图')
  let afterSwitch = beforeSwitch
  if (lineIndex >= 0) {
    await page.click(`[data-testid=chart] .kinds label:nth-child(${lineIndex + 1})`)
    for (let i = 0; i < 50 && afterSwitch === beforeSwitch; i++) {
      await new Promise((r) => setTimeout(r, 100))
      afterSwitch = await pixels()
    }
  }
  check(lineIndex >= 0 && afterSwitch !== beforeSwitch, `the chart switches to another kind (${kindLabels.join(', ')})`)
  check(JSON.stringify(await chosenKind()) === JSON.stringify(['折线图']), 'the kind switched to is shown chosen')

  // Sorting by a numeric column: largest first (numbers sort descending on the first click),
  // then smallest.
  const numericHeader = await page.$$eval('[data-testid=result-table] th', (ths) => ths.findIndex((th) => th.classList.contains('num')))
  if (check(numericHeader >= 0, 'the result has a numeric column to sort by')) {
    const columnValues = apiRows.map((r) => Number(r[numericHeader]))
    const firstCell = () => page.$eval(`[data-testid=result-table] tbody tr:first-child td:nth-child(${numericHeader + 1})`, (td) => Number(td.textContent.replace(/,/g, '')))
    await page.click(`[data-testid=result-table] th:nth-child(${numericHeader + 1})`)
    const descending = await firstCell()
    await page.click(`[data-testid=result-table] th:nth-child(${numericHeader + 1})`)
    const ascending = await firstCell()
    check(
      Math.abs(descending - Math.max(...columnValues)) < 0.01 && Math.abs(ascending - Math.min(...columnValues)) < 0.01,
      'a click on a numeric header sorts the table (largest first, then smallest)',
      `${descending} ${ascending}`,
    )
  }

  // The CSV download: a file with a BOM, the header and every row of the result (in the
  // table's order, here sorted), equal to the API's rows.
  const downloads = join(outDir, 'downloads')
  rmSync(downloads, { recursive: true, force: true })
  mkdirSync(downloads, { recursive: true })
  await (await page.createCDPSession()).send('Browser.setDownloadBehavior', { behavior: 'allow', downloadPath: downloads })
  await page.click('[data-testid=csv]')
  let csvFile
  for (let i = 0; i < 100 && !csvFile; i++) {
    await new Promise((r) => setTimeout(r, 100))
    csvFile = readdirSync(downloads).find((f) => f.endsWith('.csv'))
  }
  const csvText = csvFile ? readFileSync(join(downloads, csvFile), 'utf8') : ''
  const csvRows = parseCsv(csvText.replace(/^\uFEFF/, '')).filter((r) => r.length > 1 || r[0] !== '')
  const rowKey = (row) => row.map((v) => (v === null ? '' : typeof v === 'number' ? v.toFixed(2) : String(v))).join('|')
  const fromCsv = csvRows.slice(1).map((r) => rowKey(r.map((v, j) => (typeof apiRows[0]?.[j] === 'number' && v !== '' ? Number(v) : v)))).sort()
  const fromApi = apiRows.map(rowKey).sort()
  check(
    csvText.startsWith('\uFEFF') && csvRows.length === apiRows.length + 1 && JSON.stringify(fromCsv) === JSON.stringify(fromApi),
    `the table downloads as CSV with every row (${csvFile ?? 'no file'}, ${Math.max(0, csvRows.length - 1)} rows; the API ${apiRows.length})`,
  )

  // Shift+Enter breaks the line and sends nothing.
  const turnsBefore = (await page.$$('[data-testid=turn]')).length
  await page.type(Q, '第一行')
  await page.keyboard.down('Shift')
  await page.keyboard.press('Enter')
  await page.keyboard.up('Shift')
  await page.type(Q, '第二行')
  const twoLines = await page.$eval(Q, (t) => t.value)
  await new Promise((r) => setTimeout(r, 300))
  check(twoLines === '第一行\n第二行' && (await page.$$('[data-testid=turn]')).length === turnsBefore, 'Shift+Enter breaks the line without sending', JSON.stringify(twoLines))
  await page.$eval(Q, (t) => {
    t.value = ''
    t.dispatchEvent(new Event('input'))
  })
  const threadUrl = page.url()
  check(/\/chat\/thr_[0-9a-f]+/.test(threadUrl), 'the thread is in the URL', threadUrl)

  // Switch the language.
  await page.click('[data-testid=lang]')
  const sendText = await page.$eval('[data-testid=send]', (b) => b.textContent.trim())
  check(sendText === 'Send', 'the language can be switched', sendText)
  await page.click('[data-testid=lang]')

  // --- at a phone's width (390 px) the answer has the screen ------------------------------
  // The conversations are a drawer behind a button: beside the chat they left the answer a
  // column of single characters and the page 700 px wide.
  await page.setViewport({ width: 390, height: 844 })
  await new Promise((r) => setTimeout(r, 300))
  const phone = await page.evaluate(() => {
    const sidebar = document.querySelector('[data-testid=sidebar]').getBoundingClientRect()
    const turns = document.querySelector('[data-testid=turns]').getBoundingClientRect()
    return { scrollWidth: document.documentElement.scrollWidth, sidebarRight: sidebar.right, turnsWidth: turns.width }
  })
  check(phone.scrollWidth <= 390 && phone.sidebarRight <= 0 && phone.turnsWidth >= 380, 'at 390 px the chat has the whole width and nothing overflows', JSON.stringify(phone))
  await page.screenshot({ path: join(outDir, '02-chat-phone.png') })
  await page.click('[data-testid=sessions-toggle]')
  const drawn = await page.waitForFunction(() => document.querySelector('[data-testid=sidebar]').getBoundingClientRect().left >= 0, { timeout: 5_000 }).catch(() => null)
  const opsShown = await page.$eval('.session.active [data-testid=rename]', (b) => b.getBoundingClientRect().width > 0).catch(() => false)
  check(drawn !== null && opsShown, "the conversations open from the top bar, the open one's rename and delete shown without hover")
  await page.screenshot({ path: join(outDir, '02-chat-phone-sessions.png') })
  // From the keyboard: open, the new-chat button has the focus; Esc closes the drawer and
  // gives the focus back to the ☰ button.
  const focusedOnOpen = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))
  await page.keyboard.press('Escape')
  const escClosed = await page.waitForFunction(() => document.querySelector('[data-testid=sidebar]').getBoundingClientRect().right <= 0, { timeout: 5_000 }).catch(() => null)
  const focusedOnClose = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))
  check(focusedOnOpen === 'new-chat' && escClosed !== null && focusedOnClose === 'sessions-toggle', 'the drawer opens with the focus on the new-chat button, Esc closes it and the focus returns to its button', `${focusedOnOpen} ${focusedOnClose}`)
  await page.click('[data-testid=sessions-toggle]')
  await page.waitForFunction(() => document.querySelector('[data-testid=sidebar]').getBoundingClientRect().left >= 0, { timeout: 5_000 }).catch(() => null)
  await page.click('[data-testid=new-chat]')
  const closed = await page.waitForFunction(() => document.querySelector('[data-testid=sidebar]').getBoundingClientRect().right <= 0, { timeout: 5_000 }).catch(() => null)
  check(closed !== null, 'a new chat closes the drawer')
  await page.setViewport({ width: 1366, height: 900 })

  // --- a reload mid-run reconnects and goes on ------------------------------------------
  await page.click('[data-testid=new-chat]')
  await page.waitForSelector(Q)
  await page.type(Q, '每个门店的复购率是多少')
  await page.keyboard.press('Enter')
  await page.waitForFunction(() => /\/chat\/thr_/.test(location.pathname), { timeout: 15_000 })
  await page.waitForSelector('[data-testid=stop]', { timeout: 15_000 })
  await page.reload({ waitUntil: 'domcontentloaded' })
  const resumed = await page.waitForSelector('[data-testid=result-table] tbody tr', { timeout: 60_000 }).catch(() => null)
  check(resumed !== null, 'a reload mid-run reconnects (Last-Event-ID) and the run goes on to its result')
  const reloadedThreadUrl = page.url()
  // What the live run showed, for the same turn reloaded from the history later.
  const liveCells = await page.$$eval('[data-testid=result-table] tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())))
  await page.screenshot({ path: join(outDir, '03-reloaded-run.png'), fullPage: true })

  // --- the stop button cancels the run --------------------------------------------------
  // (A follow-up in the same thread: it too is remembered as the live run, so that a reload
  // would rejoin it; it was not, the thread being already known.)
  await page.type(Q, '每个门店的回头客有多少')
  await page.keyboard.press('Enter')
  await page.waitForSelector('[data-testid=stop]', { timeout: 15_000 })
  // askdb.active maps each thread to its live run (two tabs keep their own).
  const activeThread = await page
    .waitForFunction(() => Object.values(JSON.parse(localStorage.getItem('askdb.active') ?? '{}')).find((r) => location.pathname.endsWith(`/${r.threadId}`))?.threadId, { timeout: 10_000 })
    .then((h) => h.jsonValue())
    .catch(() => null)
  check(activeThread !== null && reloadedThreadUrl.includes(activeThread), 'a follow-up in a known thread is remembered as the live run (a reload rejoins it)', String(activeThread))
  // Enter while the answer streams: nothing is sent, the question stays and the box says why.
  const turnsWhileBusy = (await page.$$('[data-testid=turn]')).length
  await page.type(Q, '各渠道的订单数')
  await page.keyboard.press('Enter')
  const busyHint = await page.waitForSelector('[data-testid=busy-hint]', { timeout: 5_000 }).catch(() => null)
  const kept = await page.$eval(Q, (q) => q.value)
  check(busyHint !== null && kept === '各渠道的订单数' && (await page.$$('[data-testid=turn]')).length === turnsWhileBusy, 'Enter while an answer streams keeps the question and says why it was not sent', kept)
  await page.click('[data-testid=stop]')
  const stopped = await page.waitForSelector('[data-testid=cancelled]', { timeout: 30_000 }).catch(() => null)
  check(stopped !== null, 'the stop button cancels the run')
  check(await page.$('[data-testid=busy-hint]') === null, 'the busy note goes when the run ends')
  await page.$eval(Q, (q) => {
    q.value = ''
    q.dispatchEvent(new Event('input'))
  })

  const ctx = {
    base,
    auth,
    check,
    outDir,
    home,
    db,
    newPage: async () => preparePage(await (await browser.createBrowserContext()).newPage()),
    restartServer,
  }
  await clarifyRenameAndCost(ctx, page, reloadedThreadUrl, liveCells)
  await hugePaste(ctx, page)
  await notAnsweredReply(ctx, page)
  await tablesButton(ctx, page)
  await deleteSession(ctx, page)

  // --- plan approval -------------------------------------------------------------------
  await page.click('[data-testid=new-chat]')
  await page.waitForSelector(Q)
  await page.type(Q, '做一份全面的销售分析报告')
  await page.keyboard.press('Enter')
  await page.waitForSelector('[data-testid=plan-card] [data-testid=approve]', { timeout: 60_000 })
  const steps = await page.$$eval('[data-testid=plan-card] li', (l) => l.length)
  check(steps > 0, `the plan waits for approval with its steps (${steps})`)
  await page.screenshot({ path: join(outDir, '04-plan-approval.png'), fullPage: true })
  // Still waiting after a reload.
  await page.waitForFunction(() => /\/chat\/thr_/.test(location.pathname))
  await page.reload({ waitUntil: 'networkidle0' })
  const again = await page.waitForSelector('[data-testid=plan-card] [data-testid=approve]', { timeout: 30_000 }).catch(() => null)
  check(again !== null, 'the plan still waits for approval after a reload')
  if (again) {
    // Reject with feedback: the agent re-plans and asks again.
    await page.click('[data-testid=plan-card] [data-testid=reject]')
    await page.type('textarea[data-testid=reject-feedback]', '请按地区分析')
    await page.click('[data-testid=plan-card] [data-testid=send-reject]')
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=plan-card]').length >= 2, { timeout: 60_000 })
    const replanned = await page.$$eval('[data-testid=plan-card]', (cards) => cards[cards.length - 1].textContent)
    check(replanned.includes('1 / 3') || replanned.includes('1 of 3'), 'rejecting with feedback re-plans and asks again', replanned.slice(0, 200))
    await page.waitForSelector('[data-testid=plan-card] [data-testid=approve]', { timeout: 30_000 })
    await page.click('[data-testid=plan-card] [data-testid=approve]')
    await page.waitForSelector('[data-testid=report]', { timeout: 120_000 })
    await page.waitForSelector('[data-testid=report] canvas', { timeout: 30_000 }).catch(() => null)
    const reportCharts = await page.$$eval('[data-testid=report] canvas', (c) => c.length)
    check(reportCharts > 0, `the approved plan runs to a report with charts (${reportCharts})`)
    await page.screenshot({ path: join(outDir, '05-report.png'), fullPage: true })
    // Downloaded as HTML (the charts as inline SVG, no script) and as Markdown (the
    // ```echarts blocks kept).
    const downloaded = async (ext) => {
      for (let i = 0; i < 100; i++) {
        const f = readdirSync(downloads).find((n) => n.endsWith(ext))
        if (f) return readFileSync(join(downloads, f), 'utf8')
        await new Promise((r) => setTimeout(r, 100))
      }
      return ''
    }
    const reportButtons = await page.$$('[data-testid=report] .report-head button')
    await reportButtons[0]?.click()
    const html = await downloaded('.html')
    await reportButtons[1]?.click()
    const md = await downloaded('.md')
    const svgs = (html.match(/<svg/g) ?? []).length
    check(svgs >= reportCharts && !/<script/i.test(html), `the report downloads as HTML with its charts as inline SVG (${svgs})`)
    check((md.match(/```echarts/g) ?? []).length >= reportCharts, 'the report downloads as Markdown with its echarts blocks')
    // Reopened from the history: the same report, each step's table and chart drawn again.
    const reportTables = () => page.$$eval('[data-testid=report] table', (ts) => ts.map((t) => t.textContent.replace(/\s+/g, ' ').trim()))
    const liveTables = await reportTables()
    await page.reload({ waitUntil: 'networkidle0' })
    await page.waitForSelector('[data-testid=report] canvas', { timeout: 30_000 }).catch(() => null)
    const reopenedCharts = await page.$$eval('[data-testid=report] canvas', (c) => c.length)
    const reopenedTables = await reportTables()
    check(
      liveTables.length > 0 && reopenedCharts === reportCharts && JSON.stringify(reopenedTables) === JSON.stringify(liveTables),
      `a reopened analysis shows its report with every step's table and chart (${reopenedCharts} charts, ${reopenedTables.length} tables; live ${reportCharts}, ${liveTables.length})`,
    )
    await page.screenshot({ path: join(outDir, '05b-report-reopened.png'), fullPage: true })
  }

  check(!urls.some((u) => u.includes(key)), 'the key never appears in a URL')

  // --- an admin page ------------------------------------------------------------------------
  await page.goto(`${base}/admin/agents`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=agents-table] .el-table__row', { timeout: 15_000 })
  const agentsText = await page.$eval('[data-testid=agents-table]', (e) => e.textContent)
  check(agentsText.includes('default'), 'the admin agents page lists the agents')
  await page.screenshot({ path: join(outDir, '07-admin-agents.png') })
  await page.goto(`${base}/admin/semantic`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=semantic-grid] .el-table__row', { timeout: 15_000 })
  const gridRows = await page.$$eval('[data-testid=semantic-grid] .el-table__body-wrapper .el-table__row', (r) => r.length)
  check(gridRows > 10, `the semantic model grid shows the demo model (${gridRows} rows)`)
  await page.click('[data-testid=save-model]')
  await page.waitForNetworkIdle({ idleTime: 300 })
  const saved = await (await fetch(`${base}/api/v1/datasources/default/semantic-model`, { headers: auth })).json()
  check(Array.isArray(saved.tables) && saved.tables.length > 0, 'saving the grid keeps the model')
  await page.screenshot({ path: join(outDir, '08-admin-semantic.png') })

  await adminFlow(ctx, page)
  await semanticCsv(ctx, page)
  await knowledgePage(ctx, page)
  await termsPage(ctx, page)
  await editorPages(ctx)

  // The other admin pages, each with its content.
  for (const [path, selector, shot] of [
    ['/admin/relations', '.el-table', '21-admin-relations.png'],
    ['/admin/examples', '.el-table', '22-admin-examples.png'],
    ['/admin/models', '.el-table', '23-admin-models.png'],
    ['/admin/runs', '.el-table__row', '24-admin-runs.png'],
  ]) {
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' })
    const shown = await page.waitForSelector(selector, { timeout: 15_000 }).catch(() => null)
    check(shown !== null, `the admin page ${path} is shown`)
    await page.screenshot({ path: join(outDir, shot), fullPage: true })
  }

  await runsAndRelations(ctx, page)
  await walkPages(ctx, page)
  await failedModelTestStays(ctx, page)

  // --- a revoked key returns to sign-in --------------------------------------------------
  const issued = await (await fetch(`${base}/api/v1/agents/default/keys`, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: '{}' })).json()
  const agentPage = await preparePage(await (await browser.createBrowserContext()).newPage())
  lastPage = agentPage
  await agentPage.goto(`${base}/signin`, { waitUntil: 'networkidle0' })
  await agentPage.type(KEY, issued.key)
  await agentPage.click('button[data-testid=signin]')
  await agentPage.waitForSelector(Q, { timeout: 15_000 })
  check((await agentPage.$('a[href="/admin/agents"]')) === null, 'an agent key sees only the chat (no admin link)')
  // The embeddable chat: the embedding page hands the key over with postMessage.
  const embedPage = await preparePage(await (await browser.createBrowserContext()).newPage())
  await embedPage.goto(`${base}/embed/default`, { waitUntil: 'networkidle0' })
  await embedPage.evaluate((k) => window.postMessage({ type: 'askdb-key', key: k }, '*'), issued.key)
  await embedPage.waitForSelector(Q, { timeout: 15_000 })
  await embedPage.type(Q, '2024年各地区的销售额')
  await embedPage.keyboard.press('Enter')
  const embedded = await embedPage.waitForSelector('[data-testid=result-table] tbody tr', { timeout: 60_000 }).catch(() => null)
  check(embedded !== null && !embedPage.url().includes(issued.key), 'the /embed page takes its key by postMessage and answers')
  await embedPage.screenshot({ path: join(outDir, '09-embed.png') })

  // A ratio cell in percent and a money cell with two decimals and separators (the server's
  // column kinds, analysis/number_kind.h), as the CLI and the HTML report show them.
  await embedPage.type(Q, '各渠道的澜沧指标')
  await embedPage.keyboard.press('Enter')
  await embedPage.waitForFunction(() => document.querySelectorAll('[data-testid=result-table]').length >= 2, { timeout: 60_000 }).catch(() => null)
  const kindCells = await embedPage.$$eval('[data-testid=result-table]', (tables) => {
    const t = tables[tables.length - 1]
    const heads = [...t.querySelectorAll('th')].map((th) => th.textContent.trim())
    const first = [...t.querySelectorAll('tbody tr:first-child td')].map((td) => td.textContent.trim())
    return { ratio: first[heads.findIndex((h) => h.startsWith('discount_rate'))], money: first[heads.findIndex((h) => h.startsWith('revenue'))] }
  })
  check(/^\d{1,2}(\.\d{1,2})?%$/.test(kindCells.ratio ?? ''), `a ratio cell reads in percent (${kindCells.ratio})`)
  check(/^\d{1,3}(,\d{3})+\.\d{2}$/.test(kindCells.money ?? ''), `a money cell has separators and two decimals (${kindCells.money})`)
  await embedPage.screenshot({ path: join(outDir, '09b-ratio-money.png') })
  await embedPage.close()

  await fetch(`${base}/api/v1/agents/default/keys/${issued.id}`, { method: 'DELETE', headers: auth })
  await agentPage.type(Q, '2024年各地区的销售额')
  await agentPage.keyboard.press('Enter')
  const revoked = await agentPage.waitForSelector('[data-testid=signin-error]', { timeout: 15_000 }).catch(() => null)
  const revokedText = revoked ? await agentPage.$eval('[data-testid=signin-error]', (e) => e.textContent) : ''
  check(revokedText.includes('不再有效'), 'a revoked key returns to sign-in with the message', revokedText)
  await agentPage.screenshot({ path: join(outDir, '06-revoked.png') })

  // Users and data permissions last: the row rule must not touch the checks above.
  await usersAndPermissions(ctx, page)

  const unexpected = consoleErrors.filter((e) => !/401|Unauthorized|Failed to load resource/.test(e))
  check(unexpected.length === 0, 'no errors in the browser console', unexpected.join(' | '))

  // Last: the server is killed and started again.
  await planAfterRestart(ctx, page)
}

try {
  await main()
} catch (e) {
  failed++
  console.log(`FAIL  ${e instanceof Error ? e.stack : e}`)
  await lastPage?.screenshot({ path: join(outDir, 'failure.png'), fullPage: true }).catch(() => {})
} finally {
  await browser?.close().catch(() => {})
  if (server && server.exitCode === null) {
    server.kill('SIGTERM')
    await new Promise((r) => {
      const t = setTimeout(() => {
        server.kill('SIGKILL')
        r()
      }, 15_000)
      server.on('exit', () => {
        clearTimeout(t)
        r()
      })
    })
  }
  rmSync(home, { recursive: true, force: true })
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
