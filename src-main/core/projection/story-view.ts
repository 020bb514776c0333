import {
  tableFact,
  type StoryEntry,
  type StoryLineView,
  type StoryName,
  type TableStoryRecord,
  type TableStoryView,
} from '../../../src-shared/table-story'
import type { ViewRole } from '../../../src-shared/views'
import type { RecordReader } from '../state/record-store'
import { recapOf } from './story-recap'

/**
 * The story record as one window sees it: the strip's lines and the last fight's recap, never the
 * GM's facts beyond them. The GM's also carries the table's own, for the projector preview.
 */
export function storyView(story: TableStoryRecord, role: ViewRole, state: RecordReader): TableStoryView {
  const hiddenNow = (n: StoryName): boolean => {
    const c = state.get(n.id)
    return c?.typeName === 'combatant' && c.hidden
  }
  const seenBy =
    (viewer: 'gm' | 'table') =>
    (e: StoryEntry): StoryLineView[] => {
      if (e.n === null) return []
      const fact = viewer === 'gm' ? e.fact : tableFact(e.fact, hiddenNow, e.secret)
      return fact ? [{ n: e.n, round: e.round, fact }] : []
    }
  const ended = story.ended
  const table = { lines: story.lines.flatMap(seenBy('table')), recap: ended && recapOf(ended, 'table', hiddenNow) }
  if (role !== 'gm') return { typeName: 'story', id: 'story', ...table }
  return {
    typeName: 'story',
    id: 'story',
    lines: story.lines.flatMap(seenBy('gm')),
    recap: ended && recapOf(ended, 'gm', hiddenNow),
    table,
  }
}
