import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { endProcesses, leftBehind, marked, RUN_MARK } from '../../../scripts/test-processes.mjs'

/**
 * `npm test` fails when a step leaves a process running. The check finds the run's processes by
 * the mark they inherit, even once orphaned (detached, in a group of their own, parent gone).
 */
describe.skipIf(process.platform !== 'linux')("the test run's leftover check", () => {
  it('finds a detached, orphaned process that carries the run mark, and ends it; other runs are not touched', async () => {
    const runId = `unit-${process.pid}-${Date.now()}`
    const other = `${runId}-other`
    const start = (id: string) => {
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
        detached: true,
        stdio: 'ignore',
        env: { ...process.env, [RUN_MARK]: id },
      })
      child.unref()
      return child.pid!
    }
    const stray = start(runId)
    const elsewhere = start(other)
    try {
      await expect.poll(() => marked(runId).map((p) => p.pid)).toEqual([stray])
      const left = await leftBehind(runId, { settleMs: 200 })
      expect(left.map((p) => p.pid)).toEqual([stray])
      expect(left[0]!.command).toContain('setInterval')
      expect(await endProcesses(left, { graceMs: 1_000 })).toEqual([])
      expect(marked(runId)).toEqual([])
      expect(marked(other).map((p) => p.pid)).toEqual([elsewhere])
    } finally {
      for (const pid of [stray, elsewhere]) {
        try {
          process.kill(pid, 'SIGKILL')
        } catch {
          // ended already
        }
      }
    }
  })
})
