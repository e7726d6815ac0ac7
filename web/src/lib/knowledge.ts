// The knowledge page's logic (docs/knowledge.md, /api/v1/knowledge): which scope a list,
// an upload or a search applies to, and the search tester's request and hits. Kept out of
// the page so that it is tested on its own.

export interface KnowledgeItem {
  id: string
  scope: string
  kind: string
  title: string
  recall: boolean
  state: string
  state_reason?: string
  chunks: number
  file_name?: string
  chunker?: { kind: string; size: number; overlap: number }
  question?: string
  answer?: string
}

export interface KnowledgeHit {
  chunk_id: string
  item_id: string
  scope: string
  type: string
  text: string
  keyword_rank: number
  keyword_score: number
  vector_rank: number
  vector_score: number
  fused_score: number
}

/** Where items live: every scope (list and search only), an agent's or a datasource's. */
export interface ScopeChoice {
  kind: 'all' | 'agent' | 'datasource'
  id: string
}

// Business terms are not searched here: the server recalls them by their words and lists them
// on the terms page (it answers a search for kind 'term' with a 400 saying so).
export const CHUNK_TYPES = ['document', 'qa', 'faq'] as const
export const SEARCH_MODES = ['hybrid', 'keyword', 'vector'] as const

/** The `agent` / `datasource` field the API takes for a scope; nothing for all scopes. */
export function scopeFields(s: ScopeChoice): Record<string, string> {
  if (s.kind === 'all' || !s.id) return {}
  return { [s.kind]: s.id }
}

/** `agent:default` → { kind: 'agent', id: 'default' } (the item's and the hit's scope). */
export function parseScope(scope: string): ScopeChoice {
  const at = scope.indexOf(':')
  const kind = scope.slice(0, at)
  if (at < 0 || (kind !== 'agent' && kind !== 'datasource')) return { kind: 'all', id: scope }
  return { kind, id: scope.slice(at + 1) }
}

export interface SearchForm {
  query: string
  mode: string
  topK: number
  kinds: string[]
  scope: ScopeChoice
}

/** The body of `POST /api/v1/knowledge/search`; no `kinds` means every type. */
export function searchBody(f: SearchForm): Record<string, unknown> {
  const body: Record<string, unknown> = { query: f.query.trim(), mode: f.mode, top_k: f.topK, ...scopeFields(f.scope) }
  if (f.kinds.length > 0) body.kinds = [...f.kinds]
  return body
}

/** A hit's source as a person reads it: its item's title, file name or question. */
export function itemLabel(item: KnowledgeItem | undefined): string {
  if (!item) return ''
  return item.title || item.file_name || item.question || item.id
}

/** A chunk's text for a table cell: blank lines and runs of spaces closed up. */
export function chunkText(text: string): string {
  return text.replace(/[ \t]+/g, ' ').replace(/\s*\n\s*/g, '\n').trim()
}

/** A score with three decimals; '—' when the hit was not found in that channel (rank 0). */
export function scoreText(score: number, rank = 1): string {
  return rank > 0 && Number.isFinite(score) ? score.toFixed(3) : '—'
}
