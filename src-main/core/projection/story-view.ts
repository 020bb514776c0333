import {
  namesIn,
  type HarmShown,
  type StoryEntry,
  type StoryFact,
  type StoryLineView,
  type StoryName,
  type TableStoryRecord,
  type TableStoryView,
} from '../../../src-shared/table-story'
import { healthBand, type ViewRole } from '../../../src-shared/views'
import type { RecordReader } from '../state/record-store'
import { recapOf } from './story-recap'

/** An NPC's damage reaches the table as the band it left; a PC's numbers are on the table anyway. */
const shownHarm = (who: StoryName, h: HarmShown): HarmShown =>
  h.kind === 'exact' && who.kind === 'npc' ? { kind: 'band', band: healthBand(h.to, h.max) } : h

/**
 * One fact as the table may see it, or null. A fact naming anyone hidden — then, or now — is
 * dropped whole: revealing a combatant later does not replay what it did unseen (the table never
 * saw it), and hiding one takes its lines off the strip. An NPC's numbers become bands, and its
 * standing beyond "down" (out, dead) stays the GM's, as on the ribbon.
 */
export function tableFact(f: StoryFact, hiddenNow: (n: StoryName) => boolean): StoryFact | null {
  if (namesIn(f).some((n) => n.hidden || hiddenNow(n))) return null
  const downOf = (who: StoryName, d: StoryFact & { kind: 'down' }): StoryFact => (who.kind === 'npc' ? { ...d, state: 'down' } : d)
  switch (f.kind) {
    case 'attack':
      return { ...f, harm: f.harm && shownHarm(f.target, f.harm), down: f.down && (f.target.kind === 'npc' ? 'down' : f.down) }
    case 'harm':
      return { ...f, harm: shownHarm(f.who, f.harm), down: f.down && (f.who.kind === 'npc' ? 'down' : f.down) }
    case 'down':
      return downOf(f.who, f)
    default:
      return f
  }
}

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
      const fact = viewer === 'gm' ? e.fact : tableFact(e.fact, hiddenNow)
      return fact ? [{ n: e.n, round: e.round, fact }] : []
    }
  const ended = story.ended
  const table = {
    lines: story.lines.flatMap(seenBy('table')),
    recap: ended && recapOf(ended, ended.facts.flatMap(seenBy('table')), 'table'),
  }
  if (role !== 'gm') return { typeName: 'story', id: 'story', ...table }
  return {
    typeName: 'story',
    id: 'story',
    lines: story.lines.flatMap(seenBy('gm')),
    recap: ended && recapOf(ended, ended.facts, 'gm'),
    table,
  }
}
