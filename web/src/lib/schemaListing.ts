// The tables and columns an agent may use (GET /api/v1/agents/<id>/schema), as the chat's
// Tables button shows them: the names a question can use, in the page's language first.

export interface LocalizedName {
  zh?: string
  en?: string
}

export interface ListedColumn {
  name: string
  type: string
  business_name?: LocalizedName
  unit?: string
  primary_key?: boolean
  references?: string
}

export interface ListedTable {
  name: string
  business_name?: LocalizedName
  row_count?: number
  row_count_estimate?: boolean // the database's estimate (PostgreSQL, MySQL): shown with ≈
  view?: boolean
  columns: ListedColumn[]
}

export interface SchemaListing {
  agent: string
  datasource: string
  tables: ListedTable[]
}

/** The schema route of an agent. */
export function schemaPath(agentId: string): string {
  return `/api/v1/agents/${encodeURIComponent(agentId)}/schema`
}

/**
 * The business name in the page's language, else the other one; '' when the model gives
 * none or it only repeats the physical name.
 */
export function businessName(name: LocalizedName | undefined, physical: string, locale: string): string {
  if (!name) return ''
  const zhFirst = locale.startsWith('zh')
  const picked = (zhFirst ? name.zh || name.en : name.en || name.zh) ?? ''
  return picked.toLowerCase() === physical.toLowerCase() ? '' : picked
}

/** The tables whose name, business names or columns' names hold `filter` (any case). */
export function filterTables(tables: ListedTable[], filter: string): ListedTable[] {
  const needle = filter.trim().toLowerCase()
  if (!needle) return tables
  const holds = (name: string, business?: LocalizedName) =>
    [name, business?.zh ?? '', business?.en ?? ''].some((s) => s.toLowerCase().includes(needle))
  return tables.filter((t) => holds(t.name, t.business_name) || t.columns.some((c) => holds(c.name, c.business_name)))
}
