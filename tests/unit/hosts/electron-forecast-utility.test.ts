import { EventEmitter } from 'node:events'
import { expect, it } from 'vitest'
import { spawnUtilityAt, type UtilityChild, type UtilityFork } from '../../../src-main/hosts/electron/forecast-utility'

/**
 * Issue 35 in the desktop app: forecasts play in Electron utility processes. Electron cannot run
 * here, so its `utilityProcess.fork` is doubled at that boundary and the runner's use of it checked.
 */

class FakeChild extends EventEmitter implements UtilityChild {
  pid: number | undefined = undefined
  readonly sent: unknown[] = []
  killed = 0
  postMessage(message: unknown): void {
    this.sent.push(message)
  }
  kill(): boolean {
    this.killed++
    setImmediate(() => this.emit('exit', 0))
    return true
  }
}

function forked() {
  const calls: Parameters<UtilityFork>[] = []
  const child = new FakeChild()
  const fork: UtilityFork = (...args) => {
    calls.push(args)
    return child
  }
  return { calls, child, runner: spawnUtilityAt('/app/out/main/forecast-worker.js', fork)({ resourcesDir: '/app/resources' }) }
}

it('forks the built runner with the resources folder, its collector on its own thread, and messages both ways', () => {
  const { calls, child, runner } = forked()
  expect(calls).toEqual([
    [
      '/app/out/main/forecast-worker.js',
      ['/app/resources'],
      { serviceName: 'Salvo forecast', execArgv: ['--single-threaded-gc'], stdio: 'ignore' },
    ],
  ])
  const heard: unknown[] = []
  runner.onMessage((m) => heard.push(m))
  runner.post({ kind: 'cancel', jobId: 'forecast-1' })
  child.emit('message', { kind: 'warmed', rulesetId: 'compound-x', problem: null })
  expect(child.sent).toEqual([{ kind: 'cancel', jobId: 'forecast-1' }])
  expect(heard).toEqual([{ kind: 'warmed', rulesetId: 'compound-x', problem: null }])
})

it('tells the runner of the desk busy spells only when one reaches further out', () => {
  const { child, runner } = forked()
  runner.deskBusyUntil(1_000)
  runner.deskBusyUntil(1_005)
  runner.deskBusyUntil(1_200)
  expect(child.sent).toEqual([
    { kind: 'busy', until: 1_000 },
    { kind: 'busy', until: 1_200 },
  ])
})

it('says a runner that died was lost, and one stopped by the desk was not', async () => {
  const lost = forked()
  const problems: (string | null)[] = []
  lost.runner.onGone((p) => problems.push(p))
  lost.child.emit('exit', 9)
  // Gone: nothing more is posted to it.
  lost.runner.post({ kind: 'cancel', jobId: 'x' })
  expect(lost.child.sent).toEqual([])
  const stopped = forked()
  stopped.runner.onGone((p) => problems.push(p))
  await stopped.runner.stop()
  expect(stopped.child.killed).toBe(1)
  expect(problems).toEqual(['The forecast process stopped (exit code 9).', null])
})
