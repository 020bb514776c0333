// `npm test`: type-check, lint (ESLint and Prettier), build, unit tests (vitest), then end-to-end tests (Playwright in
// Debian's Chromium against browser mode). Ends with one "N passed, N failed" line that
// counts both suites.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'

const results = 'test-reports'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`)
  const r = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  return r.status === 0
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx'
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'

if (!step('type-check', npm, ['run', 'typecheck', '--silent'])) process.exit(1)
if (!step('lint', npm, ['run', 'lint', '--silent'])) process.exit(1)
if (!step('build', npm, ['run', 'build', '--silent'])) process.exit(1)
const unitOk = step('unit tests', npx, ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile=${results}/unit.json`])
const e2eOk = step('end-to-end tests', npx, ['playwright', 'test'])

const unit = readJson(`${results}/unit.json`)
const e2e = readJson(`${results}/e2e.json`)
const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0)
const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0)
const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0)
console.log(`\nunit: ${unit?.numPassedTests ?? 0} passed, ${unit?.numFailedTests ?? 0} failed`)
console.log(`e2e: ${e2e?.stats?.expected ?? 0} passed, ${e2e?.stats?.unexpected ?? 0} failed`)
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
const ranSomething = unit !== null && e2e !== null && passed > 0
process.exit(unitOk && e2eOk && failed === 0 && ranSomething ? 0 : 1)
