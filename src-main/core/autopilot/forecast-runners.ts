import { fork } from 'node:child_process'
import { setPriority } from 'node:os'
import { Worker } from 'node:worker_threads'
import type { ForecastWorkerData, FromForecastWorker, ToForecastWorker } from './forecast-messages'

/**
 * One forecast runner as the desk's side sees it (issue 35): a child process at the lowest
 * priority in browser mode, Electron's utility process in the desktop app, a worker thread in
 * tests. The service shares a forecast among a pool of them and never knows which it has.
 */
export interface ForecastRunner {
  post(m: ToForecastWorker): void
  onMessage(listener: (m: FromForecastWorker) => void): void
  /** Once, when it ends: `problem` names what went wrong, null for an exit the desk asked for. */
  onGone(listener: (problem: string | null) => void): void
  /** The desk is busy with a GM command and its paint until `at` (epoch ms): the runner steps aside until then. */
  deskBusyUntil(at: number): void
  stop(): Promise<void>
}

export type SpawnForecastWorker = (data: { readonly resourcesDir: string }) => ForecastRunner

/**
 * The V8 flag every runner process starts with. A process's garbage collector otherwise works on
 * helper threads of its own at the desk's priority: measured on the bench's fight, those threads
 * took two fifths of a forecast's CPU with the runner's own thread niced, competing with the
 * desk's pages for the cores. Single-threaded, the collector runs on the runner's niced thread.
 */
export const RUNNER_EXEC_ARGV: readonly string[] = ['--single-threaded-gc']

/** A process is told of the desk's busy spells by message; only when one reaches further out than the last it heard of. */
export function busyTeller(send: (m: ToForecastWorker) => void): (at: number) => void {
  let told = 0
  return (at) => {
    // Within a few milliseconds of what it knows already: not worth a message per command.
    if (at <= told + 10) return
    told = at
    send({ kind: 'busy', until: at })
  }
}

/** An error and an exit can both report one end: the listener hears the first. */
function once(listener: (problem: string | null) => void): (problem: string | null) => void {
  let told = false
  return (problem) => {
    if (!told) listener(problem)
    told = true
  }
}

/** Lowest priority for a whole process: Windows' idle class, nice 19 elsewhere (the process itself nices its other threads on Linux). */
export function lowestPriority(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    setPriority(pid, 19)
  } catch {
    // Not allowed here: the runner steps aside for the desk all the same.
  }
}

/**
 * A worker thread from the built `forecast-worker.js` at `file` (tests, and where a process cannot
 * start). It shares a Float64 with the desk for the busy spells, read before every simulated act;
 * its garbage collector's helpers are the desk's process's own, at the desk's priority.
 */
export const spawnWorkerAt =
  (file: string): SpawnForecastWorker =>
  ({ resourcesDir }) => {
    const busy = new SharedArrayBuffer(8)
    const w = new Worker(file, { workerData: { resourcesDir, deskBusyUntil: busy } satisfies ForecastWorkerData })
    w.unref()
    const until = new Float64Array(busy)
    return {
      post: (m) => w.postMessage(m),
      onMessage: (listener) => void w.on('message', listener),
      onGone: (listener) => {
        const tell = once(listener)
        w.on('error', (e) => tell(`The forecast worker stopped: ${e.message}`))
        w.on('exit', (code) => tell(code === 0 ? null : `The forecast worker stopped (exit code ${code}).`))
      },
      deskBusyUntil: (at) => {
        until[0] = at
      },
      stop: async () => void (await w.terminate()),
    }
  }

/**
 * A child process running the built `forecast-worker.js` at `file` (browser mode): the whole
 * process at the lowest priority, its collector included, on every system Node runs on.
 */
export const spawnProcessAt =
  (file: string): SpawnForecastWorker =>
  ({ resourcesDir }) => {
    const child = fork(file, [resourcesDir], {
      execArgv: [...RUNNER_EXEC_ARGV],
      // Structured clone over the channel, as a thread's messages are.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    lowestPriority(child.pid)
    // An idle pool does not keep the desk's process alive; a forecast playing does, until it ends.
    child.unref()
    child.channel?.unref()
    const send = (m: ToForecastWorker) => {
      if (!child.connected) return
      if (m.kind === 'start') child.channel?.ref()
      child.send(m)
    }
    child.on('message', (m: FromForecastWorker) => {
      if (m.kind === 'part' && m.part.state !== 'running') child.channel?.unref()
    })
    return {
      post: send,
      onMessage: (listener) => void child.on('message', (m) => listener(m as FromForecastWorker)),
      onGone: (listener) => {
        const tell = once(listener)
        child.on('error', (e) => tell(`The forecast process stopped: ${e.message}`))
        child.on('exit', (code, signal) =>
          tell(code === 0 || signal === 'SIGTERM' ? null : `The forecast process stopped (${signal ?? `exit code ${code}`}).`),
        )
      },
      deskBusyUntil: busyTeller(send),
      stop: () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null || child.signalCode !== null) return done()
          child.once('exit', () => done())
          // Held until it is gone, so a caller awaiting the stop is not left with an empty event loop.
          child.ref()
          child.kill('SIGTERM')
        }),
    }
  }
