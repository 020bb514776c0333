import { describe, expect, it } from 'vitest'
import type { Scheduler } from '../../../src-renderer/lib/app/reveal-in-turns'
import { growOverscan, OVERSCAN_STEP } from '../../../src-renderer/lib/log/log-overscan'

/** A page whose frames and idle moments happen only when the test says so. */
class StepScheduler implements Scheduler {
  readonly queue: { run: () => void; live: boolean }[] = []
  frame(run: () => void) {
    return this.#push(run)
  }
  idle(run: () => void) {
    return this.#push(run)
  }
  #push(run: () => void) {
    const job = { run, live: true }
    this.queue.push(job)
    return () => void (job.live = false)
  }
  /** Runs every job, including those the jobs queue. */
  drain(): void {
    while (this.queue.length) {
      const job = this.queue.shift()!
      if (job.live) job.run()
    }
  }
}

describe('growOverscan', () => {
  it('grows the margin in steps, none before the page has painted and idled, ending at the full margin', () => {
    const page = new StepScheduler()
    const set: number[] = []
    growOverscan(12, 120, (n) => set.push(n), page)
    expect(set).toEqual([])
    page.drain()
    expect(set.at(-1)).toBe(120)
    expect(set).toEqual([...set].sort((a, b) => a - b))
    for (let i = 1; i < set.length; i++) expect(set[i]! - set[i - 1]!).toBeLessThanOrEqual(OVERSCAN_STEP)
    expect(set[0]! - 12).toBeLessThanOrEqual(OVERSCAN_STEP)
  })

  it('stops growing once cancelled (the log went away)', () => {
    const page = new StepScheduler()
    const set: number[] = []
    const cancel = growOverscan(0, 100, (n) => set.push(n), page)
    page.queue.shift()!.run() // the frame
    page.queue.shift()!.run() // the idle moment: the first step
    cancel()
    page.drain()
    expect(set).toEqual([OVERSCAN_STEP])
  })

  it('does nothing when the list already has its margin', () => {
    const page = new StepScheduler()
    const set: number[] = []
    growOverscan(120, 120, (n) => set.push(n), page)
    page.drain()
    expect(set).toEqual([])
  })
})
