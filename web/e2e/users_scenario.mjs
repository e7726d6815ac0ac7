// Users and data permissions in the web UI (issue 18), run by ui_e2e.mjs against the same
// `askdb serve` (demo database): the admin creates an analyst with region=华东 on the users
// page and a row rule on the demo database's regions on the permissions page (a rule that
// does not bind first: the page shows the server's 400 message, nothing is stored); the
// analyst signs in with name and password (Account mode), asks "2024年各地区的销售额" and
// sees only 华东's row — equal to the admin's 华东 row for the same question — with the
// permission note under the answer. Then the rule and the account are deleted on the pages.
import { join } from 'node:path'
import { clickText, json, setValue } from './scenarios.mjs'

const Q = 'textarea[data-testid=question]'
const NAME = 'ann_e2e'
const PASSWORD = 'analyst-pass-123'
const QUESTION = '2024年各地区的销售额'

export async function usersAndPermissions(ctx, page) {
  const { base, auth, check, outDir } = ctx

  // --- the users page: create the analyst ---------------------------------------------
  await page.goto(`${base}/admin/users`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=users-table]', { timeout: 15_000 })
  await page.click('[data-testid=user-new]')
  await page.waitForSelector('input[data-testid=user-name]', { visible: true })
  await setValue(page, 'input[data-testid=user-name]', NAME)
  await setValue(page, 'input[data-testid=user-password]', 'short')
  await setValue(page, 'input[data-testid=user-attr-key-0]', 'region')
  await setValue(page, 'input[data-testid=user-attr-value-0]', '华东')
  await page.click('[data-testid=user-agent-default]')
  // A password the server refuses: its message is shown, no account is made.
  await page.click('[data-testid=user-save]')
  const refusedText = await page
    .waitForSelector('[data-testid=user-form-error]', { timeout: 15_000 })
    .then((e) => e.evaluate((x) => x.textContent))
    .catch(() => '')
  const probe = await json(base, auth, 'POST', '/api/v1/users', { name: `${NAME}_probe`, password: 'short', role: 'analyst' })
  const noUser = (await json(base, auth, 'GET', `/api/v1/users/${NAME}`)).status === 404
  check(
    probe.status === 400 && refusedText.includes(probe.data?.error?.message ?? '\u0000') && noUser,
    "the users page shows the server's message for a refused password and makes no account",
    `${refusedText} | ${JSON.stringify(probe.data)}`,
  )
  await setValue(page, 'input[data-testid=user-password]', PASSWORD)
  await page.click('[data-testid=user-save]')
  await page
    .waitForFunction((n) => [...document.querySelectorAll('[data-testid=users-table] .el-table__row')].some((r) => r.textContent.includes(n)), { timeout: 15_000 }, NAME)
    .catch(() => null)
  const stored = (await json(base, auth, 'GET', `/api/v1/users/${NAME}`)).data
  const row = await page.$$eval('[data-testid=users-table] .el-table__body .el-table__row', (rows) => rows.map((r) => r.textContent))
  const listed = row.find((r) => r.includes(NAME)) ?? ''
  check(
    stored?.role === 'analyst' && stored.attributes?.region === '华东' && JSON.stringify(stored.agents) === '["default"]' && listed.includes('region=华东') && listed.includes('default'),
    'the users page creates an analyst with region=华东 and the default agent, and lists them',
    `${JSON.stringify(stored)} | ${listed}`,
  )
  await page.screenshot({ path: join(outDir, '26-admin-users.png'), fullPage: true })

  // --- the permissions page: a rule that does not bind, then the row rule ------------------
  await page.goto(`${base}/admin/permissions`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=permissions-table]', { timeout: 15_000 })
  const rulesBefore = (await json(base, auth, 'GET', '/api/v1/datasources/default/permissions')).data.rules ?? []
  await page.click('[data-testid=permission-grantee-kind]')
  await clickText(page, '.el-select-dropdown__item', '用户')
  await page.click('[data-testid=permission-grantee]')
  await clickText(page, '.el-select-dropdown__item', NAME)
  await page.click('[data-testid=permission-table]')
  await page.keyboard.type('regions')
  await clickText(page, '.el-select-dropdown__item', 'regions')
  await setValue(page, 'input[data-testid=permission-predicate]', 'no_such_column = {user.region}')
  await page.click('[data-testid=permission-add]')
  const unbound = await page
    .waitForSelector('[data-testid=permissions-error]', { timeout: 15_000 })
    .then((e) => e.evaluate((x) => x.textContent))
    .catch(() => '')
  const bad = await json(base, auth, 'POST', '/api/v1/datasources/default/permissions', {
    grantee_kind: 'user',
    grantee: NAME,
    kind: 'row',
    table: 'regions',
    predicate: 'no_such_column = {user.region}',
  })
  const rulesBetween = (await json(base, auth, 'GET', '/api/v1/datasources/default/permissions')).data.rules ?? []
  check(
    bad.status === 400 && unbound.includes(bad.data?.error?.message ?? '\u0000') && rulesBetween.length === rulesBefore.length,
    "a rule that does not bind shows the server's 400 message and is not stored",
    `${unbound} | ${JSON.stringify(bad.data)}`,
  )
  await setValue(page, 'input[data-testid=permission-predicate]', 'name_zh = {user.region}')
  await page.click('[data-testid=permission-add]')
  await page
    .waitForFunction(() => [...document.querySelectorAll('[data-testid=permissions-table] .el-table__row')].some((r) => r.textContent.includes('name_zh = {user.region}')), { timeout: 15_000 })
    .catch(() => null)
  const rules = (await json(base, auth, 'GET', '/api/v1/datasources/default/permissions')).data.rules ?? []
  const rule = rules.find((r) => r.grantee === NAME && r.kind === 'row' && r.table === 'regions' && r.predicate === 'name_zh = {user.region}')
  check(rule !== undefined && rule.grantee_kind === 'user', 'the permissions page stores a row rule granted to the analyst and lists it', JSON.stringify(rules))
  await page.screenshot({ path: join(outDir, '27-admin-permissions.png'), fullPage: true })

  // --- the analyst signs in with name and password and asks -------------------------------
  const admin = await json(base, auth, 'POST', '/api/v1/ask', { query: QUESTION })
  const adminRows = admin.data?.result?.rows ?? []
  const east = adminRows.find((r) => r.some((v) => v === '华东'))
  const analyst = await ctx.newPage()
  await analyst.goto(`${base}/signin`, { waitUntil: 'networkidle0' })
  await analyst.click('[data-testid=mode-account]')
  await analyst.waitForSelector('input[data-testid=name]', { visible: true })
  await analyst.type('input[data-testid=name]', NAME)
  await analyst.type('input[data-testid=password]', PASSWORD)
  await analyst.click('button[data-testid=signin-account]')
  await analyst.waitForSelector(Q, { timeout: 15_000 })
  check((await analyst.$('a[href="/admin/agents"]')) === null, 'the analyst signed in with name and password sees only the chat')
  await analyst.type(Q, QUESTION)
  await analyst.keyboard.press('Enter')
  await analyst.waitForSelector('[data-testid=result-table] tbody tr', { timeout: 60_000 }).catch(() => null)
  const cells = await analyst.$$eval('[data-testid=result-table] tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent.trim())))
  const sameAsAdmin =
    east !== undefined &&
    cells.length === 1 &&
    east.every((v, j) => (typeof v === 'number' ? Math.abs(Number(cells[0][j].replace(/,/g, '')) - v) < 0.01 : String(v ?? 'NULL') === cells[0][j]))
  check(
    adminRows.length > 1 && sameAsAdmin,
    `the analyst (region=华东) sees only 华东's row, equal to the admin's 华东 row (admin sees ${adminRows.length} rows)`,
    JSON.stringify({ cells, east }),
  )
  const note = await analyst.$eval('[data-testid=permissions-note]', (e) => e.textContent).catch(() => '')
  check(note.includes('华东') && note.includes('regions'), 'the permission note is shown under the answer', note)
  await analyst.screenshot({ path: join(outDir, '28-analyst-region.png'), fullPage: true })
  await analyst.close()

  // --- delete the rule and the account on the pages -------------------------------------------
  await page.click(`[data-testid=permission-delete-${rule?.id}]`).catch(() => {})
  await page.waitForNetworkIdle({ idleTime: 300 })
  const afterRules = (await json(base, auth, 'GET', '/api/v1/datasources/default/permissions')).data.rules ?? []
  check(rule !== undefined && !afterRules.some((r) => r.id === rule.id), 'the permissions page deletes the rule')
  await page.goto(`${base}/admin/users`, { waitUntil: 'networkidle0' })
  await page.waitForSelector(`[data-testid=user-delete-${NAME}]`, { timeout: 15_000 })
  page.once('dialog', (d) => d.accept())
  await page.click(`[data-testid=user-delete-${NAME}]`)
  await page.waitForNetworkIdle({ idleTime: 300 })
  check((await json(base, auth, 'GET', `/api/v1/users/${NAME}`)).status === 404, 'the users page deletes the account')
}
