// Loads ECharts once, ahead of need: the chat page asks for it when the browser is idle
// after the page is interactive (or when a question is sent), so that the first chart does
// not also pay for fetching and compiling the library. A chart drawn before that finished
// waits for the same promise; a failed load is retried by the next caller.
import type { EChartsCoreOption } from 'echarts/core'

type Core = typeof import('echarts/core')

// What ./echartsCore registers; an option that needs anything else loads the full
// library (a separate, larger chunk) first.
const SERIES = new Set(['bar', 'line', 'pie', 'scatter'])
const OPTION_KEYS = new Set([
  'animation', 'backgroundColor', 'color', 'dataset', 'grid', 'legend', 'series', 'textStyle', 'title', 'tooltip', 'xAxis', 'yAxis',
])

let core: Promise<Core> | undefined
let full: Promise<Core> | undefined
// Set once a real chart is being drawn: the warm-up has nothing left to do then, and its
// tasks would only compete with that chart's.
let inUse = false

/** Called by a chart before it draws. */
export function markChartsInUse(): void {
  inUse = true
}

function retryable(p: Promise<Core>, reset: () => void): Promise<Core> {
  return p.catch((e) => {
    reset()
    throw e
  })
}

/** The ECharts core with what the chat page's charts use. */
export function loadECharts(): Promise<Core> {
  core ??= retryable(
    import('./echartsCore').then((m) => m.echarts as Core),
    () => (core = undefined),
  )
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

function seriesTypes(option: EChartsCoreOption): string[] {
  const series = option.series
  const list = Array.isArray(series) ? series : series ? [series] : []
  return list.map((s) => String((s as { type?: unknown }).type ?? ''))
}

/** True when `option` needs only what loadECharts() registers. */
export function coreCovers(option: EChartsCoreOption): boolean {
  return seriesTypes(option).every((t) => SERIES.has(t)) && Object.keys(option).every((k) => OPTION_KEYS.has(k))
}

/** ECharts able to draw `option`. */
export function echartsFor(option: EChartsCoreOption): Promise<Core> {
  return coreCovers(option) ? loadECharts() : loadFullECharts()
}

function whenIdle(fn: () => void, timeoutMs: number) {
  if (typeof window !== 'undefined' && 'requestIdleCallback' in window) window.requestIdleCallback(fn, { timeout: timeoutMs })
  else setTimeout(fn, Math.min(timeoutMs, 500))
}

// Charts of each kind drawn off-screen: V8 compiles a function on its first call and
// optimizes it after many, so loading the module alone leaves init, layout and drawing to
// be compiled by the first real chart (a profile of the first 1,000-row answer under load:
// one 180 ms frame, nearly all ECharts running cold). The line and bar have a few hundred
// points, as answers do, so that their loops are warm too. One chart per task.
const labels = (n: number) => Array.from({ length: n }, (_, i) => `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`)
const values = (n: number) => Array.from({ length: n }, (_, i) => Math.round(1000 + 800 * Math.sin(i / 7) + i))
// Small ones first, so that the first compile of each path is a short task of its own.
const WARM_UP: EChartsCoreOption[] = (
  [
    ['line', 3],
    ['bar', 3],
    ['line', 300],
    ['bar', 60],
    ['scatter', 100],
    ['pie', 5],
  ] as [string, number][]
).map(([type, n]) => {
  const data =
    type === 'scatter' ? values(n).map((v, i) => [i, v]) : type === 'pie' ? values(n).map((v, i) => ({ name: `p${i}`, value: v })) : values(n)
  return {
    animation: false,
    title: { text: type },
    tooltip: { trigger: type === 'pie' ? 'item' : 'axis' },
    legend: { type: 'scroll', bottom: 0 },
    grid: { containLabel: true },
    ...(type === 'pie' ? {} : { xAxis: { type: type === 'scatter' ? 'value' : 'category', data: type === 'scatter' ? undefined : labels(n) }, yAxis: { type: 'value' } }),
    series: [
      {
        type,
        name: type,
        data,
        ...(type === 'line' ? { showSymbol: false, areaStyle: { opacity: 0.08 } } : {}),
        ...(type === 'pie' || type === 'bar' ? { label: { show: true } } : {}),
      },
    ],
  }
})

let warmed = 0
let warming = false
// Once a question is sent the answer is on its way: warm up in plain tasks then (idle
// callbacks may not come while the stream is rendering), not only when idle.
let eager = false

function schedule(fn: () => void, timeoutMs: number) {
  if (eager) setTimeout(fn, 0)
  else whenIdle(fn, timeoutMs)
}

function warmUp(echarts: Core, timeoutMs: number) {
  if (warming || typeof document === 'undefined') return
  warming = true
  // One chart for the whole warm-up: made in a task of its own, then one option per task.
  let chart: ReturnType<Core['init']> | undefined
  const next = () => {
    if (warmed >= WARM_UP.length || inUse) {
      chart?.dispose()
      warming = false
      return
    }
    try {
      if (!chart) {
        chart = echarts.init(document.createElement('div'), undefined, { renderer: 'canvas', width: 600, height: 320 })
      } else {
        // A non-lazy setOption lays out and paints at once (zr.flush): both paths compiled.
        chart.setOption(WARM_UP[warmed], { notMerge: true })
        warmed++
      }
    } catch {
      // Only a warm-up: a real chart reports its own errors.
      warmed++
    }
    schedule(next, timeoutMs)
  }
  schedule(next, timeoutMs)
}

/** A question was sent: load ECharts now and finish warming it up in plain tasks. */
export function prepareForAnswer(): void {
  eager = true
  loadECharts().then(
    (echarts) => warmUp(echarts, 0),
    () => {},
  )
}

/**
 * Starts loading ECharts when the browser is idle (at the latest after `timeoutMs`), then
 * warms it up; errors are left to the chart that needs it.
 */
export function prefetchECharts(timeoutMs = 2000): void {
  if (core) return
  whenIdle(() => {
    loadECharts().then(
      (echarts) => warmUp(echarts, timeoutMs),
      () => {},
    )
  }, timeoutMs)
}
