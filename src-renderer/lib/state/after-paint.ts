/**
 * Wraps `work` so that asking for it runs it once, after the next frame has painted, however many
 * times it was asked before then. For a panel that asks the core again on every change (the
 * actions a combatant has, an attack's odds): asked as a diff lands, its request and answer
 * competed with the frame that shows the command on both screens; after the paint they cost that
 * frame nothing, and a burst of diffs makes one request, not one each.
 */
export function afterPaint(work: () => void): () => void {
  let pending = false
  return () => {
    if (pending) return
    pending = true
    requestAnimationFrame(() =>
      setTimeout(() => {
        pending = false
        work()
      }, 0),
    )
  }
}
