import { browserScheduler, revealInTurns, type Scheduler } from '../app/reveal-in-turns'

/** Lines added to the log's margin per idle moment: about one frame's worth of mounting and measuring. */
export const OVERSCAN_STEP = 24

/**
 * Grows a virtual list's overscan from `from` to `to`, one step per painted frame and idle
 * moment (as the desk's panels mount, reveal-in-turns.ts), so the lines beyond the view mount
 * in slices the GM's keys can come between. Calls `set` with each new margin, the last being
 * `to`; returns a cancel (the list went away).
 */
export function growOverscan(
  from: number,
  to: number,
  set: (overscan: number) => void,
  scheduler: Scheduler = browserScheduler,
): () => void {
  const steps = Math.max(0, Math.ceil((to - from) / OVERSCAN_STEP))
  return revealInTurns(steps, (step) => set(Math.min(to, from + step * OVERSCAN_STEP)), scheduler)
}
