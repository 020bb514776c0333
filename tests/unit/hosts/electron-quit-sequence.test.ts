import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { QUIT_DEADLINE_MS, createQuitSequence, secondLaunchAction, type QuitSteps } from '../../../src-main/hosts/electron/quit-sequence'

/** Steps that record their order; the core's shutdown is whatever each test makes it. */
function recorder(shutdown: () => Promise<void>) {
  const calls: string[] = []
  const steps: QuitSteps = {
    saveWindowPlaces: () => void calls.push('save'),
    hideWindows: () => void calls.push('hide'),
    shutdown: () => {
      calls.push('shutdown')
      return shutdown()
    },
    exit: (code) => void calls.push(`exit ${code}`),
    log: (m) => void calls.push(`log ${m}`),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
  }
  const order = () => calls.filter((c) => !c.startsWith('log '))
  const logs = () => calls.filter((c) => c.startsWith('log ')).join('\n')
  return { steps, calls, order, logs }
}

describe('quit sequence', () => {
  beforeEach(() => void vi.useFakeTimers())
  afterEach(() => void vi.useRealTimers())

  it('saves the windows’ places, hides the windows, then shuts the core down, then exits with 0', async () => {
    let finish = () => {}
    const r = recorder(() => new Promise<void>((resolve) => (finish = resolve)))
    const quit = createQuitSequence(r.steps)
    const done = quit.request('quit')
    expect(r.order()).toEqual(['save', 'hide', 'shutdown'])
    expect(quit.state).toBe('stopping')
    finish()
    await expect(done).resolves.toBe(0)
    expect(r.order()).toEqual(['save', 'hide', 'shutdown', 'exit 0'])
    expect(quit.state).toBe('stopped')
  })

  it('exits after the deadline when the core hangs', async () => {
    const r = recorder(() => new Promise<void>(() => {}))
    const quit = createQuitSequence(r.steps)
    const done = quit.request('quit')
    await vi.advanceTimersByTimeAsync(QUIT_DEADLINE_MS - 1)
    expect(r.order()).not.toContain('exit 1')
    await vi.advanceTimersByTimeAsync(1)
    await expect(done).resolves.toBe(1)
    expect(r.order()).toEqual(['save', 'hide', 'shutdown', 'exit 1'])
    expect(r.logs()).toContain(`within ${QUIT_DEADLINE_MS} ms`)
  })

  it('is bounded at 10 s', () => expect(QUIT_DEADLINE_MS).toBeLessThanOrEqual(10_000))

  it('runs once however often quit is asked, from whatever source', async () => {
    const r = recorder(() => new Promise<void>(() => {}))
    const quit = createQuitSequence(r.steps)
    const first = quit.request('quit')
    const second = quit.request('session-end')
    const third = quit.request('signal')
    expect(second).toBe(first)
    expect(third).toBe(first)
    await vi.advanceTimersByTimeAsync(QUIT_DEADLINE_MS)
    await first
    expect(r.order()).toEqual(['save', 'hide', 'shutdown', 'exit 1'])
    // Asked again after it finished: still nothing new.
    await quit.request('quit')
    expect(r.order()).toEqual(['save', 'hide', 'shutdown', 'exit 1'])
  })

  it('holds before-quit until it has finished, then lets it through', async () => {
    const r = recorder(() => Promise.resolve())
    const quit = createQuitSequence(r.steps)
    expect(quit.holdBeforeQuit()).toBe(true)
    void quit.request('quit')
    expect(quit.holdBeforeQuit()).toBe(true)
    await vi.runAllTimersAsync()
    expect(quit.holdBeforeQuit()).toBe(false)
  })

  it('exits with 1 when the core rejects or throws, and logs why', async () => {
    const rejecting = recorder(() => Promise.reject(new Error('disk gone')))
    await expect(createQuitSequence(rejecting.steps).request('quit')).resolves.toBe(1)
    expect(rejecting.logs()).toContain('disk gone')
    const throwing = recorder(() => {
      throw new Error('sync boom')
    })
    await expect(createQuitSequence(throwing.steps).request('quit')).resolves.toBe(1)
    expect(throwing.order()).toEqual(['save', 'hide', 'shutdown', 'exit 1'])
  })

  it('still shuts down and exits when hiding the windows throws', async () => {
    const r = recorder(() => Promise.resolve())
    r.steps.hideWindows = () => {
      throw new Error('window destroyed')
    }
    await expect(createQuitSequence(r.steps).request('session-end')).resolves.toBe(0)
    expect(r.order()).toEqual(['save', 'shutdown', 'exit 0'])
    expect(r.logs()).toContain('window destroyed')
  })

  it('still hides, shuts down and exits when saving the windows’ places throws', async () => {
    const r = recorder(() => Promise.resolve())
    r.steps.saveWindowPlaces = () => {
      throw new Error('disk full')
    }
    await expect(createQuitSequence(r.steps).request('quit')).resolves.toBe(0)
    expect(r.order()).toEqual(['hide', 'shutdown', 'exit 0'])
    expect(r.logs()).toContain('disk full')
  })

  it('clears the deadline when the core finishes in time', async () => {
    const r = recorder(() => Promise.resolve())
    await createQuitSequence(r.steps).request('quit')
    expect(vi.getTimerCount()).toBe(0)
  })
})

describe('second launch', () => {
  it('focuses the GM console when it is up', () => expect(secondLaunchAction('running', true)).toBe('focus'))
  it('focuses it once it exists while starting', () => expect(secondLaunchAction('running', false)).toBe('focus-when-ready'))
  it('says Salvo is quitting while it quits', () => {
    expect(secondLaunchAction('stopping', true)).toBe('tell-quitting')
    expect(secondLaunchAction('stopped', false)).toBe('tell-quitting')
  })
})
