import { statfsSync } from 'node:fs'
import * as os from 'node:os'
import type { Summary } from './stats'

/** statfs magic number of tmpfs: its fsync returns at once, which flatters every durable path. */
const TMPFS_MAGIC = 0x01021994

export function machineLine(): string {
  const cpus = os.cpus()
  const model = cpus[0]?.model.trim() ?? 'unknown CPU'
  const gib = (os.totalmem() / 1024 ** 3).toFixed(1)
  return `${model} · ${cpus.length} cores · ${gib} GiB RAM · node ${process.version} · ${os.platform()} ${os.arch()}`
}

export function storageLine(dir: string): string {
  let onTmpfs = false
  try {
    onTmpfs = statfsSync(dir).type === TMPFS_MAGIC
  } catch {
    // Not knowing the file system only loses the warning, never the numbers.
  }
  return onTmpfs ? `${dir} (tmpfs: fsync is nearly free here, real disks are slower)` : dir
}

const ms = (v: number): string => `${v.toFixed(3)} ms`

export function timingTable(rows: readonly (readonly [string, Summary])[]): string {
  const width = Math.max(...rows.map(([label]) => label.length))
  const head = `  ${'path'.padEnd(width)}  ${'median'.padStart(12)}  ${'p95'.padStart(12)}  ${'max'.padStart(12)}`
  const body = rows.map(
    ([label, s]) => `  ${label.padEnd(width)}  ${ms(s.median).padStart(12)}  ${ms(s.p95).padStart(12)}  ${ms(s.max).padStart(12)}`,
  )
  return [head, ...body].join('\n')
}

export const bytes = (n: number): string => `${n.toLocaleString('en-US')} B`

/** "1 : 350" reads faster than a tiny percentage when the gap is large. */
export function oneTo(part: number, whole: number): string {
  return `1 : ${Math.round(whole / part).toLocaleString('en-US')}`
}

export function percent(part: number, whole: number): string {
  const p = (part / whole) * 100
  return `${p < 1 ? p.toFixed(2) : p.toFixed(1)}%`
}

export const megabytes = (n: number): string => `${(n / 1e6).toFixed(n < 10e6 ? 2 : 1)} MB`

export const medianP95 = (s: Summary, digits = 2): string => `${s.median.toFixed(digits)} / ${s.p95.toFixed(digits)} ms`

/** One line of the report's table: a Salvo figure beside its baseline from the same run. */
export interface ReportRow {
  readonly measure: string
  readonly salvo: string
  readonly baseline: string
  readonly ratio: string
}

/**
 * A target the issue set, checked in the run that measured it. A missed goal makes
 * `npm run bench` exit non-zero, so a regression is seen, not just printed.
 */
export interface BenchGoal {
  /** What is held, e.g. "next turn, 3,000 / 30 combatants, p95 ratio ≤ 1.5". */
  readonly name: string
  readonly met: boolean
  /** The measured figure, e.g. "1.21×". */
  readonly measured: string
}

/** What each part of the bench gives back: its console lines, its rows of the report's table and its goals. */
export interface BenchPart {
  readonly lines: string[]
  readonly rows: ReportRow[]
  readonly goals?: readonly BenchGoal[]
}

/** A goal that holds when `value` is at most `limit`. */
export function atMost(name: string, value: number, limit: number, unit = ''): BenchGoal {
  return { name, met: Number.isFinite(value) && value <= limit, measured: `${value.toFixed(2)}${unit}` }
}

/** A goal that holds when `value` is at least `limit`. */
export function atLeast(name: string, value: number, limit: number, unit = ''): BenchGoal {
  return { name, met: Number.isFinite(value) && value >= limit, measured: `${value.toFixed(2)}${unit}` }
}
