// The processes a test run started, found by the mark they inherit from `scripts/run-tests.mjs`
// (an environment variable naming the run). Every child inherits its parent's environment, so a
// test server, a browser or a worker orphaned by its test runner still carries the mark, whatever
// its parent or process group has become. Linux only (it reads /proc); elsewhere it finds nothing.
import { readdirSync, readFileSync } from 'node:fs'

export const RUN_MARK = 'SALVO_TEST_RUN'

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

function isAlive(pid) {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  // A zombie (dead, not yet reaped) no longer runs anything.
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'))
  } catch {
    return true
  }
}

/** Running processes, other than this one, that carry `SALVO_TEST_RUN=<runId>`. */
export function marked(runId) {
  let entries
  try {
    entries = readdirSync('/proc')
  } catch {
    return []
  }
  const needle = `${RUN_MARK}=${runId}`
  const found = []
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue
    const pid = Number(entry)
    if (pid === process.pid) continue
    let environ
    try {
      environ = readFileSync(`/proc/${pid}/environ`, 'utf8')
    } catch {
      continue // gone already, or another user's
    }
    if (!environ.split('\0').includes(needle)) continue
    if (!isAlive(pid)) continue
    let command = ''
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim()
    } catch {
      // gone between the two reads
    }
    found.push({ pid, command: command.length > 160 ? `${command.slice(0, 157)}…` : command })
  }
  return found
}

/**
 * What the run left running once its steps ended: processes with the mark that are still there
 * after `settleMs` (a process in the middle of exiting when its step ended gets that long).
 */
export async function leftBehind(runId, { settleMs = 2_000 } = {}) {
  const deadline = Date.now() + settleMs
  let found = marked(runId)
  while (found.length && Date.now() < deadline) {
    await sleep(100)
    found = marked(runId)
  }
  return found
}

/** SIGTERM, then SIGKILL what is still there after `graceMs`. Returns the processes that survived both. */
export async function endProcesses(processes, { graceMs = 3_000 } = {}) {
  const send = (pid, signal) => {
    try {
      process.kill(pid, signal)
    } catch {
      // already gone
    }
  }
  for (const p of processes) send(p.pid, 'SIGTERM')
  const deadline = Date.now() + graceMs
  while (processes.some((p) => isAlive(p.pid)) && Date.now() < deadline) await sleep(100)
  for (const p of processes) if (isAlive(p.pid)) send(p.pid, 'SIGKILL')
  await sleep(200)
  return processes.filter((p) => isAlive(p.pid))
}
