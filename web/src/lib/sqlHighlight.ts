// A small SQL tokenizer for highlighting: keywords, functions, strings, numbers, comments,
// quoted identifiers. The page renders the tokens as text spans (no HTML is built).
export interface Token {
  kind: 'keyword' | 'function' | 'string' | 'number' | 'comment' | 'ident' | 'punct' | 'space' | 'word'
  text: string
}

const KEYWORDS = new Set(
  (
    'select from where group by order having limit offset join left right inner outer full cross on as and or not ' +
    'in is null like between case when then else end distinct union all with asc desc over partition ' +
    'exists any cast interval true false filter within rows range preceding following current row recursive ' +
    'except intersect natural using'
  ).split(' '),
)

export function tokenizeSql(sql: string): Token[] {
  const out: Token[] = []
  const re =
    /(--[^\n]*|\/\*[\s\S]*?\*\/)|('(?:[^']|'')*'?)|("(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?)|(\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|([A-Za-z_\u0080-\uffff][\w$\u0080-\uffff]*)|(\s+)|([^\s])/gy
  let m: RegExpExecArray | null
  while ((m = re.exec(sql)) !== null) {
    if (m[1]) out.push({ kind: 'comment', text: m[1] })
    else if (m[2]) out.push({ kind: 'string', text: m[2] })
    else if (m[3]) out.push({ kind: 'ident', text: m[3] })
    else if (m[4]) out.push({ kind: 'number', text: m[4] })
    else if (m[5]) {
      const lower = m[5].toLowerCase()
      const next = sql.slice(re.lastIndex).match(/^\s*\(/)
      out.push({ kind: KEYWORDS.has(lower) ? 'keyword' : next ? 'function' : 'word', text: m[5] })
    } else if (m[6]) out.push({ kind: 'space', text: m[6] })
    else out.push({ kind: 'punct', text: m[7] })
  }
  return out
}
