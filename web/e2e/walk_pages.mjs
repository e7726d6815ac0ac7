// Every page in both languages (run by ui_e2e.mjs after the admin flows, against the same
// `askdb serve`, so the pages hold data): each admin page and the chat are opened in Chinese
// and in English; no page shows a raw message key (a missing translation), an English page
// shows no Chinese in the UI's own text (headers, buttons, labels, menus, empty states —
// the data's own Chinese, in table cells and inputs, is allowed), and none shows an error.
// The screenshots (walk-<lang>-<page>.png) are for a person to look at.
import { join } from 'node:path'

const PAGES = ['agents', 'datasources', 'semantic', 'relations', 'terms', 'examples', 'models', 'runs', 'knowledge', 'users', 'permissions']
const LANG_KEY = 'askdb.lang'

export async function walkPages(ctx, page) {
  const { base, check, outDir } = ctx
  for (const lang of ['zh', 'en']) {
    await page.evaluate((k, l) => localStorage.setItem(k, l), LANG_KEY, lang)
    const problems = []
    for (const path of [...PAGES.map((p) => `/admin/${p}`), '/chat']) {
      await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' })
      await page.waitForSelector(path === '/chat' ? 'textarea[data-testid=question]' : '.admin .content h2', { timeout: 15_000 }).catch(() => null)
      const found = await page.evaluate((english) => {
        // The UI's own text: everything but table cells, inputs, the conversation list and
        // the chat's turns (those hold the data and people's questions).
        const skip = 'td, input, textarea, select, option, .sessions, [data-testid=turn], .el-select__selected-item, code, pre'
        const own = []
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT)
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const text = n.textContent.trim()
          if (!text || n.parentElement?.closest(skip) || n.parentElement?.closest('[hidden], [style*="display: none"]')) continue
          own.push(text)
        }
        const keys = own.filter((t) => /^(admin|turn|chat|nav|plan|table|signin|common|lang|chartKinds)\.[A-Za-z]/.test(t))
        const chinese = english ? own.filter((t) => /[\u4e00-\u9fff]/.test(t) && t !== '中文') : []
        const errors = [...document.querySelectorAll('.el-alert--error')].map((e) => e.textContent.trim())
        return { keys, chinese, errors }
      }, lang === 'en')
      for (const [what, list] of Object.entries(found)) if (list.length) problems.push(`${path} ${what}: ${list.slice(0, 5).join(' | ')}`)
      await page.screenshot({ path: join(outDir, `walk-${lang}-${path.split('/').pop()}.png`), fullPage: true })
    }
    check(problems.length === 0, `every page in ${lang === 'zh' ? 'Chinese' : 'English'}: no raw message key, no error${lang === 'en' ? ', no Chinese in the UI text' : ''}`, problems.join(' ;; '))
  }
  await page.evaluate((k) => localStorage.setItem(k, 'zh'), LANG_KEY)
}
