import { describe, expect, it } from 'vitest'
import { relationGraph } from './relationGraph'

describe('relation diagram', () => {
  it('draws declared keys solid and logical relations dashed, over the tables they join', () => {
    const g = relationGraph(
      [
        { name: 'orders', foreign_keys: [{ columns: ['customer_id'], ref_table: 'customers', ref_columns: ['customer_id'] }] },
        { name: 'customers', foreign_keys: [] },
        { name: 'products' },
      ],
      [{ from: 'orders.store_code', to: 'stores.code' }],
      600,
      400,
    )
    expect(g.nodes.map((n) => n.name)).toEqual(['customers', 'orders', 'stores'])
    expect(g.edges).toEqual([
      { from: 'orders', to: 'customers', label: 'customer_id → customer_id', logical: false },
      { from: 'orders', to: 'stores', label: 'store_code → code', logical: true },
    ])
    for (const n of g.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(0)
      expect(n.x).toBeLessThanOrEqual(600)
      expect(n.y).toBeGreaterThanOrEqual(0)
      expect(n.y).toBeLessThanOrEqual(400)
    }
  })

  it('is empty without relations', () => {
    expect(relationGraph([{ name: 'a' }], [], 300, 200)).toEqual({ nodes: [], edges: [] })
  })
})
