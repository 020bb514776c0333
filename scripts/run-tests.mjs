// `npm test`: type-check, lint (ESLint and Prettier), build, unit tests (vitest), then end-to-end tests (Playwright in
// Debian's Chromium against browser mode). Ends with one "N passed, N failed" line that
// counts both suites.
//
// It also leaves nothing running: every process a step starts (test servers, browsers, workers)
// inherits a mark that names this run. After each step, and when the run is interrupted, any
// process still carrying the mark is listed, ended and counted as a failure of the run.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { endProcesses, leftBehind, RUN_MARK } from './test-processes.mjs'

const results = 'test-reports'
rmSync(results, { recursive: true, force: true })
mkdirSync(results, { recursive: true })

const runId = randomUUID()
process.env[RUN_MARK] = runId

/** The step running now, so an interrupted run can pass the signal on. */
let current = null
/** What each step left running, for the last lines. */
const strays = []

function step(title, command, args, env = {}) {
  console.log(`\n▶ ${title}`)
  return new Promise((done) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } })
    current = child
    child.once('error', (e) => {
      console.error(`${title}: ${e.message}`)
      current = null
      done(false)
    })
    child.once('close', async (code) => {
      current = null
      await sweep(title)
      done(code === 0)
    })
  })
}

/** Lists and ends what a step left running; anything found makes the run fail. */
async function sweep(title) {
  const left = await leftBehind(runId, { settleMs: 2_000 })
  if (left.length === 0) return
  console.error(`\n✗ ${title} left ${left.length} process(es) running:`)
  for (const p of left) console.error(`    ${p.pid}  ${p.command}`)
  strays.push(...left.map((p) => ({ step: title, ...p })))
  const survivors = await endProcesses(left)
  if (survivors.length) console.error(`    could not end: ${survivors.map((p) => p.pid).join(', ')}`)
}

// Ctrl-C, or CI cancelling the job: the step gets the signal, then whatever it started is ended.
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping the tests`)
    current?.kill(signal)
    await new Promise((r) => setTimeout(r, 3_000))
    const left = await leftBehind(runId, { settleMs: 0 })
    await endProcesses(left)
    process.exit(signal === 'SIGINT' ? 130 : 143)
  })
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

async function main() {
  if (!(await step('type-check', npm, ['run', 'typecheck', '--silent']))) return 1
  if (!(await step('lint', npm, ['run', 'lint', '--silent']))) return 1
  if (!(await step('build', npm, ['run', 'build', '--silent']))) return 1
  const unitOk = await step('unit tests', npx, [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${results}/unit.json`,
  ])
  const e2eOk = await step('end-to-end tests', npx, ['playwright', 'test'])

  const unit = readJson(`${results}/unit.json`)
  const e2e = readJson(`${results}/e2e.json`)
  const passed = (unit?.numPassedTests ?? 0) + (e2e?.stats?.expected ?? 0) + (e2e?.stats?.flaky ?? 0)
  const failed = (unit?.numFailedTests ?? 0) + (e2e?.stats?.unexpected ?? 0)
  const skipped = (unit?.numPendingTests ?? 0) + (unit?.numTodoTests ?? 0) + (e2e?.stats?.skipped ?? 0)
  console.log(`\nunit: ${unit?.numPassedTests ?? 0} passed, ${unit?.numFailedTests ?? 0} failed`)
  console.log(`e2e: ${e2e?.stats?.expected ?? 0} passed, ${e2e?.stats?.unexpected ?? 0} failed`)
  if (strays.length) console.log(`left running (ended by this script): ${strays.map((p) => `${p.command} [${p.step}]`).join('; ')}`)
  else if (existsSync('/proc')) console.log('left running: nothing')
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`)
  const ranSomething = unit !== null && e2e !== null && passed > 0
  return unitOk && e2eOk && failed === 0 && ranSomething && strays.length === 0 ? 0 : 1
}

process.exit(await main())
