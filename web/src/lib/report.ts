// The report of a multi-step analysis as Markdown with ```echarts blocks (the narrative and
// one section per step: chart, table, SQL), its rendering (markdown-it, HTML in the source
// escaped; echarts blocks become placeholders that MarkdownView draws), and a standalone
// HTML download whose charts are inline SVG (no script, opens offline).
import { buildOption, chartKinds } from './charts'
import { loadFullECharts } from './echarts'
import { cellText } from './table'
import type { TurnState } from './timeline'

const MAX_TABLE_ROWS = 20

function mdCell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

export interface ReportLabels {
  summary: string
  findings: string
  recommendations: string
  step: (n: number) => string
}

export function reportMarkdown(turn: TurnState, labels: ReportLabels): string {
  const n = turn.narrative ?? {}
  const out: string[] = []
  out.push(`# ${n.title || turn.plan?.title || turn.question}`, '')
  if (n.summary) out.push(`## ${labels.summary}`, '', n.summary, '')
  if (n.findings?.length) out.push(`## ${labels.findings}`, '', ...n.findings.map((f) => `- ${f}`), '')
  if (n.recommendations?.length) {
    out.push(`## ${labels.recommendations}`, '', ...n.recommendations.map((f) => `- ${f}`), '')
  }
  for (const s of turn.analysisSteps) {
    out.push(`## ${labels.step(s.step_num)}: ${s.purpose}`, '')
    if (!s.success) {
      out.push(`> ${s.error || s.note || (s.skipped ? 'skipped' : 'failed')}`, '')
      continue
    }
    if (s.text) out.push(s.text, '')
    const r = s.result
    if (r && r.rows.length > 0) {
      const kinds = chartKinds(undefined, r)
      if (kinds.length > 0) {
        const option = buildOption(kinds[0], undefined, r)
        out.push('```echarts', JSON.stringify({ title: { text: s.purpose, textStyle: { fontSize: 14 } }, ...option }), '```', '')
      }
      out.push('| ' + r.columns.map((c) => mdCell(c.name)).join(' | ') + ' |')
      out.push('|' + r.columns.map(() => ' --- |').join(''))
      for (const row of r.rows.slice(0, MAX_TABLE_ROWS)) out.push('| ' + row.map((v, i) => mdCell(cellText(v, r.columns[i]?.kind))).join(' | ') + ' |')
      out.push('')
    }
    if (s.sql) out.push('```sql', s.sql, '```', '')
  }
  return out.join('\n')
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let md: any

/** Renders Markdown; each ```echarts block becomes <div class="md-echarts" data-chart="N">. */
export async function renderMarkdown(source: string): Promise<{ html: string; charts: Record<string, unknown>[] }> {
  if (!md) {
    const { default: MarkdownItCtor } = await import('markdown-it')
    md = new MarkdownItCtor({ html: false, linkify: true, breaks: false })
  }
  const charts: Record<string, unknown>[] = []
  const env = { charts }
  const renderer = md
  const defaultFence = renderer.renderer.rules.fence
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  renderer.renderer.rules.fence = (tokens: any, idx: number, options: any, e: any, self: any) => {
    const token = tokens[idx]
    if (token.info.trim() === 'echarts') {
      try {
        ;(e as typeof env).charts.push(JSON.parse(token.content))
        return `<div class="md-echarts" data-chart="${(e as typeof env).charts.length - 1}"></div>\n`
      } catch {
        /* not JSON: show it as code */
      }
    }
    return defaultFence(tokens, idx, options, e, self)
  }
  const html = renderer.render(source, env)
  renderer.renderer.rules.fence = defaultFence
  return { html, charts }
}

/** A standalone HTML page of the report: charts drawn as inline SVG, no script. */
export async function reportHtml(source: string, title: string): Promise<string> {
  const { html, charts } = await renderMarkdown(source)
  // The SVG renderer and server-side rendering are in the full library only.
  const echarts = await loadFullECharts()
  const svgs = charts.map((option) => {
    const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 720, height: 360 })
    chart.setOption({ animation: false, ...option })
    const svg = chart.renderToSVGString()
    chart.dispose()
    return svg
  })
  const body = html.replace(/<div class="md-echarts" data-chart="(\d+)"><\/div>/g, (_, i) => `<figure>${svgs[Number(i)]}</figure>`)
  const esc = title.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!)
  return `<!doctype html><html><head><meta charset="utf-8"><title>${esc}</title><style>
body{font-family:system-ui,"Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;max-width:860px;margin:2rem auto;padding:0 1rem;color:#1f2937;line-height:1.6}
table{border-collapse:collapse;margin:1rem 0}td,th{border:1px solid #d1d5db;padding:.3rem .6rem}th{background:#f3f4f6}
pre{background:#f8fafc;padding:.8rem;overflow:auto;border-radius:6px}figure{margin:1rem 0}
</style></head><body>${body}</body></html>`
}
