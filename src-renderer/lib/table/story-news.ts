import type { StoryLineView } from '../../../src-shared/table-story'

/** What the table page remembers between looks at its story: the newest line seen, and how many snapshots it had loaded then. */
export interface StoryMemory {
  readonly lastN: number | null
  readonly snapshots: number
}

export const NOTHING_SEEN: StoryMemory = { lastN: null, snapshots: 0 }

/**
 * Whether the newest line is news — a line that arrived while the page watched, to stand as the
 * card — and what to remember. Lines the page finds on its first look, or that come in a snapshot
 * (the page loading, reloading or reconnecting: `snapshots` went up), are the state as it is, not
 * news, so a reload never replays the last card over the recap. Pure, so it is tested without a page.
 */
export function storyNews(
  memory: StoryMemory,
  lines: readonly StoryLineView[],
  snapshots: number,
): { readonly memory: StoryMemory; readonly news: StoryLineView | null } {
  const newest = lines.at(-1) ?? null
  const n = newest?.n ?? 0
  const fresh = memory.lastN === null || snapshots !== memory.snapshots
  const news = !fresh && newest && n > memory.lastN! ? newest : null
  // An empty strip (an undo took the last line back) starts the count again.
  const lastN = newest === null ? 0 : fresh ? n : Math.max(memory.lastN!, n)
  return { memory: { lastN, snapshots }, news }
}
