import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import type { DownState, StoryFact, StoryName, StoryOutcome } from '../../../src-shared/table-story'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { standingOf } from '../state/rules-combatants'
import type { RecordChange } from '../state/stored-records'

/**
 * What a decider knows that the record changes do not say: who attacked whom and how many rounds
 * hit, which check succeeded, what a GM roll came to. Everything else on the table (damage,
 * downs, conditions) is read off the changes, so every path that hurts or downs someone — an
 * attack, an action, an area, hand-typed damage, a death save at a turn's edge — tells it alike.
 */
export type StoryHeadline =
  | {
      readonly kind: 'attack'
      readonly actorId: CombatantId
      readonly targetId: CombatantId
      readonly hits: { readonly landed: number; readonly of: number } | null
    }
  | { readonly kind: 'check'; readonly whoId: CombatantId; readonly label: string; readonly success: boolean }
  | { readonly kind: 'roll'; readonly purpose: string; readonly total: number }
  | {
      readonly kind: 'action'
      readonly actorId: CombatantId
      readonly label: string
      readonly targetId: CombatantId | null
      /** Aimed at an area: its label, how far the burst scattered (null: where aimed), and who stood under it there. */
      readonly area?: { readonly label: string; readonly scattered: number | null; readonly underIds: readonly CombatantId[] }
      /** What came of it, in the table's words, when the ruleset says. */
      readonly outcome?: StoryOutcome
    }

export const nameOf = (c: CombatantRecord): StoryName => ({ id: c.id, name: c.name, kind: c.kind, hidden: c.hidden })

function downState(ruleset: Ruleset, c: CombatantRecord): DownState | null {
  const s = standingOf(ruleset, c).state
  return s === 'up' ? null : s
}

const combatantOf = (r: RecordChange['from']): CombatantRecord | null => (r?.typeName === 'combatant' ? r : null)

/** The facts one command's changes tell, the headline's first (with its target's damage folded in). */
export function storyFacts(
  ruleset: Ruleset,
  before: RecordReader,
  changes: readonly RecordChange[],
  headline: StoryHeadline | null,
): StoryFact[] {
  const facts: StoryFact[] = []
  const byId = (id: CombatantId): CombatantRecord | null => {
    const now = changes.find((c) => c.id === id)
    return combatantOf(now ? (now.to ?? now.from) : (before.get(id) ?? null))
  }
  const actorId = headline?.kind === 'attack' || headline?.kind === 'action' ? headline.actorId : null
  const actor = actorId ? byId(actorId) : null
  for (const change of changes) {
    const from = combatantOf(change.from)
    const to = combatantOf(change.to)
    if (!from || !to) continue
    const who = nameOf(to)
    // Standing reads health and the ruleset's data only: a turn passing or a re-sort asks nothing of it.
    if (from.hp !== to.hp || from.rules !== to.rules) {
      const wasDown = downState(ruleset, from)
      const down = downState(ruleset, to)
      const fell = down !== wasDown ? down : null
      if (to.hp < from.hp) {
        const harm = { kind: 'exact', from: from.hp, to: to.hp, max: to.maxHp } as const
        facts.push({ kind: 'harm', by: actor && actor.id !== to.id ? nameOf(actor) : null, who, harm, down: fell })
      } else if (fell) facts.push({ kind: 'down', who, state: fell })
    }
    if (from.conditions !== to.conditions) {
      const had = new Set(from.conditions.map((x) => x.conditionId))
      for (const added of to.conditions) {
        if (had.has(added.conditionId)) continue
        // Who put it on: the condition's own source, else whoever acted. The table is told "Vex
        // engaged" only when that one is visible (table-story.ts).
        const source = added.sourceId ? byId(added.sourceId) : actor
        facts.push({ kind: 'condition', who, label: added.label, by: source && source.id !== to.id ? nameOf(source) : null })
      }
    }
  }
  if (!headline) return facts
  switch (headline.kind) {
    case 'attack': {
      const target = byId(headline.targetId)
      if (!actor || !target) return facts
      const i = facts.findIndex((f) => f.kind === 'harm' && f.who.id === target.id)
      const folded = i >= 0 ? facts.splice(i, 1)[0] : undefined
      const harm = folded?.kind === 'harm' ? folded : null
      const j = harm ? -1 : facts.findIndex((f) => f.kind === 'down' && f.who.id === target.id)
      const downed = j >= 0 ? facts.splice(j, 1)[0] : undefined
      const down = harm?.down ?? (downed?.kind === 'down' ? downed.state : null)
      return [
        { kind: 'attack', actor: nameOf(actor), target: nameOf(target), hits: headline.hits, harm: harm?.harm ?? null, down },
        ...facts,
      ]
    }
    case 'action': {
      const target = headline.targetId ? byId(headline.targetId) : null
      if (!actor) return facts
      // Who the burst hit: those under it it changed — health fell, down, or a condition put on
      // (a flash-bang blinds and hurts no one); one who dived clear is under it and unchanged.
      const area = headline.area && {
        label: headline.area.label,
        scattered: headline.area.scattered,
        hit: headline.area.underIds.flatMap((id) => {
          const hurt = facts.some((f) => (f.kind === 'harm' || f.kind === 'down' || f.kind === 'condition') && f.who.id === id)
          const c = hurt ? byId(id) : null
          return c ? [nameOf(c)] : []
        }),
      }
      return [
        {
          kind: 'action',
          actor: nameOf(actor),
          label: headline.label,
          target: target ? nameOf(target) : null,
          ...(area ? { area } : {}),
          ...(headline.outcome ? { outcome: headline.outcome } : {}),
        },
        ...facts,
      ]
    }
    case 'check': {
      const who = byId(headline.whoId)
      return who ? [{ kind: 'check', who: nameOf(who), label: headline.label, success: headline.success }, ...facts] : facts
    }
    case 'roll':
      return [{ kind: 'roll', purpose: headline.purpose, total: headline.total }, ...facts]
  }
}
