import type { StoryLineView } from '../../../src-shared/table-story'

/** How long the newest line stands as a card before it joins the strip. */
export const CARD_MS = 4_000

/**
 * Which line stands as the card: the newest, for CARD_MS after it arrived. Lines already there
 * when the page (re)loads go straight to the strip, so a reconnect does not replay the last one.
 */
export class StoryCard {
  current = $state.raw<StoryLineView | null>(null)
  #lastN: number | null = null
  #timer: ReturnType<typeof setTimeout> | null = null

  /** Called with the strip's lines each time they change. */
  see(lines: readonly StoryLineView[]): void {
    const newest = lines.at(-1) ?? null
    const first = this.#lastN === null
    const n = newest?.n ?? 0
    // An undo takes the newest back: its card goes with it.
    if (this.current && !lines.some((l) => l.n === this.current!.n)) this.#clear()
    if (!first && newest && n > this.#lastN!) {
      this.current = newest
      if (this.#timer) clearTimeout(this.#timer)
      this.#timer = setTimeout(() => this.#clear(), CARD_MS)
    }
    this.#lastN = first ? n : Math.max(this.#lastN!, n)
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
