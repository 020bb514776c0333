import { performance } from 'node:perf_hooks'

/**
 * Where a start spends its time, for the cold-start bench: with SALVO_START_MARKS=1 in the
 * environment each step prints `salvo-start-mark <name> <epoch ms>` to stderr (epoch time, so
 * the bench can place it on its own clock). Off by default: a GM's terminal shows no timings.
 */
const enabled = process.env['SALVO_START_MARKS'] === '1'

/** Epoch milliseconds with the precision of the performance clock. */
const epochNow = (): number => performance.timeOrigin + performance.now()

export function startMark(name: string): void {
  if (enabled) process.stderr.write(`salvo-start-mark ${name} ${epochNow().toFixed(1)}\n`)
}

/** The process's own start (Node's time origin), before any module of ours was read. */
export function markProcessStart(): void {
  if (enabled) process.stderr.write(`salvo-start-mark process ${performance.timeOrigin.toFixed(1)}\n`)
}
