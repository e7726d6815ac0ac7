// Loads ECharts once, ahead of need: the chat page asks for it when the browser is idle
// after the page is interactive (or when a question is sent), so that the first chart does
// not also pay for fetching and compiling the library. A chart drawn before that finished
// waits for the same promise; a failed load is retried by the next caller.
//
// The library comes in pieces, each imported (fetched and evaluated) in a task of its own
// with the browser given the main thread between them: evaluated at once, the 550 KB
// subset was one 100-260 ms task, a freeze for someone typing the first question.
import type { EChartsCoreOption } from 'echarts/core'

type Core = typeof import('echarts/core')
type Part = Parameters<Core['use']>[0]

// What loadECharts() registers; an option that needs anything else loads the full
// library (a separate, larger chunk) first.
const SERIES = new Set(['bar', 'line', 'pie', 'scatter'])
const OPTION_KEYS = new Set([
  'animation', 'backgroundColor', 'color', 'dataset', 'grid', 'legend', 'series', 'textStyle', 'title', 'tooltip', 'xAxis', 'yAxis',
])
// In dependency order, so that each import evaluates only its own modules (Rollup makes a
// chunk per set of importers: zrender, the core, then each part's own code).
const PARTS: (() => Promise<{ part: Part }>)[] = [
  () => import('./echartsParts/renderer'),
  () => import('./echartsParts/title'),
  () => import('./echartsParts/grid'),
  () => import('./echartsParts/line'),
  () => import('./echartsParts/bar'),
  () => import('./echartsParts/tooltip'),
  () => import('./echartsParts/legend'),
  () => import('./echartsParts/dataset'),
  () => import('./echartsParts/scatter'),
  () => import('./echartsParts/pie'),
]

let core: Promise<Core> | undefined
let full: Promise<Core> | undefined
// Once a question is sent (or a chart is due) the answer is on its way: load and warm up in
// plain tasks then (idle callbacks may not come while the stream is rendering).
let eager = false

/** Called by a chart before it draws: what is left of loading and warming up runs now. */
export function markChartsInUse(): void {
  eager = true
  hurry()
}

function retryable(p: Promise<Core>, reset: () => void): Promise<Core> {
  return p.catch((e) => {
    reset()
    throw e
  })
}

function whenIdle(fn: () => void, timeoutMs: number) {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: timeoutMs })
  else setTimeout(fn, Math.min(timeoutMs, 500))
}

// Steps waiting for an idle moment; hurry() runs them as plain tasks once a chart is due.
const waiting = new Set<() => void>()

function nextStep(timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (eager) return void setTimeout(resolve, 0)
    waiting.add(resolve)
    whenIdle(() => {
      if (waiting.delete(resolve)) resolve()
    }, timeoutMs)
  })
}

function hurry() {
  for (const resolve of waiting) setTimeout(resolve, 0)
  waiting.clear()
}

async function loadParts(timeoutMs: number): Promise<Core> {
  await import('zrender/lib/zrender.js')
  await nextStep(timeoutMs)
  const echarts = await import('echarts/core')
  for (const load of PARTS) {
    await nextStep(timeoutMs)
    echarts.use((await load()).part)
  }
  await warmUp(echarts, timeoutMs)
  // For the benchmark (bench/web): the page's own work before the first chart ends here.
  if (typeof performance !== 'undefined') performance.mark('askdb:echarts-ready')
  return echarts
}

/** The ECharts core with what the chat page's charts use, warmed up. */
export function loadECharts(timeoutMs = 0): Promise<Core> {
  core ??= retryable(loadParts(timeoutMs), () => (core = undefined))
  return core
}

/** The whole library (every chart kind, component and the SVG renderer). */
export function loadFullECharts(): Promise<Core> {
  full ??= retryable(
    // The full build registers everything with the same core.
    Promise.all([loadECharts(), import('echarts')]).then(([c]) => c),
    () => (full = undefined),
  )
  return full
}

/** The series of an ECharts option as a list (an option may give one series, not a list). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function seriesOf(option: object | null | undefined): Record<string, any>[] {
  const series = (option as { series?: unknown } | null | undefined)?.series
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return (Array.isArray(series) ? series : series ? [series] : []) as Record<string, any>[]
}

function seriesTypes(option: EChartsCoreOption): string[] {
  return seriesOf(option).map((s) => String(s.type ?? ''))
}

/** True when `option` needs only what loadECharts() registers. */
export function coreCovers(option: EChartsCoreOption): boolean {
  return seriesTypes(option).every((t) => SERIES.has(t)) && Object.keys(option).every((k) => OPTION_KEYS.has(k))
}

/** ECharts able to draw `option`. */
export function echartsFor(option: EChartsCoreOption): Promise<Core> {
  return coreCovers(option) ? loadECharts() : loadFullECharts()
}

// Charts drawn off-screen: V8 compiles a function on its first call and optimizes it after
// many, so loading the module alone leaves init, layout and drawing to be compiled by the
// first real chart (a profile of the first 1,000-row answer under load: one 180 ms frame,
// nearly all ECharts running cold). Each step adds a little to the last one's option (the
// title, then axes, a 3-point line, tooltip and legend, a long line, ...), so that each
// step compiles one part of ECharts in a short task of its own: one cold chart with
// everything at once was a 150-180 ms task, the freeze the warm-up is there to avoid.
const labels = (n: number) => Array.from({ length: n }, (_, i) => `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`)
const values = (n: number) => Array.from({ length: n }, (_, i) => Math.round(1000 + 800 * Math.sin(i / 7) + i))
const axes = (n: number, x: 'category' | 'value' = 'category') => ({
  grid: { containLabel: true },
  xAxis: { type: x, data: x === 'category' ? labels(n) : undefined },
  yAxis: { type: 'value' },
})
const decor = { tooltip: { trigger: 'axis' }, legend: { type: 'scroll', bottom: 0 } }
const line = (n: number) => ({ type: 'line', name: 'line', data: values(n), showSymbol: false, areaStyle: { opacity: 0.08 } })
const bar = (n: number) => ({ type: 'bar', name: 'bar', data: values(n), label: { show: true } })
const WARM_UP: EChartsCoreOption[] = [
  {},
  { title: { text: 'title' } },
  { title: { text: 'axes' }, ...axes(3) },
  { title: { text: 'line' }, ...axes(3), series: [line(3)] },
  { title: { text: 'line' }, ...axes(3), ...decor, series: [line(3)] },
  { title: { text: 'line' }, ...axes(300), ...decor, series: [line(300)] },
  { title: { text: 'bar' }, ...axes(3), ...decor, series: [{ type: 'bar', data: values(3) }] },
  { title: { text: 'bar' }, ...axes(3), ...decor, series: [bar(3)] },
  { title: { text: 'bar' }, ...axes(12), ...decor, series: [bar(12)] },
  { title: { text: 'scatter' }, ...axes(0, 'value'), ...decor, series: [{ type: 'scatter', name: 's', data: values(100).map((v, i) => [i, v]) }] },
  {
    title: { text: 'pie' },
    tooltip: { trigger: 'item' },
    legend: { type: 'scroll', bottom: 0 },
    series: [{ type: 'pie', name: 'pie', data: values(5).map((v, i) => ({ name: `p${i}`, value: v })), label: { show: true } }],
  },
].map((o) => ({ animation: false, ...o }))

// Part of loading: a chart waits for it (a few short tasks) rather than run cold.
async function warmUp(echarts: Core, timeoutMs: number) {
  if (typeof document === 'undefined') return
  // One chart for the whole warm-up, made in a task of its own, then one option per task.
  let chart: ReturnType<Core['init']> | undefined
  try {
    await nextStep(timeoutMs)
    chart = echarts.init(document.createElement('div'), undefined, { renderer: 'canvas', width: 600, height: 320 })
    for (const option of WARM_UP) {
      await nextStep(timeoutMs)
      // A non-lazy setOption lays out and paints at once (zr.flush): both paths compiled.
      chart.setOption(option, { notMerge: true })
    }
  } catch {
    // Only a warm-up: a real chart reports its own errors.
  } finally {
    chart?.dispose()
  }
}

/** A question was sent: load ECharts now and finish warming it up in plain tasks. */
export function prepareForAnswer(): void {
  eager = true
  hurry()
  loadECharts().catch(() => {})
}

/**
 * Starts loading ECharts when the browser is idle (at the latest after `timeoutMs`), then
 * warms it up; errors are left to the chart that needs it.
 */
export function prefetchECharts(timeoutMs = 2000): void {
  if (core) return
  whenIdle(() => {
    loadECharts(timeoutMs).catch(() => {})
  }, timeoutMs)
}
