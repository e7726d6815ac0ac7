// Result-table helpers: sorting, paging, CSV, and display width of CJK text (a CJK
// character takes two columns in a monospace font), so that columns line up.

export type Cell = unknown

// One formatter and one collator for every cell: toLocaleString and localeCompare build
// a new one per call, which made a 1,000-row table (and its sort) take tens of ms more.
const grouped = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })
const twoDecimals = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const collator = new Intl.Collator('zh-CN', { numeric: true })

/** `v` with thousands grouped and at most 2 decimals (1,234,567.89). */
export function groupedNumber(v: number): string {
  return grouped.format(v)
}

/** A count in a table cell, grouped as the row counts read (4,527); '' when unknown. */
export function countText(v: unknown): string {
  return typeof v === 'number' && Number.isFinite(v) ? grouped.format(v) : ''
}

/** The message for a row count: "1 row", else "1,000 rows" (grouped, as the answer writes it). */
export function rowsMessage(n: number): [key: string, params: { n: string }] {
  return [n === 1 ? 'turn.oneRow' : 'turn.rows', { n: grouped.format(n) }]
}

/**
 * How a column's numbers read, as the server decided it (result.columns[i].kind, from
 * analysis/number_kind.h — the CLI and the HTML report format by the same kind).
 */
export type NumberKind = 'text' | 'number' | 'count' | 'money' | 'ratio'

/** A fraction in percent: 0.0384 → "3.84%"; below 0.1% three significant digits. */
export function percentText(v: number): string {
  const p = v * 100
  return (p !== 0 && Math.abs(p) < 0.1 ? p.toPrecision(3) : grouped.format(p)) + '%'
}

/** `v` as its column's kind shows it: a ratio in percent, money with two decimals, a count grouped. */
export function kindText(v: number, kind: NumberKind | undefined): string | undefined {
  if (!Number.isFinite(v)) return undefined
  if (kind === 'ratio') return percentText(v)
  if (kind === 'money') return twoDecimals.format(v)
  if (kind === 'count') return grouped.format(v)
  return undefined
}

export function cellText(v: Cell, kind?: NumberKind): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'number') {
    const byKind = kindText(v, kind)
    if (byKind !== undefined) return byKind
    // Group thousands only from 10,000 up, so that years (2024) and small codes stay plain.
    if (Math.abs(v) >= 10000) return grouped.format(v)
    return Number.isInteger(v) ? String(v) : String(Math.round(v * 100) / 100)
  }
  if (typeof v === 'object') return JSON.stringify(v)
  return String(v)
}

/** Full cell text, numbers unrounded (CSV). */
// A fraction at 15 significant digits, which every decimal a database stores fits: a sum of
// prices is a binary double (267868.17999999993 for 267,868.18), and a CSV is opened by people.
function rawText(v: Cell): string {
  if (v === null || v === undefined) return ''
  if (typeof v === 'object') return JSON.stringify(v)
  if (typeof v === 'number' && !Number.isInteger(v)) return String(Number(v.toPrecision(15)))
  return String(v)
}

export function compareCells(a: Cell, b: Cell): number {
  if (a === b) return 0
  if (a === null || a === undefined) return 1 // empty cells last
  if (b === null || b === undefined) return -1
  if (typeof a === 'number' && typeof b === 'number') return a - b
  return collator.compare(String(a), String(b))
}

export function sortRows(rows: Cell[][], column: number, descending: boolean): Cell[][] {
  const indexed = rows.map((r, i) => [r, i] as const)
  const empty = (v: Cell) => v === null || v === undefined
  indexed.sort((x, y) => {
    const a = x[0][column]
    const b = y[0][column]
    if (empty(a) !== empty(b)) return empty(a) ? 1 : -1 // empty cells last either way
    const c = compareCells(a, b)
    if (c !== 0) return descending ? -c : c
    return x[1] - y[1] // stable
  })
  return indexed.map((x) => x[0])
}

export function pageRows<T>(rows: T[], page: number, size: number): T[] {
  return rows.slice((page - 1) * size, page * size)
}

function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** RFC 4180 CSV with a UTF-8 BOM (so spreadsheet programs read Chinese correctly). */
export function toCsv(columns: string[], rows: Cell[][]): string {
  const lines = [columns.map(csvField).join(',')]
  for (const row of rows) lines.push(row.map((v) => csvField(rawText(v))).join(','))
  return '\uFEFF' + lines.join('\r\n') + '\r\n'
}

/** Display columns of `text`: East Asian wide and fullwidth characters count 2. */
export function displayWidth(text: string): number {
  let w = 0
  for (const ch of text) {
    const c = ch.codePointAt(0)!
    const wide =
      (c >= 0x1100 && c <= 0x115f) ||
      (c >= 0x2e80 && c <= 0xa4cf) ||
      (c >= 0xac00 && c <= 0xd7a3) ||
      (c >= 0xf900 && c <= 0xfaff) ||
      (c >= 0xfe30 && c <= 0xfe4f) ||
      (c >= 0xff00 && c <= 0xff60) ||
      (c >= 0xffe0 && c <= 0xffe6) ||
      (c >= 0x20000 && c <= 0x3fffd)
    w += wide ? 2 : 1
  }
  return w
}

export function isNumericColumn(rows: Cell[][], column: number): boolean {
  let seen = false
  for (const r of rows) {
    const v = r[column]
    if (v === null || v === undefined) continue
    if (typeof v !== 'number') return false
    seen = true
  }
  return seen
}

export function download(filename: string, content: string, type: string) {
  const blob = new Blob([content], { type })
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = filename
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}
