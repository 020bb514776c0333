/**
 * Shows a desk in turns: the cards and the ribbon paint first, and each later part of the
 * desk mounts after the page has painted a frame and had an idle moment. Mounting everything
 * at once held the first frame of a 3,000-combatant fight for a second, most of it panels the
 * GM does not need in the first second (the log measuring its lines, the set-up forms).
 */

/** How long a turn waits for an idle moment before it mounts anyway (a page that is never idle). */
export const IDLE_TIMEOUT_MS = 300

/** The page's scheduling, injectable for tests. */
export interface Scheduler {
  frame(run: () => void): () => void
  idle(run: () => void, timeoutMs: number): () => void
}

export const browserScheduler: Scheduler = {
  frame(run) {
    const id = requestAnimationFrame(() => run())
    return () => cancelAnimationFrame(id)
  },
  idle(run, timeoutMs) {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => run(), { timeout: timeoutMs })
      return () => cancelIdleCallback(id)
    }
    const id = setTimeout(run, 0)
    return () => clearTimeout(id)
  },
}

/**
 * Calls `show(1)`, `show(2)` … `show(turns)`, each after a painted frame and an idle moment.
 * Returns a cancel for what has not run yet (the desk went away).
 */
export function revealInTurns(turns: number, show: (turn: number) => void, scheduler: Scheduler = browserScheduler): () => void {
  let turn = 0
  let cancelPending: () => void = () => undefined
  const next = () => {
    cancelPending = scheduler.frame(() => {
      cancelPending = scheduler.idle(() => {
        show(++turn)
        if (turn < turns) next()
      }, IDLE_TIMEOUT_MS)
    })
  }
  if (turns > 0) next()
  return () => cancelPending()
}
