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

// Small charts of each kind drawn off-screen: V8 compiles a function on its first call, so
// loading the module alone leaves init, layout and drawing to be compiled by the first real
// chart. Drawn one per idle callback to keep each task short.
const WARM_UP: EChartsCoreOption[] = ['bar', 'line', 'scatter', 'pie'].map((type) => ({
  animation: false,
  title: { text: type },
  tooltip: { trigger: type === 'pie' ? 'item' : 'axis' },
  legend: { type: 'scroll', bottom: 0 },
  grid: { containLabel: true },
  ...(type === 'pie' ? {} : { xAxis: { type: type === 'scatter' ? 'value' : 'category', data: type === 'scatter' ? undefined : ['a', 'b', 'c'] }, yAxis: { type: 'value' } }),
  series: [{ type, name: type, data: type === 'scatter' ? [[1, 2], [2, 3]] : type === 'pie' ? [{ name: 'a', value: 1 }, { name: 'b', value: 2 }] : [1, 2, 3], label: { show: true } }],
}))

function warmUp(echarts: Core, i: number, timeoutMs: number) {
  if (i >= WARM_UP.length || typeof document === 'undefined' || inUse) return
  whenIdle(() => {
    if (inUse) return
    try {
      const chart = echarts.init(document.createElement('div'), undefined, { renderer: 'canvas', width: 480, height: 300 })
      chart.setOption(WARM_UP[i])
      chart.dispose()
    } catch {
      // Only a warm-up: a real chart reports its own errors.
    }
    warmUp(echarts, i + 1, timeoutMs)
  }, timeoutMs)
}

/**
 * Starts loading ECharts when the browser is idle (at the latest after `timeoutMs`), then
 * warms it up; errors are left to the chart that needs it.
 */
export function prefetchECharts(timeoutMs = 2000): void {
  if (core) return
  whenIdle(() => {
    loadECharts().then(
      (echarts) => warmUp(echarts, 0, timeoutMs),
      () => {},
    )
  }, timeoutMs)
}
