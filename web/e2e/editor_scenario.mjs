// The admin pages as an editor (docs/permissions.md: an agent's semantic model, relations,
// examples, knowledge and terms), run by ui_e2e.mjs against the same `askdb serve`: an
// editor account signs in with name and password; the menu offers exactly the editor's
// pages and each shows its content; the agents and datasources pages are read-only for
// them (listed, tables browsable, no create, edit, delete, key or test button — the server
// refuses them those changes); every admin-only page sends the editor to their first
// page, and the server refuses that page's data to the editor (403) — the UI hides what the
// server refuses; a business term made and deleted on the page by the editor is stored and
// removed on the server.
import { join } from 'node:path'
import { json, setValue } from './scenarios.mjs'

const NAME = 'ed_e2e'
const PASSWORD = 'editor-pass-123'
const WORD = '编辑者词'
const EDITOR_PAGES = [
  ['agents', '[data-testid=agents-table] .el-table__row'],
  ['datasources', '[data-testid=datasources-table] .el-table__row'],
  ['semantic', '[data-testid=semantic-grid] .el-table__row'],
  ['relations', '.el-table'],
  ['terms', '[data-testid=terms-table]'],
  ['examples', '.el-table'],
  ['knowledge', '.el-table'],
]
// Each admin-only page and a request its content needs, which the server refuses an editor.
// The read-only pages: what the page does not offer, the server refuses.
const READ_ONLY = [
  ['agents', ['new-agent', 'keys-default'], [['POST', '/api/v1/agents', { id: 'ed_agent', name: 'x' }], ['PUT', '/api/v1/agents/default', { name: 'x' }], ['GET', '/api/v1/agents/default/keys']]],
  ['datasources', ['new-datasource', 'test-datasource'], [['POST', '/api/v1/datasources', { id: 'ed_ds', url: 'sqlite::memory:' }], ['POST', '/api/v1/datasources/default/test']]],
]
const ADMIN_PAGES = [
  ['models', 'GET', '/api/v1/models'],
  ['runs', 'GET', '/api/v1/runs/history'],
  ['users', 'GET', '/api/v1/users'],
  ['permissions', 'GET', '/api/v1/datasources/default/permissions'],
]
const pathOf = (p) => new URL(p.url()).pathname

export async function editorPages(ctx) {
  const { base, auth, check, outDir, newPage } = ctx
  const made = await json(base, auth, 'POST', '/api/v1/users', { name: NAME, password: PASSWORD, role: 'editor' })
  check(made.status === 201, 'an editor account is made', JSON.stringify(made.data))
  const login = await json(base, {}, 'POST', '/api/v1/auth/login', { name: NAME, password: PASSWORD })
  const editor = { Authorization: `Bearer ${login.data?.token}` }

  const page = await newPage()
  await page.goto(`${base}/signin`, { waitUntil: 'networkidle0' })
  await page.click('[data-testid=mode-account]')
  await page.waitForSelector('input[data-testid=name]', { visible: true })
  await page.type('input[data-testid=name]', NAME)
  await page.type('input[data-testid=password]', PASSWORD)
  await page.click('button[data-testid=signin-account]')
  await page.waitForSelector('[data-testid=editor-link]', { timeout: 15_000 })
  await page.click('[data-testid=editor-link]')
  await page.waitForSelector('.admin nav', { timeout: 15_000 })
  const menu = await page.$$eval('.admin nav a', (links) => links.map((a) => a.getAttribute('href')))
  const expected = ['/chat', ...EDITOR_PAGES.map(([p]) => `/admin/${p}`)]
  check(
    JSON.stringify([...menu].sort()) === JSON.stringify([...expected].sort()),
    "an editor's menu offers the editor's pages only",
    JSON.stringify(menu),
  )

  for (const [path, selector] of EDITOR_PAGES) {
    await page.goto(`${base}/admin/${path}`, { waitUntil: 'networkidle0' })
    const shown = await page.waitForSelector(selector, { timeout: 15_000 }).catch(() => null)
    const alert = await page.$eval('.content .el-alert--error', (e) => e.textContent).catch(() => '')
    check(shown !== null && pathOf(page) === `/admin/${path}` && alert === '', `an editor uses the page /admin/${path}`, `${pathOf(page)} ${alert}`)
  }
  await page.screenshot({ path: join(outDir, '34-editor-knowledge.png'), fullPage: true })

  for (const [path, buttons, writes] of READ_ONLY) {
    await page.goto(`${base}/admin/${path}`, { waitUntil: 'networkidle0' })
    await page.waitForSelector(`[data-testid=${path}-table] .el-table__row`, { timeout: 15_000 }).catch(() => null)
    const note = await page.$eval('[data-testid=read-only]', (e) => e.textContent.trim()).catch(() => '')
    const offered = []
    for (const b of buttons) if (await page.$(`[data-testid=${b}]`)) offered.push(b)
    const editTexts = await page.$$eval('.content .el-table .el-button', (l) => l.map((b) => b.textContent.trim()).filter((x) => ['编辑', '删除', 'Edit', 'Delete'].includes(x)))
    const statuses = []
    for (const [method, api, body] of writes) statuses.push((await json(base, editor, method, api, body)).status)
    check(
      note.includes('只读') && offered.length === 0 && editTexts.length === 0 && statuses.every((s) => s === 403),
      `/admin/${path} is read-only for an editor (no change offered; the server refuses them: ${statuses.join(', ')})`,
      JSON.stringify({ note, offered, editTexts, statuses }),
    )
    await page.screenshot({ path: join(outDir, `34-editor-${path}.png`), fullPage: true })
  }
  // Browsing a datasource's tables is reading: offered, and the rows are the server's.
  await page.click('[data-testid=datasource-tables]')
  await page.waitForSelector('[data-testid=tables-list] .el-table__row', { timeout: 15_000 }).catch(() => null)
  const listed = await page.$$eval('[data-testid=tables-list] .el-table__row', (l) => l.length)
  const first = (await json(base, editor, 'GET', '/api/v1/datasources')).data.datasources?.[0]?.id
  const served = (await json(base, editor, 'GET', `/api/v1/datasources/${first}/tables`)).data.tables ?? []
  check(listed > 0 && listed === served.length, "an editor browses a datasource's tables on the page", `${listed} of ${served.length}`)

  for (const [path, method, api, body] of ADMIN_PAGES) {
    await page.goto(`${base}/admin/${path}`, { waitUntil: 'networkidle0' })
    await page.waitForFunction(() => location.pathname === '/admin/semantic', { timeout: 15_000 }).catch(() => null)
    const refused = await json(base, editor, method, api, body)
    check(
      pathOf(page) === '/admin/semantic' && refused.status === 403,
      `/admin/${path} sends an editor to their pages, and the server refuses them its data (${method} ${api}: ${refused.status})`,
      pathOf(page),
    )
  }

  // A term made and deleted on the page by the editor.
  await page.goto(`${base}/admin/terms`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=terms-table]', { timeout: 15_000 })
  await page.click('[data-testid=term-new]')
  await page.waitForSelector('input[data-testid=term-word]', { visible: true })
  await setValue(page, 'input[data-testid=term-word]', WORD)
  await setValue(page, 'textarea[data-testid=term-description]', '编辑者在页面上加的词')
  await page.click('[data-testid=term-save]')
  // The dialog closed (saved) and the row listed: the page's own state, then the server's.
  await page.waitForSelector('input[data-testid=term-word]', { hidden: true, timeout: 15_000 }).catch(() => null)
  await page.waitForSelector(`[data-testid="term-delete-${WORD}"]`, { visible: true, timeout: 15_000 }).catch(() => null)
  const terms = async () => (await json(base, auth, 'GET', '/api/v1/datasources/default/terms')).data.terms ?? []
  check((await terms()).some((x) => x.term === WORD), 'a term made by an editor on the page is stored')
  page.once('dialog', (d) => d.accept())
  const deleted = page
    .waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/terms/'), { timeout: 15_000 })
    .then((r) => r.status())
    .catch(() => 'none')
  await page.click(`[data-testid="term-delete-${WORD}"]`)
  const status = await deleted
  await page.waitForFunction((w) => !document.querySelector('[data-testid=terms-table]')?.textContent.includes(w), { timeout: 15_000 }, WORD).catch(() => null)
  check(status === 200 && !(await terms()).some((x) => x.term === WORD), 'a term deleted by an editor on the page is gone from the server', String(status))
  await page.close()
  await json(base, auth, 'DELETE', `/api/v1/users/${NAME}`)
}
