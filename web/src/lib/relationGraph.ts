// The relations page's diagram as data: the tables that take part in a declared (foreign
// key) or a logical relation, placed on a circle, and one edge per relation. Pure, so the
// layout is tested without a browser (relationGraph.test.ts).

export interface TableKeys {
  name: string
  foreign_keys?: { columns: string[]; ref_table: string; ref_columns: string[] }[]
}
export interface LogicalRelation {
  from: string // table.column
  to: string
}
export interface GraphNode {
  name: string
  x: number
  y: number
}
export interface GraphEdge {
  from: string
  to: string
  label: string
  logical: boolean
}

function tableOf(ref: string): string {
  const i = ref.lastIndexOf('.')
  return i > 0 ? ref.slice(0, i) : ref
}
function columnOf(ref: string): string {
  const i = ref.lastIndexOf('.')
  return i > 0 ? ref.slice(i + 1) : ''
}

export function relationGraph(tables: TableKeys[], relations: LogicalRelation[], width: number, height: number) {
  const edges: GraphEdge[] = []
  for (const t of tables) {
    for (const fk of t.foreign_keys ?? []) {
      edges.push({ from: t.name, to: fk.ref_table, label: `${fk.columns.join(',')} → ${fk.ref_columns.join(',')}`, logical: false })
    }
  }
  for (const r of relations) {
    edges.push({ from: tableOf(r.from), to: tableOf(r.to), label: `${columnOf(r.from)} → ${columnOf(r.to)}`, logical: true })
  }
  const names: string[] = []
  for (const e of edges) for (const n of [e.from, e.to]) if (!names.includes(n)) names.push(n)
  names.sort()
  const cx = width / 2
  const cy = height / 2
  const radius = Math.max(0, Math.min(width, height) / 2 - 60)
  const nodes: GraphNode[] = names.map((name, i) => {
    const a = (2 * Math.PI * i) / Math.max(1, names.length) - Math.PI / 2
    return { name, x: Math.round(cx + radius * Math.cos(a)), y: Math.round(cy + radius * Math.sin(a)) }
  })
  return { nodes, edges }
}
