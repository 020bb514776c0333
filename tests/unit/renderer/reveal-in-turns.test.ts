import { describe, expect, it } from 'vitest'
import { IDLE_TIMEOUT_MS, revealInTurns, type Scheduler } from '../../../src-renderer/lib/app/reveal-in-turns'

/** A page whose frames and idle moments happen only when the test says so. */
class StepScheduler implements Scheduler {
  readonly queue: { kind: 'frame' | 'idle'; run: () => void; live: boolean; timeoutMs?: number }[] = []
  frame(run: () => void) {
    const job = { kind: 'frame' as const, run, live: true }
    this.queue.push(job)
    return () => void (job.live = false)
  }
  idle(run: () => void, timeoutMs: number) {
    const job = { kind: 'idle' as const, run, live: true, timeoutMs }
    this.queue.push(job)
    return () => void (job.live = false)
  }
  /** Runs the oldest waiting job; returns its kind (null: nothing waits). */
  step(): 'frame' | 'idle' | null {
    while (this.queue.length) {
      const job = this.queue.shift()!
      if (!job.live) continue
      job.run()
      return job.kind
    }
    return null
  }
}

describe('revealInTurns', () => {
  it('shows each turn only after a painted frame and then an idle moment, in order', () => {
    const page = new StepScheduler()
    const shown: number[] = []
    revealInTurns(3, (t) => shown.push(t), page)
    expect(shown).toEqual([])
    const kinds: string[] = []
    for (let k = page.step(); k; k = page.step()) kinds.push(`${k}:${shown.length}`)
    expect(shown).toEqual([1, 2, 3])
    // frame, then idle (which shows the turn), for each of the three turns
    expect(kinds).toEqual(['frame:0', 'idle:1', 'frame:1', 'idle:2', 'frame:2', 'idle:3'])
  })

  it('asks the idle moment to come within its timeout, so a busy page still gets every part', () => {
    const page = new StepScheduler()
    revealInTurns(1, () => undefined, page)
    page.step()
    expect(page.queue[0]).toMatchObject({ kind: 'idle', timeoutMs: IDLE_TIMEOUT_MS })
  })

  it('shows nothing more once cancelled (the desk went away)', () => {
    const page = new StepScheduler()
    const shown: number[] = []
    const cancel = revealInTurns(3, (t) => shown.push(t), page)
    page.step()
    page.step()
    cancel()
    while (page.step());
    expect(shown).toEqual([1])
  })

  it('does nothing for no turns', () => {
    const page = new StepScheduler()
    revealInTurns(0, () => expect.fail('nothing to show'), page)
    expect(page.step()).toBeNull()
  })
})
