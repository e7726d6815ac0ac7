// "A run waiting for approval is still waiting after a server restart", in the browser (run
// last by ui_e2e.mjs, since it kills the server): the report question is asked with plan
// review on, the plan card shows; the server is killed (SIGKILL: nothing is saved on the way
// out) and started again on the same address with the same data directory; the page is
// reloaded and the plan card is there again, from the stored session and checkpoint;
// approving it runs the plan to its report, with charts.
import { join } from 'node:path'
import { json } from './scenarios.mjs'

const Q = 'textarea[data-testid=question]'

export async function planAfterRestart(ctx, page) {
  const { base, auth, check, outDir, restartServer } = ctx
  await page.goto(`${base}/chat`, { waitUntil: 'networkidle0' })
  await page.click('[data-testid=new-chat]')
  await page.waitForSelector(Q)
  await page.type(Q, '做一份全面的销售分析报告')
  await page.keyboard.press('Enter')
  const card = await page.waitForSelector('[data-testid=plan-card] [data-testid=approve]', { timeout: 60_000 }).catch(() => null)
  await page.waitForFunction(() => /\/chat\/thr_/.test(location.pathname), { timeout: 15_000 }).catch(() => null)
  const thread = new URL(page.url()).pathname.split('/').pop()
  const planBefore = card ? await page.$eval('[data-testid=plan-card]', (e) => [...e.querySelectorAll('li')].map((l) => l.textContent.trim())) : []
  if (!check(card !== null && thread.startsWith('thr_') && planBefore.length > 0, 'before the restart: the plan waits for approval')) return

  const sameAddress = await restartServer()
  const health = await fetch(`${base}/healthz`).then((r) => r.status).catch(() => 0)
  check(sameAddress && health === 200, 'the server was killed and started again on the same address', `${sameAddress} ${health}`)

  await page.reload({ waitUntil: 'networkidle0' })
  const again = await page.waitForSelector('[data-testid=plan-card] [data-testid=approve]', { timeout: 30_000 }).catch(() => null)
  const planAfter = again ? await page.$eval('[data-testid=plan-card]', (e) => [...e.querySelectorAll('li')].map((l) => l.textContent.trim())) : []
  check(
    again !== null && JSON.stringify(planAfter) === JSON.stringify(planBefore),
    'after a server restart and a reload, the same plan still waits for approval in the page',
    JSON.stringify({ planBefore, planAfter }).slice(0, 400),
  )
  await page.screenshot({ path: join(outDir, '36-plan-after-restart.png'), fullPage: true })
  if (!again) return

  await page.click('[data-testid=plan-card] [data-testid=approve]')
  const report = await page.waitForSelector('[data-testid=report]', { timeout: 120_000 }).catch(() => null)
  await page.waitForSelector('[data-testid=report] canvas', { timeout: 30_000 }).catch(() => null)
  const charts = await page.$$eval('[data-testid=report] canvas', (c) => c.length)
  // The server's record of the thread: the run finished with the report.
  const history = await json(base, auth, 'GET', `/api/v1/runs/${thread}/history`)
  check(
    report !== null && charts > 0 && history.status === 200,
    `the plan approved after the restart runs to its report with charts (${charts}; history ${history.status})`,
  )
  await page.screenshot({ path: join(outDir, '37-report-after-restart.png'), fullPage: true })
}
