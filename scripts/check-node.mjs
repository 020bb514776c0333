// Fails unless this Node is within package.json's `engines.node`, the one range the README, CI and
// every dependency's own `engines` agree on. Reads the forms that range uses: `^X.Y.Z` and
// `>=X.Y.Z` (missing parts are 0), joined by `||`.
import { readFileSync } from 'node:fs'

const range = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).engines.node
const parse = (v) =>
  v
    .replace(/^v/, '')
    .split('.')
    .map((n) => Number(n) || 0)
    .concat(0, 0)
    .slice(0, 3)
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]
const here = parse(process.versions.node)

function accepts(part) {
  const m = /^(\^|>=)\s*(\d+(?:\.\d+){0,2})$/.exec(part.trim())
  if (!m) throw new Error(`engines.node: cannot read "${part.trim()}" (use ^X.Y.Z or >=X.Y.Z, joined by ||)`)
  const floor = parse(m[2])
  return compare(here, floor) >= 0 && (m[1] === '>=' || here[0] === floor[0])
}

if (!range.split('||').some(accepts)) {
  console.error(`Node ${process.version} is outside package.json's engines.node (${range}).`)
  process.exit(1)
}
console.log(`Node ${process.version} is within engines.node (${range}).`)
