import { describe, expect, it } from 'vitest'
import { buildOption, chartKinds, type ChartKind } from './charts'
import { coreCovers, loadECharts, seriesOf } from './echarts'

describe('the ECharts subset the chat page loads', () => {
  const result = {
    columns: [{ name: 'region' }, { name: 'sales' }, { name: 'orders' }],
    rows: [
      ['华东', 1200.5, 30],
      ['华北', 800, 21],
    ],
    truncated: false,
  }
  // The shape chart_recommender.cc writes for a bar chart.
  const server = {
    kind: 'bar',
    option: {
      title: { text: '各地区销售额', left: 'center' },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      legend: { type: 'scroll', bottom: 0 },
      grid: { containLabel: true },
      xAxis: { type: 'category', data: ['华东', '华北'] },
      yAxis: { type: 'value' },
      series: [{ name: 'sales', type: 'bar', data: [1200.5, 800] }],
      animation: false,
    },
  }

  it('draws every kind the UI offers without the full library', () => {
    const kinds = chartKinds(server, result)
    expect(kinds).toEqual(['recommended', 'bar', 'line', 'scatter'])
    for (const kind of [...kinds, 'pie'] as ChartKind[]) {
      const option = buildOption(kind, server, kind === 'pie' ? { ...result, columns: result.columns.slice(0, 2), rows: result.rows.map((r) => r.slice(0, 2)) } : result)
      expect(option, kind).not.toBeNull()
      expect(coreCovers({ animation: false, ...option! }), kind).toBe(true)
    }
  })

  it('sends an option with another chart kind or component to the full library', () => {
    expect(coreCovers({ series: [{ type: 'heatmap', data: [] }], visualMap: {} })).toBe(false)
    expect(coreCovers({ series: { type: 'bar' }, dataZoom: [{}] })).toBe(false)
    expect(coreCovers({ series: { type: 'gauge' } })).toBe(false)
  })
})

describe('seriesOf', () => {
  it('gives the series as a list, whether the option has a list, one series or none', () => {
    const bar = { type: 'bar', data: [1] }
    expect(seriesOf({ series: [bar] })).toEqual([bar])
    expect(seriesOf({ series: bar })).toEqual([bar])
    expect(seriesOf({ title: { text: 'kpi' } })).toEqual([])
    expect(seriesOf(null)).toEqual([])
    expect(coreCovers({ series: { type: 'funnel' } })).toBe(false)
  })
})

describe('loading ECharts in pieces', () => {
  it('registers every part and gives the same core to every caller', async () => {
    const first = loadECharts()
    expect(loadECharts()).toBe(first)
    const echarts = await first
    // The page draws on canvas; here the SVG renderer (not a part the page loads) lets
    // node render each offered kind: drawn, each has its shapes.
    const { SVGRenderer } = await import('echarts/renderers')
    echarts.use(SVGRenderer)
    const svgOf = (type: string) => {
      const chart = echarts.init(null, undefined, { renderer: 'svg', ssr: true, width: 300, height: 200 })
      try {
        const cartesian = type !== 'pie' && type !== 'funnel'
        chart.setOption({
          animation: false,
          title: { text: 't' },
          tooltip: {},
          legend: {},
          ...(cartesian ? { grid: {}, xAxis: { type: 'category', data: ['a', 'b', 'c'] }, yAxis: {} } : {}),
          series: [{ type, name: type, data: !cartesian ? [{ name: 'a', value: 1 }, { name: 'b', value: 2 }] : [1, 3, 2] }],
        })
        return chart.renderToSVGString()
      } finally {
        chart.dispose()
      }
    }
    for (const type of ['bar', 'line', 'pie', 'scatter']) expect((svgOf(type).match(/<path/g) ?? []).length, type).toBeGreaterThan(3)
    // A kind that is not one of the parts is not registered (the full library is loaded for
    // it): nothing drawn.
    expect((svgOf('funnel').match(/<path/g) ?? []).length).toBeLessThan((svgOf('pie').match(/<path/g) ?? []).length)
    // Importing the library's pieces took 4.6-5.1 s on a loaded machine: past vitest's 5 s.
  }, 30_000)
})
