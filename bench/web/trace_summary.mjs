// Summarizes a Chromium performance trace (the bench's --trace): the renderer main thread's
// longest tasks, and for the longest one the time of the events inside it by kind (script
// calls by function and file, compile, style, layout, paint, GC), largest first.
// Usage: node bench/web/trace_summary.mjs TRACE.json
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export function summarize(trace, top = 25) {
  const events = Array.isArray(trace) ? trace : trace.traceEvents
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && e.dur > 0)
  // The renderer main thread: the one with the most script time.
  const scriptByThread = new Map()
  for (const e of events) {
    if (e.ph === 'X' && (e.name === 'FunctionCall' || e.name === 'EvaluateScript' || e.name === 'v8.callFunction')) {
      const k = `${e.pid}:${e.tid}`
      scriptByThread.set(k, (scriptByThread.get(k) ?? 0) + e.dur)
    }
  }
  const main = [...scriptByThread.entries()].sort((a, b) => b[1] - a[1])[0]?.[0]
  const mainTasks = tasks.filter((e) => `${e.pid}:${e.tid}` === main).sort((a, b) => b.dur - a.dur)
  const lines = [`main thread ${main}: ${mainTasks.length} tasks; longest (ms): ${mainTasks.slice(0, 8).map((t) => (t.dur / 1000).toFixed(1)).join(', ')}`]
  const longest = mainTasks[0]
  if (!longest) return lines.join('\n')
  const inside = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X' && e !== longest && e.ts >= longest.ts && e.ts + (e.dur ?? 0) <= longest.ts + longest.dur)
  const byKind = new Map()
  for (const e of inside) {
    const d = e.args?.data ?? {}
    let key = e.name
    if (e.name === 'FunctionCall') key = `FunctionCall ${d.functionName || '(anonymous)'} ${(d.url || '').replace(/.*\//, '')}:${d.lineNumber ?? ''}`
    byKind.set(key, (byKind.get(key) ?? 0) + (e.dur ?? 0))
  }
  lines.push(`longest task ${(longest.dur / 1000).toFixed(1)} ms at ${((longest.ts - mainTasks.reduce((m, t) => Math.min(m, t.ts), Infinity)) / 1000).toFixed(0)} ms; inside (inclusive ms, nested events counted in each):`)
  for (const [k, v] of [...byKind.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`  ${(v / 1000).toFixed(1).padStart(7)}  ${k}`)
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  console.log(summarize(JSON.parse(readFileSync(process.argv[2], 'utf8'))))
}
