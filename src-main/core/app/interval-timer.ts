/** Something that calls back every so often until stopped; tests substitute their own. */
export interface IntervalTimer {
  every(ms: number, tick: () => void): () => void
}

/**
 * The real clock. Unref'd: a pending backup must never be what keeps Salvo running after
 * its windows and server have gone.
 */
export const unrefIntervalTimer: IntervalTimer = {
  every(ms, tick) {
    const handle = setInterval(tick, ms)
    handle.unref?.()
    return () => clearInterval(handle)
  },
}
