// What the MCP e2e scripts (mcp_e2e.mjs, mcp_terms_e2e.mjs) share: counting checks, a home
// folder and environment of their own (no caller's model, store or secret), stopping a child
// `askdb serve`, and the exit that reports the counts.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

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
export async function stopProcess(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))])
}

// Removes home (retries cover a stdio child the SDK is still ending), prints the counts and
// exits non-zero when a check failed.
export function finish(counts, home) {
  rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  console.log(`\n${counts.passed} passed, ${counts.failed} failed`)
  process.exit(counts.failed ? 1 : 0)
}
