/**
 * When browser mode reopens the last campaign. Opening a large campaign keeps the core busy
 * for a second or more in one stretch, and while it does the server cannot answer anything;
 * had it opened before listening, the browser would only start fetching the page after it.
 * So the server listens first and opens at the first of:
 * - a page's scripts and styles have all been sent (`soon`): the browser then parses and
 *   runs them, and connects, while the core opens — the two work at the same time;
 * - a window connects (`now`): its requests must see the campaign, so it waits for the open;
 * - nobody asked within `fallbackMs`: the campaign resumes anyway, as it did at start before.
 * It opens once; `done` settles with that one open (a failure is the start's failure).
 */
export class DeferredOpen {
  readonly done: Promise<void>
  #begin: () => void = () => undefined
  #timer: NodeJS.Timeout | null

  constructor(open: () => Promise<void>, fallbackMs: number) {
    this.done = new Promise<void>((begin) => (this.#begin = begin)).then(open)
    this.#timer = setTimeout(() => void this.now(), fallbackMs)
    this.#timer.unref()
  }

  /** Opens now (if not already), and resolves once it is open. */
  now(): Promise<void> {
    this.cancelFallback()
    this.#begin()
    return this.done
  }

  /** Opens once what the event loop already holds is answered: the rest of the page's files requested together. */
  soon(): void {
    setImmediate(() => void this.now().catch(() => undefined))
  }

  /** Shutting down before it opened: the fallback must not open a campaign then. */
  cancelFallback(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }
}
