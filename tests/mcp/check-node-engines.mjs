// Checks that every package in this directory's package-lock.json accepts the Node.js that
// Debian 12 ships (nodejs 18.19+, installed by scripts/setup.sh): the MCP SDK client and all
// it pulls in run under that Node in mcp_sdk_e2e. Run by ctest as mcp_node_engines.
//   node tests/mcp/check-node-engines.mjs [VERSION]
import { readFileSync } from 'node:fs'
import semver from 'semver'

const DEBIAN_12_NODE = process.argv[2] || '18.19.0'
const lock = JSON.parse(readFileSync(new URL('./package-lock.json', import.meta.url)))
const refused = []
for (const [path, entry] of Object.entries(lock.packages || {})) {
  const range = entry.engines?.node
  if (!path || !range || entry.optional) continue
  if (!semver.satisfies(DEBIAN_12_NODE, range)) refused.push(`${path} ${entry.version} needs node ${range}`)
}
if (refused.length) {
  console.log(`${refused.length} package(s) refuse Node ${DEBIAN_12_NODE} (Debian 12's nodejs):`)
  for (const r of refused) console.log('  ' + r)
  console.log('pin versions that support it in tests/mcp/package.json (overrides)')
  process.exit(1)
}
console.log(`every package accepts Node ${DEBIAN_12_NODE}`)
