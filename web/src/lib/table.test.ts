import { describe, expect, it } from 'vitest'
import { buildOption, chartKinds, withNumberFormat } from './charts'
import { cellText, countText, displayWidth, rowsMessage, sortRows, toCsv } from './table'
import { tokenizeSql } from './sqlHighlight'

describe('table helpers', () => {
  it('counts rows as a person writes them (1 row, 1,000 rows)', () => {
    expect(rowsMessage(1)).toEqual(['turn.oneRow', { n: '1' }])
    expect(rowsMessage(0)).toEqual(['turn.rows', { n: '0' }])
    expect(rowsMessage(1000)).toEqual(['turn.rows', { n: '1,000' }])
  })

  it("writes a datasource table's row count grouped (4,527), nothing when unknown", () => {
    expect(countText(4527)).toBe('4,527')
    expect(countText(12)).toBe('12')
    expect(countText(null)).toBe('')
    expect(countText(undefined)).toBe('')
  })

  it('sorts numbers numerically, empty cells last, stably', () => {
    const rows = [['a', 10], ['b', null], ['c', 2], ['d', 10]]
    expect(sortRows(rows, 1, false).map((r) => r[0])).toEqual(['c', 'a', 'd', 'b'])
    expect(sortRows(rows, 1, true).map((r) => r[0])).toEqual(['a', 'd', 'c', 'b'])
  })

  it('writes RFC 4180 CSV with a BOM', () => {
    expect(toCsv(['地区', 'x'], [['华东, 上海', 'say "hi"'], [null, 1.5]])).toBe(
      '\uFEFF地区,x\r\n"华东, 上海","say ""hi"""\r\n,1.5\r\n',
    )
  })

  it('writes a sum of prices as its decimal, not the binary noise of the double', () => {
    expect(toCsv(['revenue', 'n'], [[267868.17999999993, 9007199254740993], [0.1 + 0.2, 1e-7]])).toBe(
      '\uFEFFrevenue,n\r\n267868.18,9007199254740992\r\n0.3,1e-7\r\n',
    )
  })

  it("reads a number as the server's column kind says: ratio in percent, money, count", () => {
    expect(cellText(0.0384, 'ratio')).toBe('3.84%')
    expect(cellText(0.000123, 'ratio')).toBe('0.0123%')
    expect(cellText(2328.6, 'money')).toBe('2,328.60')
    expect(cellText(12, 'money')).toBe('12.00')
    expect(cellText(4527, 'count')).toBe('4,527')
    expect(cellText(1997, 'number')).toBe('1997')
    expect(cellText(0.0384)).toBe('0.04')
    expect(cellText('n/a', 'ratio')).toBe('n/a')
  })

  it('counts CJK characters as two columns', () => {
    expect(displayWidth('华东')).toBe(4)
    expect(displayWidth('ab')).toBe(2)
    expect(displayWidth('ＡＢ')).toBe(4)
  })
})

describe('chart number formats', () => {
  it("turns the server's askdbFormat marks into formatters: ratios in percent", () => {
    const option = withNumberFormat({
      tooltip: { trigger: 'axis', askdbFormat: 'percent' },
      yAxis: { type: 'value', axisLabel: { askdbFormat: 'percent' } },
      xAxis: { type: 'category', data: ['a'], axisLabel: { askdbFormat: 'compact' } },
      series: [{ type: 'bar', data: [0.0384], label: { show: true, askdbFormat: 'percent' } }],
    })
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const o = option as any
    expect(o.tooltip.valueFormatter(0.0384)).toBe('3.84%')
    expect(o.yAxis.axisLabel.formatter(0.05)).toBe('5%')
    expect(o.series[0].label.formatter({ value: 0.0384 })).toBe('3.84%')
    expect(o.xAxis.axisLabel).toEqual({})
    expect(JSON.stringify(option)).not.toContain('askdbFormat')
  })
})

describe('charts', () => {
  const result = {
    columns: [{ name: 'region' }, { name: 'sales' }],
    rows: [['华东', 10], ['华南', 5]],
    truncated: false,
  }
  it('offers the kinds that fit the result', () => {
    expect(chartKinds({ kind: 'bar', option: { series: [] } }, result)).toEqual(['recommended', 'bar', 'line', 'pie'])
    expect(chartKinds(undefined, { ...result, columns: [{ name: 'a' }, { name: 'b' }], rows: [[1, 2]] })).toEqual(['scatter'])
  })
  it('builds a pie of the single measure', () => {
    const option = buildOption('pie', undefined, result) as { series: { data: unknown[] }[] }
    expect(option.series[0].data).toEqual([
      { name: '华东', value: 10 },
      { name: '华南', value: 5 },
    ])
  })
})

describe('tokenizeSql', () => {
  it('marks keywords, functions, strings and numbers', () => {
    const kinds = tokenizeSql("SELECT SUM(x) FROM t WHERE y = '华东' AND z > 1.5")
      .filter((t) => t.kind !== 'space')
      .map((t) => `${t.kind}:${t.text}`)
    expect(kinds).toContain('keyword:SELECT')
    expect(kinds).toContain('function:SUM')
    expect(kinds).toContain("string:'华东'")
    expect(kinds).toContain('number:1.5')
    expect(tokenizeSql('a -- c\nb').map((t) => t.text).join('')).toBe('a -- c\nb')
  })
})
