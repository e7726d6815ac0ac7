// The business-term editor (/admin/terms), run by ui_e2e.mjs against the same `askdb serve`
// (demo database): a definition that does not bind shows the server's 400 message and stores
// nothing; a measure term of the datasource made on the page answers a question in the chat
// with the same rows as the demo's equal term (净销售额); search, edit, the recall switch;
// a knowledge-only term of an agent stays in the agent's scope; both are deleted on the page;
// an agent key is not let in.
import { join } from 'node:path'
import { json, setValue } from './scenarios.mjs'

const Q = 'textarea[data-testid=question]'
const KEY = 'input[data-testid=key]'
const WORD = '实收金额'
const rowsOf = (page) =>
  page.$$eval('[data-testid=terms-table] .el-table__body .el-table__row', (rows) => rows.map((r) => r.textContent))

async function openNew(page) {
  await page.click('[data-testid=term-new]')
  await page.waitForSelector('input[data-testid=term-word]', { visible: true })
}

export async function termsPage(ctx, page) {
  const { base, auth, check, outDir, newPage } = ctx
  const dsTerms = async () => (await json(base, auth, 'GET', '/api/v1/datasources/default/terms')).data.terms ?? []
  const before = await dsTerms()

  await page.goto(`${base}/admin/terms`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=terms-table]', { timeout: 15_000 })

  // A definition over a column that does not exist: the server's message, nothing stored.
  await openNew(page)
  await setValue(page, 'input[data-testid=term-word]', WORD)
  await setValue(page, 'input[data-testid=term-synonyms]', '实收，到账金额')
  await page.click('[data-testid=term-meaning-measure]')
  await page.waitForSelector('input[data-testid=term-expression]', { visible: true })
  await setValue(page, 'input[data-testid=term-expression]', 'SUM(orders.amount)')
  await setValue(page, 'input[data-testid=term-filter]', "orders.status = 'completed'")
  await page.click('[data-testid=term-save]')
  const refused = await page
    .waitForSelector('[data-testid=term-form-error]', { timeout: 15_000 })
    .then((e) => e.evaluate((x) => x.textContent))
    .catch(() => '')
  const afterRefusal = await dsTerms()
  check(
    refused.includes('orders.amount') && afterRefusal.length === before.length,
    "a term whose definition does not bind shows the server's message and is not stored",
    refused.slice(0, 200),
  )
  await page.screenshot({ path: join(outDir, '30-term-refused.png') })

  // The same term with a column that binds: stored with its synonyms and listed.
  await setValue(page, 'input[data-testid=term-expression]', 'SUM(orders.total_amount)')
  await page.click('[data-testid=term-save]')
  await page.waitForSelector('input[data-testid=term-word]', { hidden: true, timeout: 15_000 }).catch(() => null)
  // The dialog closes when the POST succeeded; the list is fetched after it (no reading the
  // table before that fetch has drawn the new row: it failed so under load).
  await page
    .waitForFunction((w) => [...document.querySelectorAll('[data-testid=terms-table] .el-table__body .el-table__row')].some((r) => r.textContent.includes(w)), { timeout: 15_000 }, WORD)
    .catch(() => null)
  const stored = (await dsTerms()).find((x) => x.term === WORD)
  const listed = (await rowsOf(page)).find((r) => r.includes(WORD)) ?? ''
  check(
    stored?.meaning === 'measure' && stored.expression === 'SUM(orders.total_amount)' && JSON.stringify(stored.synonyms) === '["实收","到账金额"]' && listed.includes('到账金额'),
    'a measure term made on the page is stored with its synonyms and listed',
    `${JSON.stringify(stored)} | ${listed}`,
  )

  // A filter term with its own relative period: the period fields appear for a filter, and
  // the term is stored with the period and the date column it bounds.
  const PERIOD_WORD = '近期大客户'
  await openNew(page)
  await setValue(page, 'input[data-testid=term-word]', PERIOD_WORD)
  await page.click('[data-testid=term-meaning-filter]')
  await page.waitForSelector('input[data-testid=term-period]', { visible: true })
  await setValue(page, 'input[data-testid=term-expression]', 'SUM(orders.total_amount) > 5000')
  await setValue(page, 'input[data-testid=term-subject]', 'customers')
  await setValue(page, 'input[data-testid=term-period]', '近一年')
  await page.waitForSelector('input[data-testid=term-period-column]', { visible: true })
  await setValue(page, 'input[data-testid=term-period-column]', 'orders.order_date')
  await page.click('[data-testid=term-save]')
  await page.waitForSelector('input[data-testid=term-word]', { hidden: true, timeout: 15_000 }).catch(() => null)
  const periodTerm = (await dsTerms()).find((x) => x.term === PERIOD_WORD)
  check(
    periodTerm?.meaning === 'filter' && periodTerm.period === '近一年' && periodTerm.period_column === 'orders.order_date',
    'a filter term with a relative period made on the page is stored with its period and date column',
    JSON.stringify(periodTerm),
  )
  if (periodTerm) await json(base, auth, 'DELETE', `/api/v1/datasources/default/terms/${periodTerm.id}`)

  // The chat answers with it, the same rows as the demo's term of the same definition.
  const reference = await json(base, auth, 'POST', '/api/v1/ask', { query: '2024年各地区的净销售额' })
  await page.goto(`${base}/chat`, { waitUntil: 'networkidle0' })
  await page.click('[data-testid=new-chat]')
  await page.waitForSelector(Q)
  await page.type(Q, `2024年各地区的${WORD}`)
  await page.keyboard.press('Enter')
  const answered = await page.waitForSelector('[data-testid=result-table] tbody tr', { timeout: 60_000 }).catch(() => null)
  const cells = answered
    ? await page.$$eval('[data-testid=result-table] tbody tr', (l) => l.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())))
    : []
  const refRows = reference.data.result?.rows ?? []
  check(
    answered !== null && refRows.length > 0 && cells.length === Math.min(refRows.length, 20) && cells.every((c, i) => c[0] === String(refRows[i][0])),
    `a question using the new term is answered with the rows of the equal demo term (${cells.length} rows)`,
    JSON.stringify({ cells: cells.slice(0, 3), ref: refRows.slice(0, 3) }),
  )
  await page.screenshot({ path: join(outDir, '31-term-answer.png'), fullPage: true })

  // Search, edit, recall switch.
  await page.goto(`${base}/admin/terms`, { waitUntil: 'networkidle0' })
  await page.waitForFunction((w) => document.querySelector('[data-testid=terms-table]')?.textContent.includes(w), { timeout: 15_000 }, WORD)
  await setValue(page, 'input[data-testid=terms-search]', '到账')
  const found = await rowsOf(page)
  await setValue(page, 'input[data-testid=terms-search]', '没有这个词')
  const none = await rowsOf(page)
  check(found.length === 1 && found[0].includes(WORD) && none.length === 0, 'the search box finds a term by its synonym', `${found.length} / ${none.length}`)
  await setValue(page, 'input[data-testid=terms-search]', '')
  await page.click(`[data-testid="term-edit-${WORD}"]`)
  await page.waitForSelector('textarea[data-testid=term-description]', { visible: true })
  await setValue(page, 'textarea[data-testid=term-description]', '已完成订单的实付金额')
  await page.click('[data-testid=term-save]')
  await page.waitForSelector('textarea[data-testid=term-description]', { hidden: true, timeout: 15_000 }).catch(() => null)
  const edited = (await dsTerms()).find((x) => x.term === WORD)
  check(edited?.description === '已完成订单的实付金额' && edited.id === stored?.id, 'editing a term on the page replaces it on the server', JSON.stringify(edited))
  const switched = page
    .waitForResponse((r) => r.request().method() === 'POST' && r.url().endsWith('/recall'), { timeout: 15_000 })
    .catch(() => null)
  await page.click(`[data-testid="term-recall-${WORD}"]`)
  await switched
  const recallOff = (await dsTerms()).find((x) => x.term === WORD)
  check(recallOff?.is_recall === false, "the recall switch turns the term's recall off on the server")
  await page.screenshot({ path: join(outDir, '32-admin-terms.png'), fullPage: true })

  // An agent's term: knowledge only, in the agent's scope.
  await page.click('[data-testid=terms-scope-agents]')
  await page.waitForNetworkIdle({ idleTime: 300 })
  await openNew(page)
  await setValue(page, 'input[data-testid=term-word]', '大促')
  await setValue(page, 'textarea[data-testid=term-description]', '618 与双十一的促销期')
  await page.click('[data-testid=term-save]')
  // The dialog must be gone before the row is clicked: while it fades out its mask takes
  // the click (the delete below was then never sent).
  await page.waitForSelector('input[data-testid=term-word]', { hidden: true, timeout: 15_000 }).catch(() => null)
  await page.waitForFunction(() => document.querySelector('[data-testid=terms-table]')?.textContent.includes('大促'), { timeout: 15_000 }).catch(() => null)
  await page
    .waitForFunction(() => ![...document.querySelectorAll('.el-overlay')].some((e) => getComputedStyle(e).display !== 'none'), { timeout: 15_000 })
    .catch(() => null)
  const agentTerms = (await json(base, auth, 'GET', '/api/v1/agents/default/terms')).data.terms ?? []
  check(
    agentTerms.some((x) => x.term === '大促' && !x.meaning) && !(await dsTerms()).some((x) => x.term === '大促'),
    "a knowledge-only term made under an agent is stored in the agent's scope only",
    JSON.stringify(agentTerms),
  )

  // Deleted on the page, in both scopes (each asks to confirm).
  const confirm = (d) => d.accept().catch(() => {})
  page.on('dialog', confirm)
  // The status of the DELETE the click sent, or 'none' when no request left the page.
  const deleted = () =>
    page
      .waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/terms/'), { timeout: 15_000 })
      .then((r) => r.status())
      .catch(() => 'none')
  await page.waitForSelector('[data-testid="term-delete-大促"]', { timeout: 15_000 })
  let done = deleted()
  await page.click('[data-testid="term-delete-大促"]')
  const agentDelete = await done
  await page.waitForNetworkIdle({ idleTime: 300 })
  await page.click('[data-testid=terms-scope-datasources]')
  await page.waitForFunction((w) => document.querySelector('[data-testid=terms-table]')?.textContent.includes(w), { timeout: 15_000 }, WORD)
  done = deleted()
  await page.click(`[data-testid="term-delete-${WORD}"]`)
  const datasourceDelete = await done
  await page.waitForNetworkIdle({ idleTime: 300 })
  page.off('dialog', confirm)
  const agentAfter = (await json(base, auth, 'GET', '/api/v1/agents/default/terms')).data.terms ?? []
  const dsAfter = await dsTerms()
  check(
    !agentAfter.some((x) => x.term === '大促') && dsAfter.length === before.length,
    'terms deleted on the page are gone from the server',
    JSON.stringify({ agentDelete, datasourceDelete, agent: agentAfter.map((x) => x.term), datasource: dsAfter.map((x) => x.term), before: before.length }),
  )

  // An agent key (no term routes) is sent back to the chat.
  {
    const issued = (await json(base, auth, 'POST', '/api/v1/agents/default/keys', {})).data
    const p = await newPage()
    await p.goto(`${base}/signin`, { waitUntil: 'networkidle0' })
    await p.type(KEY, issued.key)
    await p.click('button[data-testid=signin]')
    await p.waitForSelector(Q, { timeout: 15_000 })
    await p.goto(`${base}/admin/terms`, { waitUntil: 'networkidle0' })
    await p.waitForSelector(Q, { timeout: 15_000 }).catch(() => null)
    check(new URL(p.url()).pathname.startsWith('/chat') && (await p.$('[data-testid=terms-table]')) === null, 'an agent key cannot open the term editor')
    await p.close()
    await json(base, auth, 'DELETE', `/api/v1/agents/default/keys/${issued.id}`)
  }
}
