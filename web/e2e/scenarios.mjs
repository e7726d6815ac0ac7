// The web UI end-to-end scenarios beyond the first question (run by ui_e2e.mjs against the
// same `askdb serve`): a clarifying question answered in the page, a session renamed on the
// server, each turn's cost after a reload, bad input (a 10 MB paste, a CSV with broken
// rows, a datasource that cannot connect), the admin flow from a new datasource to an
// agent key that sees only its agent, and a semantic-model CSV import whose new synonym
// answers a question.
import { copyFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

const Q = 'textarea[data-testid=question]'

/** Sets an Element Plus input's value the way typing would (clears it first). */
export async function setValue(page, selector, value) {
  await page.$eval(
    selector,
    (el, v) => {
      const proto = el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype
      Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, v)
      el.dispatchEvent(new Event('input', { bubbles: true }))
    },
    value,
  )
}

/** Clicks the first visible element matching `selector` whose text is `text`. */
export async function clickText(page, selector, text) {
  await page.waitForFunction(
    (s, t) => [...document.querySelectorAll(s)].some((e) => e.textContent.trim() === t && e.offsetParent !== null),
    { timeout: 15_000 },
    selector,
    text,
  )
  await page.evaluate(
    (s, t) => [...document.querySelectorAll(s)].find((e) => e.textContent.trim() === t && e.offsetParent !== null).click(),
    selector,
    text,
  )
}

export async function json(base, auth, method, path, body) {
  const r = await fetch(`${base}${path}`, {
    method,
    headers: { ...auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const text = await r.text()
  let data = text
  try {
    data = JSON.parse(text)
  } catch {
    /* CSV or text */
  }
  return { status: r.status, data }
}

// RFC 4180, enough for the semantic model's CSV (quoted fields, doubled quotes, CRLF).
export function parseCsv(text) {
  const rows = []
  let row = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (c === '"') quoted = false
      else field += c
    } else if (c === '"') quoted = true
    else if (c === ',') {
      row.push(field)
      field = ''
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else field += c
  }
  if (field !== '' || row.length) {
    row.push(field)
    rows.push(row)
  }
  return rows
}

export function toCsv(rows) {
  return rows.map((r) => r.map((f) => (/[",\r\n]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f)).join(',')).join('\r\n') + '\r\n'
}

async function lastTurn(page) {
  return page.$$eval('[data-testid=turn]', (turns) => {
    const t = turns[turns.length - 1]
    return { status: t.dataset.status, rows: t.querySelectorAll('[data-testid=result-table] tbody tr').length, text: t.textContent }
  })
}

async function sessionCount(ctx) {
  return (await json(ctx.base, ctx.auth, 'GET', '/api/v1/sessions?limit=200')).data.sessions.length
}

// (3) A clarifying question answered in the page; the session renamed (kept on the
// server); each turn's cost, result table and chart after the conversation is reloaded
// from the history (`liveCells`: the table the live run showed).
export async function clarifyRenameAndCost(ctx, page, reloadedThreadUrl, liveCells) {
  const { base, auth, check, outDir } = ctx
  await page.click('[data-testid=new-chat]')
  await page.waitForSelector(Q)
  await page.type(Q, '各门店的经营表现如何')
  await page.keyboard.press('Enter')
  await page.waitForSelector('[data-testid=clarify-card] input[data-testid=clarify-input]', { timeout: 60_000 })
  const asked = await page.$eval('[data-testid=clarify-card]', (e) => e.textContent)
  check(asked.includes('销售额还是订单数'), 'a clarifying question is shown with an answer box', asked)
  await page.screenshot({ path: join(outDir, '10-clarify.png'), fullPage: true })
  await page.type('[data-testid=clarify-card] input[data-testid=clarify-input]', '按订单数')
  await page.click('[data-testid=clarify-send]')
  await page.waitForFunction(
    () => {
      const turns = document.querySelectorAll('[data-testid=turn]')
      const t = turns[turns.length - 1]
      return t && t.dataset.status === 'done' && t.querySelector('[data-testid=result-table] tbody tr')
    },
    { timeout: 60_000 },
  ).catch(() => null)
  const clarified = await lastTurn(page)
  check(clarified.status === 'done' && clarified.rows > 0, 'the answered clarification resumes the thread and the run completes with a result', JSON.stringify(clarified).slice(0, 300))
  await page.screenshot({ path: join(outDir, '11-clarified.png'), fullPage: true })

  // Rename the conversation: kept on the server, shown after a reload.
  const thread = page.url().match(/\/chat\/(thr_[0-9a-f]+)/)?.[1]
  await page.waitForFunction((id) => [...document.querySelectorAll('.session.active')].length > 0 || !id, { timeout: 15_000 }, thread).catch(() => null)
  await page.hover('.session.active')
  await page.click('.session.active [data-testid=rename]')
  await page.waitForSelector('.el-message-box__input input')
  await setValue(page, '.el-message-box__input input', '   ')
  await page.click('.el-message-box__btns .el-button--primary')
  const emptyError = await page.waitForSelector('.el-message-box__errormsg', { timeout: 5_000 }).catch(() => null)
  check(emptyError !== null && (await emptyError.evaluate((e) => e.textContent)).includes('不能为空'), 'an empty title is refused in the page')
  await setValue(page, '.el-message-box__input input', '门店订单数（已澄清）')
  await page.click('.el-message-box__btns .el-button--primary')
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=session-title]')].some((e) => e.textContent === '门店订单数（已澄清）'), { timeout: 15_000 }).catch(() => null)
  const stored = await json(base, auth, 'GET', `/api/v1/sessions/${thread}`)
  check(stored.data.title === '门店订单数（已澄清）', 'a renamed session is kept on the server (PATCH /api/v1/sessions/<id>)', JSON.stringify(stored.data))
  await page.reload({ waitUntil: 'networkidle0' })
  const titles = await page.$$eval('[data-testid=session-title]', (l) => l.map((e) => e.textContent))
  check(titles.includes('门店订单数（已澄清）'), 'the new title is shown after a reload', titles.join(' | '))

  // A conversation reloaded from the history shows what each turn cost.
  await page.goto(reloadedThreadUrl, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=cost]', { timeout: 15_000 })
  const costs = await page.$$eval('[data-testid=cost]', (l) => l.map((e) => e.textContent.trim()))
  const first = costs[0] ?? ''
  const calls = Number(first.match(/模型调用 (\d+) 次/)?.[1] ?? 0)
  const prompt = Number(first.match(/提示 (\d+)/)?.[1] ?? 0)
  const seconds = Number(first.match(/([\d.]+) 秒/)?.[1] ?? 0)
  check(calls >= 1 && prompt > 0 && seconds >= 2.5, `a reloaded turn shows its real cost (${first})`)
  // ... and its result rows (kept with the turn on the server) and chart.
  const historyCells = await page.$$eval('[data-testid=result-table] tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())))
  check(liveCells.length > 0 && JSON.stringify(historyCells) === JSON.stringify(liveCells), `a turn reloaded from the history shows its result table, the same ${historyCells.length} rows as the live run`, JSON.stringify({ history: historyCells.slice(0, 2), live: liveCells.slice(0, 2) }))
  const historyChart = await page.waitForFunction(() => document.querySelector('[data-testid=chart] [data-drawn=true]') !== null, { timeout: 30_000 }).catch(() => null)
  check(historyChart !== null, 'a turn reloaded from the history draws its chart')
  await page.screenshot({ path: join(outDir, '12-history-cost.png'), fullPage: true })
}

// Bad input in the question box: a 10 MB paste, and 10 MB in the box sent with Enter.
export async function hugePaste(ctx, page) {
  const { check, outDir } = ctx
  await page.click('[data-testid=new-chat]')
  await page.waitForSelector(Q)
  const before = await sessionCount(ctx)
  const started = Date.now()
  const inserted = await page.$eval(Q, (el) => {
    const data = new DataTransfer()
    data.setData('text/plain', '销'.repeat(10 * 1024 * 1024 / 3))
    const ev = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
    el.dispatchEvent(ev)
    return { prevented: ev.defaultPrevented, value: el.value.length }
  })
  const pasteMessage = await page.waitForSelector('[data-testid=input-error]', { timeout: 10_000 }).then((e) => e.evaluate((x) => x.textContent)).catch(() => '')
  check(inserted.prevented && inserted.value === 0 && pasteMessage.includes('问题太长'), `a 10 MB paste is refused with a message, the box keeps what it had (${Date.now() - started} ms)`, pasteMessage)
  // Text that got into the box some other way (dropped, typed by a script) is not sent.
  await setValue(page, Q, 'x'.repeat(10 * 1024 * 1024))
  await page.focus(Q)
  await page.keyboard.press('Enter')
  const sendMessage = await page.$eval('[data-testid=input-error]', (e) => e.textContent).catch(() => '')
  const turns = await page.$$eval('[data-testid=turn]', (l) => l.length)
  check(sendMessage.includes('10,485,760') && turns === 0 && (await sessionCount(ctx)) === before, 'a 10 MB question is not sent (no run, no session) and the page says why', sendMessage)
  // A line with no break does not widen the box past the counter and the send button.
  const layout = await page.evaluate(() => {
    const right = (sel) => document.querySelector(sel)?.getBoundingClientRect().right ?? Infinity
    return { send: right('[data-testid=send]'), counter: right('[data-testid=question-counter]'), width: window.innerWidth, text: document.querySelector('[data-testid=question-counter]')?.textContent }
  })
  check(layout.send <= layout.width && layout.counter <= layout.width && layout.text === '10,485,760 / 4,000', 'the counter and the send button stay on screen beside a 10 MB line', JSON.stringify(layout))
  await page.screenshot({ path: join(outDir, '13-too-long.png') })
  // A paste over a selection replaces it: 3,990 characters with 3,000 selected take 1,000 more.
  await setValue(page, Q, '销'.repeat(3990))
  const overSelection = await page.$eval(Q, (el) => {
    el.focus()
    el.setSelectionRange(0, 3000)
    const data = new DataTransfer()
    data.setData('text/plain', '售'.repeat(1000))
    const ev = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
    el.dispatchEvent(ev)
    return { prevented: ev.defaultPrevented }
  })
  check(!overSelection.prevented, 'a paste over a selection counts the selection as gone (3,990 - 3,000 + 1,000 is within 4,000)', JSON.stringify(overSelection))
  await setValue(page, Q, '')
}

// A reply that did not answer (the model finds the question not answerable) is set apart
// with the 未能回答 label.
export async function notAnsweredReply(ctx, page) {
  const { check } = ctx
  await page.click('[data-testid=new-chat]')
  await page.waitForSelector(Q)
  await page.type(Q, '各门店在火星基地的订单数')
  await page.keyboard.press('Enter')
  const marked = await page.waitForSelector('[data-testid=not-answered]', { timeout: 60_000 }).catch(() => null)
  const turn = await lastTurn(page)
  check(marked !== null && turn.text.includes('火星基地'), 'a question that cannot be answered is marked "未能回答" with its reason', turn.text.slice(0, 300))
}

// The chat's Tables button (the place an abstention points a web user to): the agent's
// tables and columns with their business names, and a filter over them.
export async function tablesButton(ctx, page) {
  const { check } = ctx
  await page.click('[data-testid=tables-button]')
  const listed = await page.waitForSelector('[data-testid=tables-table]', { timeout: 30_000 }).catch(() => null)
  const names = await page.$$eval('[data-testid=tables-table]', (els) => els.map((e) => e.textContent.trim()))
  check(listed !== null && names.some((n) => n.startsWith('orders') && n.includes('订单')), 'the Tables button lists the agent\'s tables with their business names', names.join(' | ').slice(0, 300))
  await setValue(page, 'input[data-testid=tables-filter]', '金额')
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=tables-table]').length < 9, { timeout: 5_000 }).catch(() => null)
  const filtered = await page.$$eval('[data-testid=tables-table] .table-name', (els) => els.map((e) => e.textContent.trim()))
  check(filtered.includes('orders') && !filtered.includes('cities'), 'the filter keeps the tables whose columns hold 金额', filtered.join(', '))
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => !document.querySelector('[data-testid=tables-dialog]')?.offsetParent, { timeout: 5_000 }).catch(() => null)
}

// A conversation deleted in the sidebar (after its confirmation) is gone from the list and
// from the server.
export async function deleteSession(ctx, page) {
  const { base, auth, check } = ctx
  const listed = async () => (await json(base, auth, 'GET', '/api/v1/sessions?limit=200')).data.sessions.map((s) => s.id)
  await page.goto(`${base}/chat`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=sessions] .session')
  const rows = () => page.$$eval('[data-testid=sessions] .session', (l) => l.length)
  const before = await listed()
  const shownBefore = await rows()
  await page.hover('[data-testid=sessions] .session')
  await page.click('[data-testid=sessions] .session .ops .el-button--danger')
  await page.waitForSelector('.el-message-box__btns .el-button--primary', { visible: true, timeout: 10_000 })
  await page.click('.el-message-box__btns .el-button--primary')
  const gone = await page
    .waitForFunction((n) => document.querySelectorAll('[data-testid=sessions] .session').length === n, { timeout: 15_000 }, shownBefore - 1)
    .then(() => true)
    .catch(() => false)
  const after = await listed()
  check(gone && after.length === before.length - 1 && after.every((id) => before.includes(id)), 'a conversation deleted in the sidebar is gone from the list and the server', `${shownBefore} -> ${await rows()}; ${before.length} -> ${after.length}`)
}

// (5) The admin flow: a datasource that cannot connect is refused and not saved; a copy of
// the demo database is added, tested and browsed; an agent bound to it with three tables;
// a key issued (shown once); signed in with that key, only that agent is there and answers.
export async function adminFlow(ctx, page) {
  const { base, auth, check, outDir, home, newPage } = ctx
  const copy = join(home, 'shop-copy.sqlite')
  copyFileSync(ctx.db, copy)
  await page.goto(`${base}/admin/datasources`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=datasources-table] .el-table__row')

  await page.click('[data-testid=new-datasource]')
  await page.waitForSelector('input[data-testid=datasource-url]', { visible: true })
  await setValue(page, 'input[data-testid=datasource-id]', 'unreachable')
  await setValue(page, 'input[data-testid=datasource-name]', '连不上的库')
  // A file that is not there (a server address on loopback is refused by the datasource
  // policy before any connection is tried).
  await setValue(page, 'input[data-testid=datasource-url]', `sqlite:${join(home, 'no-such-dir', 'shop.sqlite')}`)
  const datasourceCalls = []
  const onRequest = (r) => {
    if (r.url().includes('/api/v1/datasources')) datasourceCalls.push(`${r.method()} ${new URL(r.url()).pathname}`)
  }
  page.on('request', onRequest)
  await page.click('[data-testid=save-datasource]')
  const refused = await page.waitForSelector('[data-testid=datasource-error]', { timeout: 30_000 }).then((e) => e.evaluate((x) => x.textContent)).catch(() => '')
  const afterRefusal = (await json(base, auth, 'GET', '/api/v1/datasources')).data.datasources.map((d) => d.id)
  // The kind of failure headed in Chinese, the server's English words kept below it.
  check(
    refused.startsWith('找不到数据库文件') && refused.includes('未保存') && refused.includes('database file not found') && !afterRefusal.includes('unreachable'),
    'a datasource URL that cannot connect is refused with a Chinese headline and the server detail below, nothing saved',
    refused.slice(0, 200),
  )
  page.off('request', onRequest)
  check(datasourceCalls.length === 1 && datasourceCalls[0] === 'POST /api/v1/datasources', 'the page creates the datasource in one request that connects first (no create, then delete)', datasourceCalls.join(', '))
  const direct = await json(base, auth, 'POST', '/api/v1/datasources', { id: 'unreachable2', name: 'x', url: `sqlite:${join(home, 'no-such-dir', 'x.sqlite')}`, test: true })
  const afterDirect = (await json(base, auth, 'GET', '/api/v1/datasources')).data.datasources.map((d) => d.id)
  check(direct.status === 409 && direct.data.error?.code === 'failed_precondition' && /nothing was saved/.test(direct.data.error?.message ?? '') && !afterDirect.includes('unreachable2'), 'POST /api/v1/datasources with "test": true refuses a datasource that cannot connect (409) and stores nothing', JSON.stringify(direct).slice(0, 300))
  await page.screenshot({ path: join(outDir, '14-datasource-unreachable.png') })
  // At a phone's width the dialog (560 px asked) stays on the screen, its error readable, and
  // the admin menu is one row under the name, not a column taller than the screen.
  await page.setViewport({ width: 390, height: 844 })
  await new Promise((r) => setTimeout(r, 300))
  const narrow = await page.evaluate(() => {
    const dialog = document.querySelector('.el-dialog').getBoundingClientRect()
    const bar = document.querySelector('.admin .bar').getBoundingClientRect()
    return { left: dialog.left, right: dialog.right, bar: bar.height }
  })
  check(narrow.left >= 0 && narrow.right <= 390 && narrow.bar < 120, 'at 390 px the datasource dialog and the admin menu fit the screen', JSON.stringify(narrow))
  await page.screenshot({ path: join(outDir, '14-datasource-unreachable-phone.png') })
  await page.setViewport({ width: 1366, height: 900 })

  await setValue(page, 'input[data-testid=datasource-id]', 'shop')
  await setValue(page, 'input[data-testid=datasource-name]', '门店库')
  await setValue(page, 'input[data-testid=datasource-url]', `sqlite:${copy}`)
  await page.click('[data-testid=save-datasource]')
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=datasources-table] .el-table__row')].some((r) => r.textContent.includes('门店库')), { timeout: 30_000 })
  await page.waitForSelector('input[data-testid=datasource-url]', { hidden: true })
  const row = await page.$$eval('[data-testid=datasources-table] .el-table__body .el-table__row', (rows) => rows.findIndex((r) => r.textContent.includes('门店库')))
  const testButtons = await page.$$('[data-testid=datasources-table] .el-table__body .el-table__row [data-testid=test-datasource]')
  await testButtons[row].click()
  const tested = await page
    .waitForFunction(() => [...document.querySelectorAll('.el-message')].map((e) => e.textContent).find((t) => t.includes('连接')), { timeout: 15_000 })
    .then((h) => h.jsonValue())
    .catch(() => '')
  check(tested.includes('连接成功') && tested.includes('sqlite'), 'the new datasource (a copy of the demo file) tests connected', tested)
  const tableButtons = await page.$$('[data-testid=datasources-table] .el-table__body .el-table__row [data-testid=datasource-tables]')
  await tableButtons[row].click()
  await page.waitForSelector('[data-testid=tables-list] .el-table__row', { timeout: 15_000 })
  const listed = await page.$$eval('[data-testid=tables-list] .el-table__body .el-table__row', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())))
  // Cells: expand, name, comment, columns, rows.
  const orders = listed.find((r) => r[1] === 'orders')
  // The row count grouped as every count on the page reads (4,527).
  check(
    listed.length >= 8 && orders && Number(orders[3]) > 0 && /^\d{1,3}(,\d{3})*$/.test(orders[4]) && Number(orders[4].replace(/,/g, '')) > 0,
    `its tables are browsed with column and row counts, grouped (${listed.length} tables, orders ${orders?.[3]} columns, ${orders?.[4]} rows)`,
  )
  await page.screenshot({ path: join(outDir, '15-admin-datasources.png') })
  await page.keyboard.press('Escape')

  // An agent bound to it, allowed three tables picked from the datasource's list.
  await page.goto(`${base}/admin/agents`, { waitUntil: 'networkidle0' })
  await page.click('[data-testid=new-agent]')
  await page.waitForSelector('input[data-testid=agent-id]', { visible: true })
  await setValue(page, 'input[data-testid=agent-id]', 'shop')
  await setValue(page, 'input[data-testid=agent-name]', '门店助手')
  await page.click('[data-testid=agent-datasource]')
  await clickText(page, '.el-select-dropdown__item', '门店库')
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=agent-tables] .el-checkbox').length >= 8, { timeout: 15_000 })
  const picked = ['orders', 'stores', 'customers']
  for (const name of picked) await clickText(page, '[data-testid=agent-tables] .el-checkbox', name)
  const hint = await page.$eval('[data-testid=agent-tables] .hint', (e) => e.textContent)
  check(hint.includes('3'), 'the agent form picks tables from the datasource list', hint)
  await page.screenshot({ path: join(outDir, '16-agent-form.png') })
  await page.click('[data-testid=save-agent]')
  await page.waitForFunction(() => document.querySelector('[data-testid=agents-table]').textContent.includes('门店助手'), { timeout: 15_000 })
  await page.waitForSelector('input[data-testid=agent-id]', { hidden: true })
  const agent = (await json(base, auth, 'GET', '/api/v1/agents/shop')).data
  check(agent.datasource_id === 'shop' && JSON.stringify([...agent.selected_tables].sort()) === JSON.stringify([...picked].sort()), 'the agent is stored bound to the datasource with the three tables', JSON.stringify(agent).slice(0, 300))

  // A key for it, shown once.
  await page.click('[data-testid=keys-shop]')
  await page.waitForSelector('[data-testid=issue-key]', { visible: true })
  await page.click('[data-testid=issue-key]')
  const agentKey = await page.waitForSelector('[data-testid=new-key]', { timeout: 15_000 }).then((e) => e.evaluate((x) => x.textContent.trim()))
  check(/^askdb_[0-9a-f]{16}_/.test(agentKey), 'an agent key is issued and shown')
  await page.screenshot({ path: join(outDir, '17-agent-key.png') })
  await page.keyboard.press('Escape')
  await page.waitForFunction(() => !document.querySelector('[data-testid=new-key]') || document.querySelector('[data-testid=new-key]').offsetParent === null)
  await page.click('[data-testid=keys-shop]')
  await page.waitForNetworkIdle({ idleTime: 300 })
  const shownAgain = await page.$$eval('[data-testid=new-key]', (l) => l.filter((e) => e.offsetParent !== null).length)
  const html = await page.content()
  check(shownAgain === 0 && !html.includes(agentKey), 'the key is shown only once (not after reopening)')
  await page.keyboard.press('Escape')

  // Signed in with that key: only that agent, and it answers from its datasource.
  const agentPage = await newPage()
  await agentPage.goto(`${base}/signin`, { waitUntil: 'networkidle0' })
  await agentPage.type('input[data-testid=key]', agentKey)
  await agentPage.click('button[data-testid=signin]')
  await agentPage.waitForSelector(Q, { timeout: 15_000 })
  const choices = await agentPage.$$eval('select[data-testid=agent-picker] option', (l) => l.map((e) => e.textContent.trim()))
  check(choices.length === 1 && choices[0] === '门店助手', 'an agent key sees only its agent', choices.join(' | '))
  await agentPage.type(Q, '每个门店的订单数')
  await agentPage.keyboard.press('Enter')
  const answered = await agentPage.waitForSelector('[data-testid=result-table] tbody tr', { timeout: 60_000 }).catch(() => null)
  const runs = (await json(base, auth, 'GET', '/api/v1/runs/history?agent=shop')).data.runs ?? []
  check(answered !== null && runs.length === 1 && runs[0].outcome === 'ok', 'the agent answers with its key (its run is recorded under the agent)', JSON.stringify(runs).slice(0, 300))
  await agentPage.screenshot({ path: join(outDir, '18-agent-chat.png'), fullPage: true })
  await agentPage.close()
}

// (6) A semantic-model CSV: a file with broken rows changes nothing and says why; a file
// with a new synonym is imported and a question that uses the synonym is answered.
export async function semanticCsv(ctx, page) {
  const { base, auth, check, outDir, home } = ctx
  const synonymQuestion = '2024年各地区的进账'
  const before = await json(base, auth, 'POST', '/api/v1/ask', { query: synonymQuestion })
  check(before.data?.route !== 'engine', `before the import the synonym is unknown (${before.status} ${before.data?.route ?? before.data?.error?.code ?? ''})`)
  const modelBefore = (await json(base, auth, 'GET', '/api/v1/datasources/default/semantic-model')).data
  const exported = await json(base, auth, 'GET', '/api/v1/datasources/default/semantic-model/export?format=csv&part=entries')
  const rows = parseCsv(exported.data)
  const header = rows[0]
  const col = (name) => header.indexOf(name)
  const amount = rows.find((r) => r[col('table')] === 'orders' && r[col('column')] === 'total_amount')

  await page.goto(`${base}/admin/semantic`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=semantic-grid] .el-table__row', { timeout: 15_000 })
  const broken = join(home, 'semantic-broken.csv')
  writeFileSync(broken, toCsv([header, ['orders', 'total_amount', 'maybe', '订单金额', '', '进账', '', '', 'measure', '元'], ['orders', 'no_such_column', 'true'], ...rows.slice(1)]))
  await (await page.$('input[data-testid=import-file]')).uploadFile(broken)
  const brokenMessage = await page.waitForSelector('[data-testid=import-error]', { timeout: 15_000 }).then((e) => e.evaluate((x) => x.textContent)).catch(() => '')
  const modelAfterBroken = (await json(base, auth, 'GET', '/api/v1/datasources/default/semantic-model')).data
  check(
    brokenMessage.includes('未从') && brokenMessage.includes('semantic-broken.csv') && JSON.stringify(modelAfterBroken) === JSON.stringify(modelBefore),
    'a CSV with broken rows is refused with the reason, the model unchanged',
    brokenMessage.slice(0, 300),
  )
  await page.screenshot({ path: join(outDir, '19-semantic-import-broken.png') })

  amount[col('synonyms')] = `${amount[col('synonyms')]}|进账`
  const good = join(home, 'semantic.csv')
  writeFileSync(good, '\uFEFF' + toCsv(rows))
  await (await page.$('input[data-testid=import-file]')).uploadFile(good)
  await page.waitForSelector('.el-message--success', { timeout: 15_000 }).catch(() => null)
  const modelAfter = (await json(base, auth, 'GET', '/api/v1/datasources/default/semantic-model')).data
  const stored = modelAfter.tables?.find((t) => t.name === 'orders')?.columns?.find((c) => c.name === 'total_amount')
  check((stored?.synonyms ?? []).includes('进账'), 'the CSV with the new synonym is imported')

  await page.goto(`${base}/chat`, { waitUntil: 'networkidle0' })
  await page.waitForSelector(Q)
  await page.type(Q, synonymQuestion)
  await page.keyboard.press('Enter')
  const answered = await page.waitForSelector('[data-testid=result-table] tbody tr', { timeout: 60_000 }).catch(() => null)
  const reference = await json(base, auth, 'POST', '/api/v1/ask', { query: '2024年各地区的销售额' })
  const cells = answered ? await page.$$eval('[data-testid=result-table] tbody tr', (l) => l.map((r) => r.querySelector('td').textContent.trim())) : []
  const names = (reference.data.result?.rows ?? []).map((r) => String(r[0]))
  check(answered !== null && names.length > 0 && JSON.stringify(cells) === JSON.stringify(names.slice(0, 20)), `a question using the new synonym is answered (${synonymQuestion})`, JSON.stringify({ cells, names }))
  await page.screenshot({ path: join(outDir, '20-synonym-answer.png'), fullPage: true })
}

// (Knowledge) The knowledge page: a Markdown document uploaded with the sentence chunker is
// listed with its chunker and chunks (as the API stores it); a Q&A pair added on the page is
// stored in the default agent's scope; the search tester shows the API's hits with their
// keyword, vector and fused scores, its type filter keeps only that type and its scope
// filter only that scope (an empty result says so); the recall switch and delete reach the
// server; an empty file is refused with the server's reason and nothing is stored.
export async function knowledgePage(ctx, page) {
  const { base, auth, check, outDir, home } = ctx
  const doc = join(home, '退货政策.md')
  writeFileSync(doc, '# 退货政策\n\n门店售出的商品在十四天内可以无理由退货。退货时需要出示购物小票。\n\n会员积分在退货后自动扣回。\n')
  const empty = join(home, 'empty.md')
  writeFileSync(empty, '')
  await page.goto(`${base}/admin/knowledge`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=knowledge-table]', { timeout: 15_000 })
  const emptyList = await page.$eval('[data-testid=knowledge-table] .el-table__empty-text', (e) => e.textContent.trim()).catch(() => '')
  check(emptyList.includes('上传文档'), 'an empty knowledge base says how to add knowledge', emptyList)
  await page.click('[data-testid=knowledge-chunker]')
  await clickText(page, '.el-select-dropdown__item', '按句')
  // The file is chosen with a button in the page's language (the browser's own said
  // "Choose File" in the Chinese page), and its name is shown beside it.
  const chooseText = await page.$eval('[data-testid=knowledge-choose]', (b) => b.textContent.trim())
  const nothingChosen = await page.$eval('[data-testid=knowledge-file-name]', (e) => e.textContent.trim())
  const nativeHidden = await page.$eval('input[data-testid=knowledge-file]', (i) => i.getBoundingClientRect().width === 0)
  check(chooseText === '选择文件' && nothingChosen === '未选择文件' && nativeHidden, "the file is chosen with a button in the page's language", `${chooseText} / ${nothingChosen}`)
  await (await page.$('input[data-testid=knowledge-file]')).uploadFile(doc)
  await page.waitForFunction(() => document.querySelector('[data-testid=knowledge-file-name]')?.textContent.trim() === '退货政策.md', { timeout: 5_000 }).catch(() => null)
  check((await page.$eval('[data-testid=knowledge-file-name]', (e) => e.textContent.trim())) === '退货政策.md', 'the chosen file is named beside the button')
  await page.click('[data-testid=knowledge-upload]')
  await page
    .waitForFunction(() => [...document.querySelectorAll('[data-testid=knowledge-table] .el-table__row')].some((r) => r.textContent.includes('退货政策')), { timeout: 30_000 })
    .catch(() => null)
  const row = await page.$$eval('[data-testid=knowledge-table] .el-table__body .el-table__row', (rows) => rows.map((r) => r.textContent).find((t) => t.includes('退货政策')) ?? '')
  const items = (await json(base, auth, 'GET', '/api/v1/knowledge')).data.items ?? []
  const stored = items.find((i) => i.file_name === '退货政策.md')
  check(
    stored?.chunker?.kind === 'sentence' && stored.chunks > 0 && row.includes('按句') && row.includes('已索引'),
    'a document uploaded on the knowledge page is stored with the chosen chunker and listed with its state',
    JSON.stringify({ row, stored: stored ?? items }).slice(0, 300),
  )

  // A Q&A pair, into the page's target scope (every scope shown: the default agent).
  await setValue(page, 'input[data-testid=knowledge-question]', '退货要带小票吗？')
  await setValue(page, 'textarea[data-testid=knowledge-answer]', '要，退货时需要出示购物小票。')
  await page.click('[data-testid=knowledge-add-pair]')
  await page
    .waitForFunction(() => [...document.querySelectorAll('[data-testid=knowledge-table] .el-table__row')].some((r) => r.textContent.includes('退货要带小票吗')), { timeout: 15_000 })
    .catch(() => null)
  const withPair = (await json(base, auth, 'GET', '/api/v1/knowledge')).data.items ?? []
  const qa = withPair.find((i) => i.question === '退货要带小票吗？')
  check(qa?.kind === 'qa' && qa.scope === 'agent:default' && qa.recall === true, 'a Q&A pair added on the knowledge page is stored in the default agent', JSON.stringify(qa ?? withPair).slice(0, 300))

  // The tester: the page's hits are the API's, in order, with the same scores.
  const readHits = () =>
    page.$$eval('[data-testid=knowledge-hits] .el-table__body .el-table__row', (rows) =>
      rows.map((r) => ({
        type: r.querySelector('.hit-type')?.textContent.trim(),
        text: r.querySelector('.hit-text')?.textContent.trim(),
        keyword: r.querySelector('.score-keyword')?.textContent.trim(),
        vector: r.querySelector('.score-vector')?.textContent.trim(),
        fused: r.querySelector('.score-fused')?.textContent.trim(),
      })),
    )
  // Each search the page makes is counted in data-search: the rows read are the new ones.
  const searchOnPage = async () => {
    const count = await page.$eval('[data-testid=knowledge-hits]', (e) => Number(e.dataset.search)).catch(() => 0)
    await page.click('[data-testid=knowledge-search]')
    await page
      .waitForFunction((n) => Number(document.querySelector('[data-testid=knowledge-hits]')?.dataset.search ?? 0) > n, { timeout: 15_000 }, count)
      .catch(() => null)
    return readHits()
  }
  const fmt = (score, rank) => (rank > 0 ? score.toFixed(3) : '—')
  // The page closes up blank lines and runs of spaces in a chunk (lib/knowledge.ts chunkText).
  const compact = (t) => t.replace(/[ \t]+/g, ' ').replace(/\s*\n\s*/g, '\n').trim()
  const asShown = (h) => ({ text: compact(h.text), keyword: fmt(h.keyword_score, h.keyword_rank), vector: fmt(h.vector_score, h.vector_rank), fused: h.fused_score.toFixed(3) })
  const question = '退货需要小票吗'
  await setValue(page, 'input[data-testid=knowledge-query]', question)
  const all = await searchOnPage()
  const apiAll = (await json(base, auth, 'POST', '/api/v1/knowledge/search', { query: question, mode: 'hybrid', top_k: 10 })).data.hits ?? []
  check(
    apiAll.length >= 2 &&
      JSON.stringify(all.map(({ type, ...rest }) => rest)) === JSON.stringify(apiAll.map(asShown)) &&
      all.some((h) => h.type === '文档') &&
      all.some((h) => h.type === '问答'),
    "the search tester shows the API's hits (document and Q&A) with their keyword, vector and fused scores",
    JSON.stringify({ all, apiAll: apiAll.map(asShown) }).slice(0, 600),
  )
  await page.screenshot({ path: join(outDir, '25-admin-knowledge.png'), fullPage: true })

  await page.click('[data-testid=knowledge-kind-qa]')
  const onlyQa = await searchOnPage()
  const apiQa = (await json(base, auth, 'POST', '/api/v1/knowledge/search', { query: question, mode: 'hybrid', top_k: 10, kinds: ['qa'] })).data.hits ?? []
  check(
    onlyQa.length > 0 && onlyQa.length === apiQa.length && onlyQa.every((h) => h.type === '问答') && onlyQa[0].text === compact(apiQa[0].text),
    'the type filter keeps only Q&A hits, as the API filters them',
    JSON.stringify({ onlyQa, apiQa: apiQa.length }).slice(0, 400),
  )
  await page.click('[data-testid=knowledge-kind-qa]')
  await page.click('[data-testid=knowledge-kind-document]')
  const onlyDocs = await searchOnPage()
  check(onlyDocs.length > 0 && onlyDocs.every((h) => h.type === '文档'), 'the type filter keeps only document hits', JSON.stringify(onlyDocs).slice(0, 300))
  await page.click('[data-testid=knowledge-kind-document]')

  // The scope filter: a datasource's scope holds none of it; the page says so.
  const datasources = (await json(base, auth, 'GET', '/api/v1/datasources')).data.datasources ?? []
  if (check(datasources.length > 0, 'there is a datasource to filter the search by')) {
    const ds = datasources[0]
    await page.click('[data-testid=knowledge-search-scope]')
    await clickText(page, '.el-select-dropdown__item', `数据源 · ${ds.name || ds.id}`)
    const none = await searchOnPage()
    const noneText = await page.$eval('[data-testid=knowledge-hits] .el-table__empty-text', (e) => e.textContent.trim()).catch(() => '')
    const apiNone = (await json(base, auth, 'POST', '/api/v1/knowledge/search', { query: question, top_k: 10, datasource: ds.id })).data.hits ?? []
    check(none.length === 0 && apiNone.length === 0 && noneText.includes('没有检索到'), "the scope filter searches only that datasource's knowledge and says when nothing is found", JSON.stringify({ none, noneText, apiNone: apiNone.length }))
    await page.click('[data-testid=knowledge-search-scope]')
    await clickText(page, '.el-select-dropdown__item', '全部范围')
  }

  // The recall switch and delete reach the server.
  if (qa) {
    const switched = page.waitForResponse((r) => r.url().endsWith(`/api/v1/knowledge/${qa.id}/recall`), { timeout: 15_000 }).catch(() => null)
    await page.click(`[data-testid=knowledge-recall-${qa.id}]`)
    await switched
    const off = (await json(base, auth, 'GET', `/api/v1/knowledge/${qa.id}`)).data
    check(off?.recall === false, "the recall switch on the knowledge page turns the item's recall off on the server", JSON.stringify(off).slice(0, 200))
    const confirm = (d) => d.accept()
    page.once('dialog', confirm)
    const removed = page.waitForResponse((r) => r.url().endsWith(`/api/v1/knowledge/${qa.id}`) && r.request().method() === 'DELETE', { timeout: 15_000 }).catch(() => null)
    await page.click(`[data-testid=knowledge-delete-${qa.id}]`)
    await removed
    const left = (await json(base, auth, 'GET', '/api/v1/knowledge')).data.items ?? []
    check(!left.some((i) => i.id === qa.id), 'a Q&A pair deleted on the knowledge page is gone from the server', JSON.stringify(left.map((i) => i.id)))
  }

  await (await page.$('input[data-testid=knowledge-file]')).uploadFile(empty)
  // The input still held the earlier document: click only once it holds the empty one, or the
  // click can send the earlier file again (seen as a flaky run: no error shown).
  await page
    .waitForFunction(() => document.querySelector('input[data-testid=knowledge-file]')?.files?.[0]?.name === 'empty.md', { timeout: 15_000 })
    .catch(() => null)
  // The refusal comes back to the POST of empty.md; a click that sent nothing (the page was
  // still settling after the earlier upload's toast) is tried once more.
  const postOfEmpty = () =>
    page
      .waitForResponse((r) => r.url().includes('/api/v1/knowledge/documents?') && r.url().includes('file_name=empty.md') && r.request().method() === 'POST', { timeout: 10_000 })
      .catch(() => null)
  let posted = postOfEmpty()
  await page.click('[data-testid=knowledge-upload]')
  if (!(await posted)) {
    posted = postOfEmpty()
    await page.click('[data-testid=knowledge-upload]')
    await posted
  }
  const refused = await page.waitForSelector('[data-testid=knowledge-error]', { timeout: 15_000 }).then((e) => e.evaluate((x) => x.textContent)).catch(() => '')
  const after = (await json(base, auth, 'GET', '/api/v1/knowledge')).data.items ?? []
  check(refused.length > 0 && after.length === items.length && !after.some((i) => i.file_name === 'empty.md'), 'an empty document is refused with the reason and nothing is stored', refused)
}
