import type { ForecastRunner, SpawnForecastWorker } from '../../core/autopilot/forecast-runners'
import { busyTeller, lowestPriority, RUNNER_EXEC_ARGV } from '../../core/autopilot/forecast-runners'
import type { FromForecastWorker, ToForecastWorker } from '../../core/autopilot/forecast-messages'

/**
 * The desktop app's forecast runners (issue 35): Electron's utility processes, as browser mode
 * uses Node child processes. A packaged app has no `child_process.fork` of its own binary (the
 * RunAsNode fuse is off), and a utility process is what Electron offers instead. Each is wholly at
 * the lowest priority (Windows' idle class, nice 19 elsewhere; on Linux the runner nices its own
 * threads too), with its garbage collector on its own niced thread.
 */

/** The part of Electron's `UtilityProcess` a runner uses (the Electron boundary, doubled in tests). */
export interface UtilityChild {
  readonly pid: number | undefined
  postMessage(message: unknown): void
  kill(): boolean
  on(event: 'spawn', listener: () => void): unknown
  on(event: 'exit', listener: (code: number) => void): unknown
  on(event: 'message', listener: (message: unknown) => void): unknown
  once(event: 'exit', listener: (code: number) => void): unknown
}

export type UtilityFork = (
  modulePath: string,
  args: string[],
  options: { serviceName: string; execArgv: string[]; stdio: 'ignore' | 'inherit' | 'pipe' },
) => UtilityChild

export const spawnUtilityAt =
  (file: string, fork: UtilityFork): SpawnForecastWorker =>
  ({ resourcesDir }) => {
    const child = fork(file, [resourcesDir], { serviceName: 'Salvo forecast', execArgv: [...RUNNER_EXEC_ARGV], stdio: 'ignore' })
    let exited = false
    // The pid is known only once the process has started.
    child.on('spawn', () => lowestPriority(child.pid))
    child.on('exit', () => {
      exited = true
    })
    const send = (m: ToForecastWorker) => {
      if (!exited) child.postMessage(m)
    }
    let stopping = false
    const runner: ForecastRunner = {
      post: send,
      onMessage: (listener) => void child.on('message', (m) => listener(m as FromForecastWorker)),
      onGone: (listener) =>
        void child.once('exit', (code) => listener(stopping || code === 0 ? null : `The forecast process stopped (exit code ${code}).`)),
      deskBusyUntil: busyTeller(send),
      stop: () =>
        new Promise<void>((done) => {
          if (exited) return done()
          stopping = true
          child.once('exit', () => done())
          child.kill()
        }),
    }
    return runner
  }
