import { statSync } from 'node:fs'
import seedrandom from 'seedrandom'
import type { Result } from '../../src-shared/result'
import type { FuzzFixture, FuzzState } from './fuzz-fixture'
import type { Rng } from './fuzz-mutate'

/** `npm test` runs this many cases per command and per request; SALVO_STRESS=1 ten times more. */
export const STRESS = Boolean(process.env['SALVO_STRESS'])
export const CASES = STRESS ? 10_000 : 1_000
/** How often the whole GM snapshot is compared (each case gets the cheap checks). */
const SNAPSHOT_EVERY = 25

/** Codes the core uses when something threw where it should not: a crash caught at the boundary, not a refusal. */
const UNEXPECTED = new Set(['core/failed', 'engine/failed', 'engine/inconsistent'])

export interface FuzzCase {
  /** What was sent, printable (the failing case is named in the test's output). */
  readonly what: string
  readonly send: () => Promise<Result<unknown>>
  /** A code the refusal must carry, where the case knows it. */
  readonly code?: string | RegExp
  /** What its message must say, where the case knows it. */
  readonly message?: RegExp
}

/** Why a result is not the typed refusal every bad input must get, or null. */
export function refusalProblem(r: Result<unknown>, code?: string | RegExp, wanted?: RegExp): string | null {
  if (r.ok) return 'accepted'
  const { code: c, message } = r.error
  if (typeof c !== 'string' || !/^[a-z]+\/[A-Za-z]+$/.test(c)) return `a malformed code ${JSON.stringify(c)}`
  if (UNEXPECTED.has(c)) return `an unexpected failure (${c}: ${message})`
  if (code !== undefined && !(typeof code === 'string' ? c === code : code.test(c)))
    return `code ${c}, expected ${String(code)} (${message})`
  if (typeof message !== 'string' || message.trim().length < 10) return `no message worth reading (${JSON.stringify(message)})`
  if (message.length > 1000 || message.includes('[object Object]')) return `a message no GM can read (${message.slice(0, 120)}…)`
  if (wanted && !wanted.test(message)) return `the message "${message}" does not match ${String(wanted)}`
  return null
}

export const sameState = (a: FuzzState, b: FuzzState): string | null => {
  for (const k of Object.keys(a) as (keyof FuzzState)[]) if (a[k] !== b[k]) return `${k} changed`
  return null
}

/**
 * Sends `count` cases from `make` (seeded by `seed`, so a failure reruns exactly), each of
 * which must be refused with a typed error and change nothing: no message to any window, no
 * journal line, and (every few cases and at the end) the same GM snapshot, version, campaign
 * folders and open campaign as before. Returns the failures, each naming its case.
 */
export async function allRefused(f: FuzzFixture, seed: string, count: number, make: (rng: Rng, i: number) => FuzzCase): Promise<string[]> {
  const rng = seedrandom(seed)
  const failures: string[] = []
  let baseline = await f.state()
  // Earlier cases (another test's) must not have left the campaign otherwise: it would make these vacuous.
  const before = sameState(f.expected, baseline)
  if (before) return [`the fixture was not as expected before ${seed} (${before})`]
  let since: string[] = []
  const windows = [f.gm.messages, f.player.messages]
  for (let i = 0; i < count && failures.length < 10; i++) {
    const c = make(rng, i)
    const pushed = windows.map((w) => w.length)
    const where = `${seed} #${i}: ${c.what}`
    let problem: string | null
    try {
      problem = refusalProblem(await c.send(), c.code, c.message)
    } catch (e) {
      problem = `threw ${(e as Error).message}`
    }
    if (!problem && windows.some((w, j) => w.length !== pushed[j])) problem = 'a window was sent a message'
    if (!problem && statSync(baseline.journal).size !== baseline.journalBytes) problem = 'the journal grew'
    since.push(where)
    if (problem) failures.push(`${problem} — ${where}`)
    if (problem || i % SNAPSHOT_EVERY === SNAPSHOT_EVERY - 1 || i === count - 1) {
      const now = await f.state()
      const changed = sameState(baseline, now)
      if (changed && !problem) failures.push(`${changed} within these cases: ${since.join(' | ').slice(0, 2000)}`)
      baseline = now
      since = []
    }
  }
  // Every "__proto__" key sent must have stayed data: nothing may reach Object.prototype.
  if ('polluted' in Object.prototype || 'admin' in Object.prototype) failures.push(`Object.prototype was polluted during ${seed}`)
  return failures
}
