// Checks that every package in package-lock.json accepts the Node.js that Debian 12 ships
// (nodejs 18.19+; scripts/setup.sh installs it on a fresh machine). A machine with a newer
// Node builds fine while a fresh one would not: this test catches that. Run by ctest as
// web_node_engines.   node scripts/check-node-engines.mjs [VERSION]
import { readFileSync } from 'node:fs'
import semver from 'semver'

const DEBIAN_12_NODE = process.argv[2] || '18.19.0'
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url)))
const refused = []
for (const [path, entry] of Object.entries(lock.packages || {})) {
  const range = entry.engines?.node
  // Only the build and test tools run in Node; the app's own dependencies are bundled for
  // the browser (their engines field speaks of their Node-side tooling).
  if (!path || !range || entry.optional || !entry.dev) continue
  if (!semver.satisfies(DEBIAN_12_NODE, range)) refused.push(`${path} ${entry.version} needs node ${range}`)
}
if (refused.length) {
  console.log(`${refused.length} package(s) refuse Node ${DEBIAN_12_NODE} (Debian 12's nodejs):`)
  for (const r of refused) console.log('  ' + r)
  console.log('pin versions that support it in web/package.json')
  process.exit(1)
}
console.log(`every package accepts Node ${DEBIAN_12_NODE}`)
