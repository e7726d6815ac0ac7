// The run history, a datasource's columns and the relations pages (run by ui_e2e.mjs after the other admin flows, against
// the same `askdb serve`): the history filtered by outcome equals the API's list and one
// run's node timings equal its recorded ones; a logical relation added, edited and deleted on
// the relations page is stored so on the server and drawn (dashed) in the diagram beside the
// database's declared keys (solid).
import { join } from 'node:path'
import { clickText, json, setValue } from './scenarios.mjs'

export async function runsAndRelations(ctx, page) {
  const { base, auth, check, outDir } = ctx

  // --- run history: filter and one run's node timings -------------------------------------
  const interrupted = (await json(base, auth, 'GET', '/api/v1/runs/history?outcome=interrupted&limit=200')).data.runs ?? []
  await page.goto(`${base}/admin/runs`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=runs-table] .el-table__row', { timeout: 15_000 })
  await page.click('[data-testid=runs-outcome]')
  await clickText(page, '.el-select-dropdown__item', '等待人工')
  await page.waitForNetworkIdle({ idleTime: 300 })
  const outcomes = await page.$$eval('[data-testid=runs-table] .el-table__body .el-table__row', (rows) => rows.map((r) => r.querySelectorAll('td')[4].querySelector('[data-outcome]')?.dataset.outcome))
  check(
    interrupted.length > 0 && outcomes.length === interrupted.length && outcomes.every((o) => o === 'interrupted'),
    `the run history filtered by outcome lists the API's runs (${outcomes.length} interrupted)`,
  )
  await page.click('[data-testid=runs-table] .el-table__body .el-table__row')
  await page.waitForSelector('[data-testid=run-node]', { timeout: 15_000 }).catch(() => null)
  const shownNodes = await page.$$eval('[data-testid=run-node]', (l) => l.length)
  const thread = (await json(base, auth, 'GET', `/api/v1/runs/${encodeURIComponent(interrupted[0]?.thread_id ?? 'x')}/history`)).data.runs ?? []
  const recorded = thread.find((r) => r.run_id === interrupted[0]?.run_id)?.nodes ?? []
  check(recorded.length > 0 && shownNodes === recorded.length, `one run's node timings are shown as recorded (${shownNodes} nodes)`)
  await page.screenshot({ path: join(outDir, '33-run-detail.png') })

  // --- a datasource's table, expanded to its columns ----------------------------------------
  await page.goto(`${base}/admin/datasources`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=datasources-table] .el-table__row', { timeout: 15_000 })
  const dsRow = await page.$$eval('[data-testid=datasources-table] .el-table__body .el-table__row', (rows) => rows.findIndex((r) => r.querySelector('td')?.textContent.trim() === 'default'))
  await (await page.$$('[data-testid=datasources-table] .el-table__body .el-table__row [data-testid=datasource-tables]'))[dsRow].click()
  await page.waitForFunction(() => [...document.querySelectorAll('[data-testid=tables-list] .el-table__row')].some((r) => r.textContent.includes('orders')), { timeout: 15_000 })
  await page.evaluate(() => {
    const row = [...document.querySelectorAll('[data-testid=tables-list] .el-table__body .el-table__row')].find((r) => [...r.querySelectorAll('td')].some((td) => td.textContent.trim() === 'orders'))
    row.querySelector('.el-table__expand-icon').click()
  })
  await page.waitForSelector('[data-testid=table-column]', { timeout: 15_000 }).catch(() => null)
  const shownColumns = await page.$$eval('[data-testid=table-column] code', (l) => l.map((e) => e.textContent.trim()))
  const apiColumns = ((await json(base, auth, 'GET', '/api/v1/datasources/default/tables/orders/columns')).data.columns ?? []).map((c) => c.name)
  check(apiColumns.length > 0 && JSON.stringify(shownColumns) === JSON.stringify(apiColumns), `a table expanded in the datasource's table list shows its columns (${shownColumns.length})`, JSON.stringify(shownColumns))
  await page.screenshot({ path: join(outDir, '35-datasource-columns.png') })

  // --- relations: add, edit, diagram, delete ------------------------------------------------
  const rels = async () => (await json(base, auth, 'GET', '/api/v1/datasources/default/relations')).data.relations ?? []
  const before = await rels()
  await page.goto(`${base}/admin/relations`, { waitUntil: 'networkidle0' })
  await page.waitForSelector('[data-testid=relations-table]', { timeout: 15_000 })
  await setValue(page, 'input[data-testid=relation-from]', 'orders.store_id')
  await setValue(page, 'input[data-testid=relation-to]', 'stores.store_id')
  await setValue(page, 'input[data-testid=relation-description]', '订单所属门店')
  await page.click('[data-testid=relation-save]')
  await page.waitForNetworkIdle({ idleTime: 300 })
  const added = (await rels()).find((r) => r.from === 'orders.store_id' && r.to === 'stores.store_id')
  check(added?.description === '订单所属门店', 'a logical relation added on the relations page is stored', JSON.stringify(added))
  await page.waitForSelector('[data-testid=relations-diagram]', { timeout: 15_000 }).catch(() => null)
  const diagram = await page.evaluate(() => ({
    tables: [...document.querySelectorAll('[data-testid=diagram-table] text')].map((e) => e.textContent),
    logical: document.querySelectorAll('[data-testid=relations-diagram] .edge.logical').length,
    declared: document.querySelectorAll('[data-testid=relations-diagram] .edge.declared').length,
  }))
  const tables = (await json(base, auth, 'GET', '/api/v1/datasources/default/tables')).data.tables ?? []
  const declaredKeys = tables.reduce((n, t) => n + (t.foreign_keys ?? []).length, 0)
  check(
    diagram.tables.includes('orders') && diagram.tables.includes('stores') && diagram.logical === before.length + 1 && diagram.declared === declaredKeys,
    `the diagram draws the tables with ${declaredKeys} declared keys and ${diagram.logical} logical relations`,
    JSON.stringify(diagram),
  )
  await page.screenshot({ path: join(outDir, '34-relations-diagram.png'), fullPage: true })
  const row = await page.$$eval('[data-testid=relations-table] .el-table__body .el-table__row', (rows) => rows.findIndex((r) => r.textContent.includes('订单所属门店')))
  await (await page.$$('[data-testid=relations-table] .el-table__body .el-table__row [data-testid=relation-edit]'))[row].click()
  await setValue(page, 'input[data-testid=relation-description]', '订单的门店')
  await page.click('[data-testid=relation-save]')
  await page.waitForNetworkIdle({ idleTime: 300 })
  const edited = (await rels()).find((r) => r.id === added?.id)
  check(edited?.description === '订单的门店' && (await rels()).length === before.length + 1, 'editing a relation on the page replaces it on the server')
  const again = await page.$$eval('[data-testid=relations-table] .el-table__body .el-table__row', (rows) => rows.findIndex((r) => r.textContent.includes('订单的门店')))
  await (await page.$$('[data-testid=relations-table] .el-table__body .el-table__row [data-testid=relation-delete]'))[again].click()
  await page.waitForNetworkIdle({ idleTime: 300 })
  check((await rels()).length === before.length, 'a relation deleted on the page is gone from the server')
}

// A model test that fails stays on screen until the user closes it: a toast that faded after
// 3 s was missed by a user who looked away while the test ran.
export async function failedModelTestStays(ctx, page) {
  const { base, auth, check } = ctx
  // Port 9 (discard) on loopback: nothing listens, so the test fails at once.
  const created = await json(base, auth, 'POST', '/api/v1/models', { name: 'unreachable-model', model: 'm', base_url: 'http://127.0.0.1:9/v1' })
  await page.goto(`${base}/admin/models`, { waitUntil: 'networkidle0' })
  const row = await page.$$eval('.el-table__body .el-table__row', (rows) => rows.findIndex((r) => r.textContent.includes('unreachable-model')))
  const testButtons = await page.$$eval('.el-table__body .el-table__row', (rows, i) => [...rows[i].querySelectorAll('button')].map((b) => b.textContent.trim()), row)
  const buttons = await page.$$('.el-table__body .el-table__row')
  await (await buttons[row].$$('button'))[testButtons.findIndex((t) => t === '测试连接')].click()
  await page.waitForSelector('.el-message--error', { timeout: 30_000 }).catch(() => null)
  await new Promise((r) => setTimeout(r, 4_000))
  const shown = await page.$$eval('.el-message--error', (l) => l.map((e) => e.textContent.trim()).join(' | '))
  check(shown.length > 0, 'a failed model test is still on screen 4 s later (errors stay until closed)', shown.slice(0, 200))
  await page.click('.el-message--error .el-message__closeBtn').catch(() => {})
  await page.waitForSelector('.el-message--error', { hidden: true, timeout: 5_000 }).catch(() => null)
  check((await page.$$('.el-message--error')).length === 0, 'the error is gone once the user closes it')
  await json(base, auth, 'DELETE', `/api/v1/models/${encodeURIComponent(created.data.id)}`)
}
