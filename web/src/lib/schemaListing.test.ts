import { describe, expect, it } from 'vitest'
import { businessName, filterTables, schemaPath, type ListedTable } from './schemaListing'

const tables: ListedTable[] = [
  {
    name: 'orders',
    business_name: { zh: '订单', en: 'orders' },
    row_count: 60000,
    columns: [
      { name: 'order_id', type: 'INTEGER', primary_key: true },
      { name: 'total_amount', type: 'REAL', business_name: { zh: '订单金额', en: 'order amount' }, unit: 'CNY' },
    ],
  },
  { name: 'stores', business_name: { zh: '门店' }, columns: [{ name: 'name', type: 'TEXT' }] },
]

describe('schemaListing', () => {
  it('names the agent in the route', () => {
    expect(schemaPath('sales bot')).toBe('/api/v1/agents/sales%20bot/schema')
  })
  it('picks the business name in the page language, else the other one', () => {
    const amount = tables[0].columns[1].business_name
    expect(businessName(amount, 'total_amount', 'zh-CN')).toBe('订单金额')
    expect(businessName(amount, 'total_amount', 'en')).toBe('order amount')
    expect(businessName(tables[1].business_name, 'stores', 'en')).toBe('门店')
    // An English name that only repeats the physical one says nothing new.
    expect(businessName(tables[0].business_name, 'orders', 'en')).toBe('')
    expect(businessName(undefined, 'x', 'en')).toBe('')
  })
  it('filters by table and column names in either language', () => {
    expect(filterTables(tables, '').length).toBe(2)
    expect(filterTables(tables, '金额').map((t) => t.name)).toEqual(['orders'])
    expect(filterTables(tables, 'STORE').map((t) => t.name)).toEqual(['stores'])
    expect(filterTables(tables, 'nothing')).toEqual([])
  })
})
