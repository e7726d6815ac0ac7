import { describe, expect, it } from 'vitest'
import { buildOption, chartKinds, type ChartKind } from './charts'
import { coreCovers } from './echarts'

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
