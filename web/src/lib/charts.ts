// Chart options for a result: the server's recommended ECharts option, and the other kinds
// that fit the result's shape (one label column and numeric columns: bar, line, pie for a
// single measure; two numeric columns: scatter), so a person can switch between them.
import { seriesOf } from './echarts'
import { groupedNumber, kindText } from './table'
import type { ChartView, ResultView } from './timeline'

export type ChartKind = 'recommended' | 'bar' | 'line' | 'pie' | 'scatter'

type Option = Record<string, unknown>

function numericColumns(r: ResultView): number[] {
  const out: number[] = []
  r.columns.forEach((_, i) => {
    let seen = false
    let ok = true
    for (const row of r.rows) {
      const v = row[i]
      if (v === null || v === undefined) continue
      if (typeof v !== 'number') {
        ok = false
        break
      }
      seen = true
    }
    if (ok && seen) out.push(i)
  })
  return out
}

/** The kinds worth offering for `result` (the recommended one first when there is one). */
export function chartKinds(chart: ChartView | undefined, result: ResultView | undefined): ChartKind[] {
  const kinds: ChartKind[] = []
  if (chart?.option && Object.keys(chart.option).length > 0) kinds.push('recommended')
  if (!result || result.rows.length === 0) return kinds
  const nums = numericColumns(result)
  const labels = result.columns.map((_, i) => i).filter((i) => !nums.includes(i))
  if (labels.length >= 1 && nums.length >= 1) {
    kinds.push('bar', 'line')
    if (nums.length === 1 && result.rows.length <= 30) kinds.push('pie')
  }
  if (nums.length >= 2) kinds.push('scatter')
  return kinds
}

const MAX_POINTS = 500

/** A number for labels and tooltips: at most 2 decimals, thousands grouped. */
export function formatNumber(v: unknown): string {
  if (typeof v !== 'number' || !Number.isFinite(v)) return String(v ?? '')
  return groupedNumber(v)
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function labelValue(p: any): string {
  const v = p?.value
  if (Array.isArray(v)) return formatNumber(v[v.length - 1])
  return formatNumber(v)
}

// The server's "askdbFormat" marks (analysis/chart_recommender.cc) that name a kind: a ratio
// series reads in percent, money with two decimals. "compact"/"number" keep ECharts' own axis
// labels and the rounded tooltip below.
const FORMAT_KINDS: Record<string, 'ratio' | 'money'> = { percent: 'ratio', money: 'money' }

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function kindFormatter(kind: 'ratio' | 'money'): (p: any) => string {
  return (p) => {
    const v = p !== null && typeof p === 'object' && !Array.isArray(p) ? p.value : p
    const last = Array.isArray(v) ? v[v.length - 1] : v
    return typeof last === 'number' ? (kindText(last, kind) ?? formatNumber(last)) : formatNumber(last)
  }
}

/** `node` (a copy) with each "askdbFormat" turned into the formatter it names, or dropped. */
function applyFormats(node: unknown, key: string): unknown {
  if (Array.isArray(node)) return node.map((n) => applyFormats(n, key))
  if (node === null || typeof node !== 'object') return node
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(node as Record<string, unknown>)) {
    if (k !== 'askdbFormat') out[k] = k === 'data' ? v : applyFormats(v, k)
  }
  const kind = FORMAT_KINDS[(node as Record<string, unknown>).askdbFormat as string]
  if (kind) out[key === 'tooltip' ? 'valueFormatter' : 'formatter'] = kindFormatter(kind)
  return out
}

/** The server's option with readable numbers: bar/line labels and tooltips rounded, ratios in percent. */
export function withNumberFormat(option: Option): Option {
  const copy: Option = applyFormats(option, '') as Option
  copy.series = seriesOf(copy).map((s) => {
    const label = s.label as Record<string, unknown> | undefined
    if (!label || label.formatter || s.type === 'pie') return s
    return { ...s, label: { ...label, formatter: labelValue } }
  })
  const tooltip = (copy.tooltip as Record<string, unknown> | undefined) ?? undefined
  if (tooltip && !tooltip.valueFormatter) copy.tooltip = { ...tooltip, valueFormatter: formatNumber }
  return copy
}

/** Series longer than this are drawn the cheap way (below). */
export const LARGE_SERIES = 200

/**
 * The option with what keeps drawing a long series cheap, so that its frame stays short:
 * a line is sampled to the pixels it has (LTTB keeps peaks), without symbols or the hover
 * emphasis; bars and scatter points use ECharts' large mode (one path for all, not one
 * element each). Short series and other kinds are left as they are.
 */
export function forLargeData(option: Option): Option {
  const series = seriesOf(option)
  if (!series.some((s) => Array.isArray(s.data) && s.data.length > LARGE_SERIES)) return option
  return {
    ...option,
    animation: false,
    series: series.map((s) => {
      if (!Array.isArray(s.data) || s.data.length <= LARGE_SERIES) return s
      if (s.type === 'line') return { sampling: 'lttb', showSymbol: false, emphasis: { disabled: true }, ...s }
      if (s.type === 'bar' || s.type === 'scatter') return { large: true, largeThreshold: LARGE_SERIES, ...s }
      return s
    }),
  }
}

// The width of a value label at ECharts' 12 px sans-serif, estimated: digits and Latin
// letters about 6.7 px (0.556 em), the separators (, . space) half that, CJK characters 12 px.
function labelWidth(text: string): number {
  let w = 0
  for (const ch of text) {
    if (ch === ',' || ch === '.' || ch === ' ') w += 3.4
    else if (ch.codePointAt(0)! >= 0x2e80) w += 12
    else w += 6.7
  }
  return w
}

/**
 * The chart's width outside the plot: the server's grid (16 px left, 40 px right) and the
 * value axis' tick labels ("6M", "40%") inside it.
 */
const PLOT_MARGIN = 90
/** Space kept between two neighbouring value labels. */
const LABEL_GAP = 4

// The text a series' value label shows for datum `d`: its formatter's (withNumberFormat's
// grouped number, a percent), else the grouped number.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
function labelText(label: Record<string, any>, d: unknown): string {
  const value = d !== null && typeof d === 'object' && !Array.isArray(d) ? (d as { value?: unknown }).value : d
  if (typeof label.formatter === 'function') {
    try {
      return String(label.formatter({ value, data: d }))
    } catch {
      /* estimated below */
    }
  }
  return formatNumber(Array.isArray(value) ? value[value.length - 1] : value)
}

/**
 * Whether the value labels over the bars or points of a category x axis would overlap at
 * `width` px: each category's share of the plot is narrower than its longest label (7
 * regions' sums on a 390 px phone were written over each other; 12 months' sums on a 1030 px
 * desktop fit, and a fixed 90 px per category had taken them off).
 */
export function labelsCrowded(option: Option | null, width: number): boolean {
  const x = option?.xAxis
  const axis = (Array.isArray(x) ? x[0] : x) as Record<string, unknown> | undefined
  const categories = axis?.type === 'category' && Array.isArray(axis.data) ? axis.data.length : 0
  if (!categories || width <= 0) return false
  let widest = 0
  for (const s of seriesOf(option)) {
    if (s.label?.show !== true || !Array.isArray(s.data)) continue
    for (const d of s.data) widest = Math.max(widest, labelWidth(labelText(s.label, d)))
  }
  return widest > 0 && (width - PLOT_MARGIN) / categories < widest + LABEL_GAP
}

/** The option without value labels on its series (the tooltip still tells each value). */
export function withoutValueLabels(option: Option): Option {
  return {
    ...option,
    series: seriesOf(option).map((s) => (s.label ? { ...s, label: { ...s.label, show: false } } : s)),
  }
}

/** The drawing height of a chart. */
export const CHART_HEIGHT = 320
/** Height per category of a horizontal bar chart, so that its labels do not overlap. */
const BAR_ROW_HEIGHT = 20

/**
 * The height `option` needs: a horizontal bar chart (categories on the y axis) grows with
 * its categories (21 countries in 320 px wrote their names over each other); others keep
 * CHART_HEIGHT.
 */
export function chartHeight(option: Option | null): number {
  const y = option?.yAxis
  const axis = (Array.isArray(y) ? y[0] : y) as Record<string, unknown> | undefined
  const categories = axis?.type === 'category' && Array.isArray(axis.data) ? axis.data.length : 0
  return Math.max(CHART_HEIGHT, categories * BAR_ROW_HEIGHT + 100)
}

export function buildOption(kind: ChartKind, chart: ChartView | undefined, r: ResultView | undefined): Option | null {
  if (kind === 'recommended') return chart?.option ? withNumberFormat(chart.option as Option) : null
  if (!r) return null
  const nums = numericColumns(r)
  const labelIndex = r.columns.findIndex((_, i) => !nums.includes(i))
  const rows = r.rows.slice(0, MAX_POINTS)
  const label = (row: unknown[]) => String(row[labelIndex] ?? '')
  const base: Option = {
    tooltip: { trigger: kind === 'pie' || kind === 'scatter' ? 'item' : 'axis', valueFormatter: formatNumber },
    animation: false,
  }
  if (kind === 'pie') {
    const m = nums[0]
    return {
      ...base,
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'pie', radius: ['35%', '65%'], name: r.columns[m].name, data: rows.map((row) => ({ name: label(row), value: row[m] })) }],
    }
  }
  if (kind === 'scatter') {
    const [x, y] = nums
    return {
      ...base,
      xAxis: { type: 'value', name: r.columns[x].name },
      yAxis: { type: 'value', name: r.columns[y].name },
      series: [{ type: 'scatter', data: rows.map((row) => [row[x], row[y]]) }],
    }
  }
  const measures = nums.slice(0, 8)
  return {
    ...base,
    legend: measures.length > 1 ? { top: 0 } : undefined,
    grid: { left: 8, right: 16, bottom: 8, top: measures.length > 1 ? 32 : 16, containLabel: true },
    xAxis: { type: 'category', data: rows.map(label) },
    yAxis: { type: 'value' },
    series: measures.map((m) => ({ type: kind, name: r.columns[m].name, data: rows.map((row) => row[m]) })),
  }
}
