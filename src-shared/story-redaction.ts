import type { DownState, HarmShown, StoryFact, StoryName } from './table-story'
import { healthBand } from './views'

/*
 * What of a story fact the table may see (issue 16), split out of table-story.ts as it was; the
 * rules are unchanged (tests/unit/core/table-story.test.ts and the leak tests hold them).
 */

/** Every combatant a fact names (the redaction drops a line naming any hidden one). */
export function namesIn(f: StoryFact): readonly StoryName[] {
  switch (f.kind) {
    case 'attack':
      return [f.actor, f.target]
    case 'harm':
      return f.by ? [f.by, f.who] : [f.who]
    case 'condition':
      return f.by ? [f.by, f.who] : [f.who]
    case 'down':
    case 'check':
      return [f.who]
    case 'roll':
      return []
    case 'action':
      return [f.actor, ...(f.target ? [f.target] : []), ...(f.area?.hit ?? [])]
  }
}

/** An NPC's damage reaches the table as the band it left; a PC's numbers are on the table anyway. */
const shownHarm = (who: StoryName, h: HarmShown): HarmShown =>
  h.kind === 'exact' && who.kind === 'npc' ? { kind: 'band', band: healthBand(h.to, h.max) } : h

/** For judging a fact as it was told: who was hidden then is in the fact itself. */
export const NOBODY_HIDDEN_NOW = (): boolean => false

/** The fact's effect on `who`, told without its cause: "Vex takes 12", "Raider 2 is down". */
function effectOnly(who: StoryName, harm: HarmShown | null, down: DownState | null): StoryFact | null {
  if (harm) return { kind: 'harm', by: null, who, harm, down }
  return down ? { kind: 'down', who, state: down } : null
}

/**
 * One fact as the table may see it, or null. The table sees what happens to combatants it can
 * see (their health falls, they go down: the ribbon shows that anyway), never who or what did it
 * when that one is hidden — then, or now — nor that someone unseen acts. So a fact about a visible
 * combatant caused by a hidden one is told as its effect alone ("Vex takes 12"); a condition or
 * an act that only makes sense with its cause ("Vex engaged") is told only when the cause is
 * visible; anything about a hidden combatant is dropped. A secret roll's facts are told the same
 * way, as effects without a cause. Revealing a combatant later does not replay what it did
 * unseen. An NPC's numbers become bands, and its standing beyond "down" (out, dead) stays the
 * GM's, as on the ribbon. The strip, the card and the table's recap are all built from this.
 */
export function tableFact(f: StoryFact, hiddenNow: (n: StoryName) => boolean, secret = false): StoryFact | null {
  const unseen = (n: StoryName | null | undefined): boolean => !!n && (n.hidden || hiddenNow(n))
  const told = redacted(f, unseen, secret)
  return told && shownToTable(told)
}

function redacted(f: StoryFact, unseen: (n: StoryName | null | undefined) => boolean, secret: boolean): StoryFact | null {
  switch (f.kind) {
    case 'attack':
      if (unseen(f.target)) return null
      return secret || unseen(f.actor) ? effectOnly(f.target, f.harm, f.down) : f
    case 'harm':
      if (unseen(f.who)) return null
      return secret || unseen(f.by) ? { ...f, by: null } : f
    case 'down':
      return unseen(f.who) ? null : f
    case 'condition':
      return secret || unseen(f.who) || unseen(f.by) ? null : f
    case 'check':
      return secret || unseen(f.who) ? null : f
    case 'roll':
      return secret ? null : f
    case 'action': {
      if (secret || unseen(f.actor)) return null
      // The act is seen; at whom, only when that one is; whom an area hit, those it can see — and
      // "no one" is not said when the only ones hit are unseen.
      const seen = f.area?.hit?.filter((n) => !unseen(n)) ?? null
      const area = f.area && { ...f.area, hit: seen && seen.length === 0 && f.area.hit!.length > 0 ? null : seen }
      const target = unseen(f.target) ? null : f.target
      // What came of it is told only when whose it is can be: "Raider 2 acts first" names Raider 2.
      const { outcome, ...rest } = f
      const told = outcome && (outcome.who === 'actor' || target) ? { outcome } : {}
      return { ...rest, target, ...(area ? { area } : {}), ...told }
    }
  }
}

/** An NPC's numbers become the band they left, and its standing past "down" stays the GM's. */
function shownToTable(f: StoryFact): StoryFact {
  const npcDown = (who: StoryName, d: DownState | null): DownState | null => d && (who.kind === 'npc' ? 'down' : d)
  switch (f.kind) {
    case 'attack':
      return { ...f, harm: f.harm && shownHarm(f.target, f.harm), down: npcDown(f.target, f.down) }
    case 'harm':
      return { ...f, harm: shownHarm(f.who, f.harm), down: npcDown(f.who, f.down) }
    case 'down':
      return { ...f, state: npcDown(f.who, f.state)! }
    default:
      return f
  }
}
