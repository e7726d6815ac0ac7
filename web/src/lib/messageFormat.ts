// The UI's message compiler for vue-i18n. Our messages use only named ({n}) and list ({0})
// placeholders and literals ({'{'}), so this small compiler replaces vue-i18n's general one
// (dropped from the bundle with __INTLIFY_DROP_MESSAGE_COMPILER__): the first screen parses
// 17 KB less, and showing a message the first time (a whole turn's timeline at once) no
// longer runs a full parser per message inside the render. A "|" is text, not a plural.

interface Context {
  named: (key: string) => unknown
  list: (index: number) => unknown
}
type Part = string | { named: string } | { index: number }
export type MessageFn = (ctx: Context) => string

const cache = new Map<string, MessageFn>()

export function parseMessage(source: string): Part[] {
  const parts: Part[] = []
  const re = /\{\s*(?:'([^']*)'|([A-Za-z_$][\w$]*)|(\d+))\s*\}/g
  let last = 0
  let text = ''
  for (let m = re.exec(source); m; m = re.exec(source)) {
    text += source.slice(last, m.index)
    last = re.lastIndex
    if (m[1] !== undefined) {
      text += m[1]
      continue
    }
    if (text) parts.push(text)
    text = ''
    parts.push(m[2] !== undefined ? { named: m[2] } : { index: Number(m[3]) })
  }
  text += source.slice(last)
  if (text) parts.push(text)
  return parts
}

function show(value: unknown): string {
  return value === undefined || value === null ? '' : String(value)
}

export function compileMessage(source: unknown): MessageFn {
  // Anything but a string (vue-i18n also passes precompiled ASTs) is shown as it is.
  if (typeof source !== 'string') return () => show(source)
  let fn = cache.get(source)
  if (fn) return fn
  const parts = parseMessage(source)
  if (parts.every((p) => typeof p === 'string')) {
    const text = (parts as string[]).join('')
    fn = () => text
  } else {
    fn = (ctx) => {
      let out = ''
      for (const p of parts) {
        if (typeof p === 'string') out += p
        else if ('named' in p) out += show(ctx.named(p.named))
        else out += show(ctx.list(p.index))
      }
      return out
    }
  }
  cache.set(source, fn)
  return fn
}
