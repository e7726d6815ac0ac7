// The key check (GET /api/v1/me) started by the first line of the bundle that runs, before
// Vue, the router and the page are set up, so that the round trip overlaps their start-up
// instead of following it (the question box waits for both). No imports: rollup places
// this module first in the entry chunk. auth.ts's restore() takes the answer once.
const KEY = 'askdb.key'

function storedKey(): string {
  try {
    return sessionStorage.getItem(KEY) ?? localStorage.getItem(KEY) ?? ''
  } catch {
    return ''
  }
}

let early: { key: string; response: Promise<Response> } | undefined
if (typeof fetch === 'function' && typeof location !== 'undefined' && !/^\/(signin|embed)\b/.test(location.pathname)) {
  const key = storedKey()
  const response = fetch('/api/v1/me', { headers: key ? { Authorization: `Bearer ${key}` } : {}, cache: 'no-store' })
  // Unhandled until taken: keep a failure from being reported as such.
  response.catch(() => {})
  early = { key, response }
}

/** The early response for `key`, once; undefined when none was started for that key. */
export function takeEarlyMe(key: string): Promise<Response> | undefined {
  const e = early
  early = undefined
  return e && e.key === key ? e.response : undefined
}
