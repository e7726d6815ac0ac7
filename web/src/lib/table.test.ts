import { describe, expect, it } from 'vitest'
import { buildOption, chartKinds } from './charts'
import { displayWidth, sortRows, toCsv } from './table'
import { tokenizeSql } from './sqlHighlight'

describe('table helpers', () => {
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

  it('counts CJK characters as two columns', () => {
    expect(displayWidth('华东')).toBe(4)
    expect(displayWidth('ab')).toBe(2)
    expect(displayWidth('ＡＢ')).toBe(4)
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
