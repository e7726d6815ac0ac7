import { describe, expect, it } from 'vitest'
import { CHART_HEIGHT, LARGE_SERIES, chartHeight, forLargeData, labelsCrowded, withNumberFormat, withoutValueLabels } from './charts'

const points = (n: number) => Array.from({ length: n }, (_, i) => i)

describe('long series are drawn the cheap way', () => {
  it('samples a long line without symbols, and puts long bars and scatter in large mode', () => {
    const option = {
      xAxis: { type: 'category' },
      series: [
        { type: 'line', data: points(500), showSymbol: true },
        { type: 'bar', data: points(LARGE_SERIES + 1) },
        { type: 'scatter', data: points(300).map((i) => [i, i]) },
        { type: 'pie', data: points(300) },
      ],
    }
    const out = forLargeData(option) as { animation: boolean; series: Record<string, unknown>[] }
    expect(out.animation).toBe(false)
    // What the server set stays (showSymbol here); only what it left open is filled in.
    expect(out.series[0]).toMatchObject({ type: 'line', sampling: 'lttb', showSymbol: true, emphasis: { disabled: true } })
    expect(out.series[1]).toMatchObject({ type: 'bar', large: true, largeThreshold: LARGE_SERIES })
    expect(out.series[2]).toMatchObject({ type: 'scatter', large: true })
    expect(out.series[3]).toEqual(option.series[3])
    expect(option.series[0]).not.toHaveProperty('sampling')
  })

  it('leaves short series and options without series as they are', () => {
    const short = { series: [{ type: 'line', data: points(LARGE_SERIES) }] }
    expect(forLargeData(short)).toBe(short)
    const kpi = { title: { text: 'x' } }
    expect(forLargeData(kpi)).toBe(kpi)
  })
})

describe('chart height', () => {
  it('grows a horizontal bar chart with its categories, keeps the others', () => {
    const countries = Array.from({ length: 21 }, (_, i) => `country ${i}`)
    const horizontal = { xAxis: { type: 'value' }, yAxis: { type: 'category', data: countries }, series: [{ type: 'bar' }] }
    expect(chartHeight(horizontal)).toBe(21 * 20 + 100)
    expect(chartHeight({ ...horizontal, yAxis: [{ type: 'category', data: countries.slice(0, 5) }] })).toBe(CHART_HEIGHT)
    expect(chartHeight({ xAxis: { type: 'category', data: countries }, yAxis: { type: 'value' } })).toBe(CHART_HEIGHT)
    expect(chartHeight(null)).toBe(CHART_HEIGHT)
  })
})

describe('value labels that would overlap', () => {
  // 7 regions' sums over the bars, as the server recommends them.
  const regions = {
    xAxis: { type: 'category', data: ['华东', '华南', '西南', '华北', '华中', '东北', '西北'] },
    yAxis: { type: 'value' },
    series: [{ type: 'bar', data: [21326540.62, 10784646.98, 9940945.96, 9063342.67, 5457534.27, 3072912.52, 1824528.03], label: { show: true, position: 'top' } }],
  }
  it('are crowded on a phone and not on a desktop', () => {
    expect(labelsCrowded(regions, 366)).toBe(true)
    expect(labelsCrowded(regions, 1030)).toBe(false)
  })
  // 12 months' sums (4-7 million, "5,123,456.78"), as the server labels up to 15 bars.
  const months = withNumberFormat({
    xAxis: { type: 'category', data: Array.from({ length: 12 }, (_, i) => `2024-${String(i + 1).padStart(2, '0')}`) },
    yAxis: { type: 'value' },
    series: [
      {
        type: 'bar',
        data: [4876543.21, 5123456.78, 5432109.87, 4987654.32, 5210987.65, 6123456.78, 5876543.21, 5345678.9, 5654321.09, 6012345.67, 6543210.98, 6987654.32],
        label: { show: true, position: 'top', askdbFormat: 'compact' },
      },
    ],
  })
  it("keep 12 months' labels on a desktop (1030 px) and take them off on a phone", () => {
    expect(labelsCrowded(months, 1030)).toBe(false)
    expect(labelsCrowded(months, 366)).toBe(true)
  })
  it('go by the longest label: 15 small counts fit where 15 sums of millions do not', () => {
    const counts = {
      xAxis: { type: 'category', data: Array.from({ length: 15 }, (_, i) => `门店 ${i + 1}`) },
      series: [{ type: 'bar', data: Array.from({ length: 15 }, (_, i) => 1200 + i * 37), label: { show: true } }],
    }
    expect(labelsCrowded(counts, 1030)).toBe(false)
    const sums = { ...counts, series: [{ type: 'bar', data: Array.from({ length: 15 }, (_, i) => 12345678.9 + i), label: { show: true } }] }
    expect(labelsCrowded(sums, 1030)).toBe(true)
    // A formatter's text is what is measured ({value} objects too).
    const percent = withNumberFormat({ ...counts, series: [{ type: 'bar', data: counts.series[0].data.map((v) => ({ value: v / 10000 })), label: { show: true, askdbFormat: 'percent' } }] })
    expect(labelsCrowded(percent, 1030)).toBe(false)
    expect(labelsCrowded(percent, 390)).toBe(true)
  })
  it('are never crowded without labels, without a category x axis, or before layout', () => {
    expect(labelsCrowded({ ...regions, series: [{ type: 'bar', data: [1, 2] }] }, 200)).toBe(false)
    expect(labelsCrowded({ series: [{ type: 'pie', data: [], label: { show: true } }] }, 200)).toBe(false)
    expect(labelsCrowded(regions, 0)).toBe(false)
  })
  it('are taken off, the rest of the option kept', () => {
    const out = withoutValueLabels(regions)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const s = (out.series as any[])[0]
    expect(s.label).toEqual({ show: false, position: 'top' })
    expect(s.data).toBe(regions.series[0].data)
    expect(out.xAxis).toBe(regions.xAxis)
    expect(regions.series[0].label.show).toBe(true)
  })
})
