import type { StoryLineView } from '../../../src-shared/table-story'

/** How long the newest line stands as a card before it joins the strip. */
export const CARD_MS = 4_000

/**
 * Which line stands as the card: the newest, for CARD_MS after it arrived. Lines that come in a
 * snapshot (the page loading, reloading or reconnecting) are the state as it is, not news: they go
 * straight to the strip, so a reload never replays the last card over the recap.
 */
export class StoryCard {
  current = $state.raw<StoryLineView | null>(null)
  #lastN: number | null = null
  #snapshots = 0
  #timer: ReturnType<typeof setTimeout> | null = null

  /** Called with the strip's lines each time they change, and how many snapshots the page has loaded. */
  see(lines: readonly StoryLineView[], snapshots = 0): void {
    const newest = lines.at(-1) ?? null
    const fresh = this.#lastN === null || snapshots !== this.#snapshots
    this.#snapshots = snapshots
    const n = newest?.n ?? 0
    // An undo takes the newest back: its card goes with it.
    if (this.current && !lines.some((l) => l.n === this.current!.n)) this.#clear()
    if (!fresh && newest && n > this.#lastN!) {
      this.current = newest
      if (this.#timer) clearTimeout(this.#timer)
      this.#timer = setTimeout(() => this.#clear(), CARD_MS)
    }
    this.#lastN = fresh ? n : Math.max(this.#lastN!, n)
    if (newest === null) this.#lastN = 0
  }

  #clear(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.current = null
  }

  dispose(): void {
    this.#clear()
  }
}
