import { performance } from 'node:perf_hooks'

/**
 * Where a start spends its time, for the cold-start bench (issue 36): with SALVO_START_MARKS=1 in
 * the environment each step prints `salvo-start-mark <name> <epoch ms>` to stderr (epoch time, so
 * the bench can place it on its own clock beside the page's marks). Off by default: a GM's
 * terminal shows no timings. Here in the core, not the host, because most of a start's steps
 * (reading, checking and replaying the campaign) happen in the core.
 */
const enabled = process.env['SALVO_START_MARKS'] === '1'

/** Epoch milliseconds with the precision of the performance clock. */
const epochNow = (): number => performance.timeOrigin + performance.now()

/** Steps already marked: a start passes each once, and a later open (another campaign) is not a start. */
const marked = new Set<string>()

/** Marks `name` the first time it is passed in this process. */
export function startMark(name: string): void {
  if (!enabled || marked.has(name)) return
  marked.add(name)
  process.stderr.write(`salvo-start-mark ${name} ${epochNow().toFixed(1)}\n`)
}

/** The process's own start (Node's time origin), before any module of ours was read. */
export function markProcessStart(): void {
  if (enabled) process.stderr.write(`salvo-start-mark process ${performance.timeOrigin.toFixed(1)}\n`)
}
