/**
 * Becomes true once the page has painted and the browser is idle. A picker listing thousands of
 * combatants renders only its chosen entry until then, so opening a big campaign paints the desk
 * first; the full lists follow a moment later, before anyone could open one.
 */
export class AfterFirstPaint {
  ready = $state(false)

  constructor() {
    $effect(() => {
      let cancelled = false
      const done = () => {
        if (!cancelled) this.ready = true
      }
      requestAnimationFrame(() => {
        if ('requestIdleCallback' in window) requestIdleCallback(done, { timeout: 500 })
        else setTimeout(done, 50)
      })
      return () => {
        cancelled = true
      }
    })
  }
}
