// What the MCP e2e scripts (mcp_e2e.mjs, mcp_terms_e2e.mjs) share: counting checks, a home
// folder and environment of their own (no caller's model, store or secret), stopping a child
// `askdb serve`, and the exit that reports the counts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'

// Every stdio child the script starts, so finish() can end them before removing home: a
// check that threw before a client's close() left `askdb mcp` running, and when it exited
// after home was removed it saved its knowledge index there, making the folder again.
const transports = []

export function stdioTransport(options) {
  const transport = new StdioClientTransport(options)
  transports.push(transport)
  return transport
}

export const same = (a, b) => JSON.stringify(a) === JSON.stringify(b)

export function makeChecks() {
  const counts = { passed: 0, failed: 0 }
  function check(ok, what, detail = '') {
    if (ok) {
      counts.passed++
      console.log(`ok    ${what}`)
    } else {
      counts.failed++
      console.log(`FAIL  ${what}${detail ? `: ${typeof detail === 'string' ? detail : JSON.stringify(detail)}` : ''}`)
    }
    return ok
  }
  return { check, counts }
}

export function isolatedHome(prefix) {
  const home = mkdtempSync(join(tmpdir(), prefix))
  const env = {
    ...process.env,
    HOME: home,
    XDG_DATA_HOME: join(home, 'data'),
    XDG_CONFIG_HOME: join(home, 'config'),
    XDG_CACHE_HOME: join(home, 'cache'),
    ASKDB_LOG_LEVEL: 'warn',
  }
  delete env.ASKDB_HOME
  delete env.ASKDB_SECRET_KEY
  delete env.ASKDB_SERVER_STORE_URL
  return { home, env }
}

// SIGTERM, then wait (at most 15 s) for the exit: askdb serve writes into home until then.
// A serve still stopping after that (its runs may take --shutdown-timeout, 30 s) is killed and
// waited for: left running, it saved its knowledge index into the removed home when it ended,
// making the folder again (an askdb-mcp-e2e-* folder left in /tmp by a passing run).
export async function stopProcess(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timedOut = await Promise.race([exited.then(() => false), new Promise((resolve) => setTimeout(() => resolve(true), 15_000))])
  if (!timedOut) return
  child.kill('SIGKILL')
  await exited
}

// Ends the stdio children (close() waits for each to exit; a closed one returns at once),
// removes home, prints the counts and exits non-zero when a check failed.
export async function finish(counts, home) {
  await Promise.all(transports.map((t) => t.close().catch(() => {})))
  rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`)
  process.exit(counts.failed ? 1 : 0)
}
