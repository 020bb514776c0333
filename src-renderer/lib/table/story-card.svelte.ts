import type { StoryLineView } from '../../../src-shared/table-story'
import { NOTHING_SEEN, storyNews, type StoryMemory } from './story-news'

/** How long the newest line stands as a card before it joins the strip. */
export const CARD_MS = 4_000

/**
 * Which line stands as the card: the newest, for CARD_MS after it arrived, when it is news
 * (`storyNews`: not what a load, reload or reconnect brought).
 */
export class StoryCard {
  current = $state.raw<StoryLineView | null>(null)
  #memory: StoryMemory = NOTHING_SEEN
  #timer: ReturnType<typeof setTimeout> | null = null

  /** Called with the strip's lines each time they change, and how many snapshots the page has loaded. */
  see(lines: readonly StoryLineView[], snapshots = 0): void {
    // An undo takes the newest back: its card goes with it.
    if (this.current && !lines.some((l) => l.n === this.current!.n)) this.#clear()
    const { memory, news } = storyNews(this.#memory, lines, snapshots)
    this.#memory = memory
    if (!news) return
    this.current = news
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = setTimeout(() => this.#clear(), CARD_MS)
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
