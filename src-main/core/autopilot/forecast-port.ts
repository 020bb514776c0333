import { readdirSync, readlinkSync } from 'node:fs'
import { setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import type { ForecastWorkerData, FromForecastWorker, ToForecastWorker } from './forecast-messages'

/**
 * The forecast runner's end of its channel to the desk (issue 35), whichever way it was started:
 * a worker thread, a Node child process (browser mode) or Electron's utility process (the app).
 * The busy spells come through shared memory for a thread and as messages for a process; the
 * runner reads them the same way.
 */
/** What the runner's own code hears: the busy spells are the port's to keep. */
export type ToRunner = Exclude<ToForecastWorker, { readonly kind: 'busy' }>

export interface RunnerPort {
  readonly resourcesDir: string
  /** Until when (epoch ms) the desk is busy with a GM command and its paint. */
  busyUntil(): number
  onMessage(listener: (m: ToRunner) => void): void
  post(m: FromForecastWorker): void
}

interface ElectronParentPort {
  on(event: 'message', listener: (e: { data: unknown }) => void): void
  postMessage(message: unknown): void
}

/** Nice 19 for the given thread ids (Linux: a thread's nice value is its own). */
function niceAll(tids: readonly number[]): void {
  for (const tid of tids) {
    try {
      if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19)
    } catch {
      // Not allowed, or gone: the runner still steps aside for the desk.
    }
  }
}

/**
 * The forecast gives way to the desk: on a 2-core laptop the runner, the desk's thread and the
 * browser pages share the cores. A thread lowers its own priority (on Linux a thread has one, found
 * by its id in /proc/thread-self); a process lowers every thread it has (the desk set the process's
 * priority, which on Linux reaches only its first thread). Elsewhere neither file exists and the
 * desk's `setPriority` on the process did the work.
 */
function giveWayToTheDesk(whole: boolean): void {
  try {
    if (whole) niceAll(readdirSync('/proc/self/task').map(Number))
    else niceAll([Number(readlinkSync('/proc/thread-self').split('/').pop())])
  } catch {
    // Not Linux.
  }
}

export function runnerPort(): RunnerPort {
  if (parentPort) {
    const port = parentPort
    const data = workerData as ForecastWorkerData
    const until = data.deskBusyUntil ? new Float64Array(data.deskBusyUntil) : null
    giveWayToTheDesk(false)
    return {
      resourcesDir: data.resourcesDir,
      busyUntil: () => until?.[0] ?? 0,
      // A thread's busy spells come through shared memory: any message here is the runner's.
      onMessage: (listener) => void port.on('message', listener),
      post: (m) => port.postMessage(m),
    }
  }
  const resourcesDir = process.argv[2]
  if (!resourcesDir) throw new Error('The forecast runner needs the resources folder as its argument.')
  giveWayToTheDesk(true)
  let busy = 0
  const heard = (listener: (m: ToRunner) => void) => (m: ToForecastWorker) => {
    if (m.kind === 'busy') busy = Math.max(busy, m.until)
    else listener(m)
  }
  const electron = (process as { parentPort?: ElectronParentPort }).parentPort
  if (electron) {
    return {
      resourcesDir,
      busyUntil: () => busy,
      onMessage: (listener) => electron.on('message', (e) => heard(listener)(e.data as ToForecastWorker)),
      post: (m) => electron.postMessage(m),
    }
  }
  const send = process.send?.bind(process)
  if (!send) throw new Error('The forecast runner must be started by Salvo (a worker thread or a child process).')
  // The desk gone (closed, crashed): nothing left to forecast for.
  process.on('disconnect', () => process.exit(0))
  return {
    resourcesDir,
    busyUntil: () => busy,
    onMessage: (listener) => void process.on('message', heard(listener) as (m: unknown) => void),
    // A send that fails means the desk's end is gone: as for the disconnect, nothing left to do.
    post: (m) => void send(m, undefined, undefined, (e: Error | null) => e && process.exit(0)),
  }
}
