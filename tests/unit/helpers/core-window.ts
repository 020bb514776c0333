import type { RequestInputs, RequestName, RequestResults, ServerMessage } from '../../../src-shared/contract'
import type { Result } from '../../../src-shared/result'
import type { IntervalTimer } from '../../../src-main/core/app/interval-timer'
import { afterEach } from 'vitest'
import { SalvoCore, type CoreOptions } from '../../../src-main/core/app/salvo-core'
import { tempDir } from './temp-dir'

/** A window attached to a core, keeping every message pushed to it. */
export function attachWindow(core: SalvoCore, role: 'gm' | 'player' = 'gm', idPrefix: string = role) {
  const messages: ServerMessage[] = []
  const conn = core.connect(role, (m) => messages.push(m))
  const request = <N extends RequestName>(name: N, input: RequestInputs[N]): Promise<Result<RequestResults[N]>> => conn.request(name, input)
  /** Like request, but fails the test with the core's own words if refused. */
  const must = async <N extends RequestName>(name: N, input: RequestInputs[N]): Promise<RequestResults[N]> => {
    const r = await request(name, input)
    if (!r.ok) throw new Error(`${name} refused: ${r.error.code}: ${r.error.message}`)
    return r.value
  }
  let n = 0
  /** Dispatches a command with a predictable id (so two campaigns fed the same commands match). */
  const command = (type: string, payload: unknown, typedDice?: number[]) =>
    must('dispatch', {
      type,
      payload,
      meta: { commandId: `${idPrefix}-${++n}`, ...(typedDice ? { typedDice } : {}) },
    } as RequestInputs['dispatch'])
  const sessions = () => messages.flatMap((m) => (m.kind === 'session' ? [m.session] : []))
  return { conn, messages, request, must, command, sessions }
}

/** A clock that moves a second per reading: deterministic, and files made in a row sort in order. */
export function tickingClock(start = Date.UTC(2026, 10, 22, 19, 0, 0)): () => Date {
  let t = start
  return () => new Date((t += 1000))
}

/** An interval timer the test fires by hand. */
export class ManualTimer implements IntervalTimer {
  readonly ticks = new Map<() => void, number>()

  every(ms: number, tick: () => void): () => void {
    this.ticks.set(tick, ms)
    return () => this.ticks.delete(tick)
  }

  fire(): void {
    for (const tick of [...this.ticks.keys()]) tick()
  }
}

/**
 * Real cores on temp data folders for one test file, each shut down after its test (their
 * timers and open files must not outlive it). Call at the top level of the file.
 */
export function coresForTests() {
  const started: SalvoCore[] = []
  afterEach(async () => {
    for (const c of started.splice(0)) await c.shutdown()
  })
  return async function startCore(options: Partial<CoreOptions> = {}) {
    const dataDir = options.dataDir ?? tempDir()
    const core = new SalvoCore({ dataDir, now: tickingClock(), ...options })
    started.push(core)
    await core.start()
    return { core, dataDir, gm: attachWindow(core) }
  }
}
