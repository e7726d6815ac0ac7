import { describe, expect, it } from 'vitest'
import { matchesTerm, splitSynonyms, termBody, type TermForm } from './terms'

const form = (over: Partial<TermForm>): TermForm => ({
  term: '',
  synonyms: '',
  description: '',
  is_recall: true,
  meaning: '',
  expression: '',
  filter: '',
  subject: '',
  period: '',
  period_column: '',
  ...over,
})

describe('business term form', () => {
  it('splits synonyms on Chinese and ASCII separators, dropping blanks and repeats', () => {
    expect(splitSynonyms(' 净销售 ，实收、净销售,  \n净额 ')).toEqual(['净销售', '实收', '净额'])
    expect(splitSynonyms('')).toEqual([])
  })

  it('sends a definition only with a meaning, and only the fields that meaning uses', () => {
    expect(termBody(form({ term: ' 大客户 ', expression: 'x', filter: 'y', subject: 'z' }))).toEqual({
      term: '大客户',
      synonyms: [],
      description: '',
      is_recall: true,
    })
    expect(termBody(form({ term: '江浙沪', meaning: 'value', expression: "cities.name_zh IN ('上海')", filter: 'a', subject: 'b' }))).toEqual({
      term: '江浙沪',
      synonyms: [],
      description: '',
      is_recall: true,
      meaning: 'value',
      expression: "cities.name_zh IN ('上海')",
    })
    expect(
      termBody(form({ term: '高价值客户', meaning: 'filter', expression: 'SUM(orders.total_amount) > 10000', subject: 'customers', is_recall: false })),
    ).toMatchObject({ meaning: 'filter', subject: 'customers', is_recall: false })
    expect(termBody(form({ term: '净销售额', meaning: 'measure', expression: 'SUM(orders.total_amount)', filter: "orders.status = 'completed'" }))).toMatchObject({
      filter: "orders.status = 'completed'",
    })
  })

  it('sends a period and its column only with a filter that has a period', () => {
    expect(
      termBody(form({ term: '活跃客户', meaning: 'filter', expression: 'COUNT(orders.order_id) >= 1', subject: 'customers', period: ' 近90天 ', period_column: 'orders.order_date' })),
    ).toMatchObject({ period: '近90天', period_column: 'orders.order_date' })
    expect(termBody(form({ term: '净销售额', meaning: 'measure', expression: 'SUM(orders.total_amount)', period: '近一年', period_column: 'orders.order_date' }))).not.toHaveProperty('period')
    expect(termBody(form({ term: '大客户', meaning: 'filter', expression: 'x', period_column: 'orders.order_date' }))).not.toHaveProperty('period_column')
  })

  it('finds a term by its word, a synonym, its description or definition, ignoring case', () => {
    const t = { id: 't1', term: 'GMV', synonyms: ['成交额'], description: 'gross value', is_recall: true, expression: 'SUM(orders.total_amount)' }
    expect(matchesTerm(t, 'gmv')).toBe(true)
    expect(matchesTerm(t, '成交')).toBe(true)
    expect(matchesTerm(t, 'GROSS')).toBe(true)
    expect(matchesTerm(t, 'total_amount')).toBe(true)
    expect(matchesTerm(t, '退款')).toBe(false)
    expect(matchesTerm(t, '  ')).toBe(true)
  })
})
