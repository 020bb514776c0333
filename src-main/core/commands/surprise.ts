import type { DomainEvent } from '../../../src-shared/events'
import type { CombatantRecord, EncounterRecord, EncounterSurprise, Side } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { SurpriseOutcome } from '../../rules/ruleset'
import { asRulesCombatant } from '../state/rules-combatants'
import { turnOrder, type DecideContext } from './decide-context'
import { withCondition } from './conditions'

/** Which side the GM names as getting the drop (the desk's "Surprise: party / enemies"). */
export type SurprisingSide = 'party' | 'enemy'

/**
 * SR-CORE-21: the party side is the party with its allies; the enemy side is the enemies.
 * Neutrals are on neither: they take no turn in the surprise round and are not marked surprised.
 */
const AMBUSHING: Record<SurprisingSide, readonly Side[]> = { party: ['party', 'ally'], enemy: ['enemy'] }
const CAUGHT: Record<SurprisingSide, readonly Side[]> = { party: ['enemy'], enemy: ['party', 'ally'] }
const SIDE_NAME: Record<SurprisingSide, string> = { party: 'the party', enemy: 'the enemies' }

export interface SurpriseDecision {
  /** Absent when nobody got the drop (every ambusher was spotted): the fight opens normally. */
  readonly surprise: EncounterSurprise | null
  readonly events: DomainEvent[]
}

/** Before anything is rolled: whether a surprise can be asked for at all. */
export function surpriseRefusal(ctx: DecideContext, encounter: EncounterRecord, by: SurprisingSide): Result<null> {
  if (!ctx.ruleset.surprise)
    return fail(
      'encounter/noSurpriseRound',
      `${ctx.ruleset.name} has no surprise round. Roll initiative without one (the GM adjusts the order by hand if needed).`,
    )
  if (encounter.round > 0)
    return fail(
      'encounter/surpriseTooLate',
      `A surprise round opens a fight; "${encounter.name}" is in round ${encounter.round} already. Re-roll without surprise.`,
    )
  const combatants = ctx.state.ofType('combatant')
  if (!combatants.some((c) => AMBUSHING[by].includes(c.side)))
    return fail('encounter/surpriseNobody', `Nobody is on ${SIDE_NAME[by]}'s side, so nobody can spring a surprise.`)
  if (!combatants.some((c) => CAUGHT[by].includes(c.side)))
    return fail('encounter/surpriseNobody', `Nobody is on the other side of ${SIDE_NAME[by]}, so there is nobody to surprise.`)
  return ok(null)
}

/** Everyone named is surprised and every ambusher acts: the rule where the ruleset does not decide (002 Surprise Round). */
const everyone = (ambushers: readonly CombatantRecord[], caught: readonly CombatantRecord[]): SurpriseOutcome => ({
  actors: ambushers.map((c) => c.id),
  surprised: caught.map((c) => c.id),
  lines: [],
  rolls: [],
})

/**
 * Who acts in the surprise round and who is caught, as events: the ruleset decides (d20 rolls
 * Stealth against Awareness) or everyone on the named side gets the drop; the surprised carry the
 * ruleset's mark for the round (d10 Surprised), which ends as the first normal round begins.
 */
export function surpriseDecision(ctx: DecideContext, encounter: EncounterRecord, by: SurprisingSide): Result<SurpriseDecision> {
  const refused = surpriseRefusal(ctx, encounter, by)
  if (!refused.ok) return refused
  const rules = ctx.ruleset.surprise!
  const combatants = ctx.state.ofType('combatant')
  // In the order just rolled, so the rolls and the log read in the order of play.
  const ordered = turnOrder(ctx.state)
  const ambushers = ordered.filter((c) => AMBUSHING[by].includes(c.side))
  const caught = ordered.filter((c) => CAUGHT[by].includes(c.side))
  const decided = rules.decide
    ? rules.decide(ambushers.map(asRulesCombatant), caught.map(asRulesCombatant), ctx.dice)
    : ok(everyone(ambushers, caught))
  if (!decided.ok) return decided
  const outcome = decided.value
  // The rolls and the lines name NPCs and their numbers: the GM's to tell.
  const events: DomainEvent[] = []
  if (outcome.rolls.length) events.push(ctx.log(`Who gets the drop: ${SIDE_NAME[by]} roll`, { visibility: 'gm', rolls: outcome.rolls }))
  events.push(...outcome.lines.map((line) => ctx.log(line, { visibility: 'gm' })))
  if (outcome.actors.length === 0) {
    events.push(ctx.log(`Nobody on ${SIDE_NAME[by]}'s side gets the drop: no surprise round`))
    return ok({ surprise: null, events })
  }
  const surprise: EncounterSurprise = { actorIds: [...outcome.actors], surprisedIds: [...outcome.surprised] }
  events.push({ type: 'encounter/surpriseSet', encounterId: encounter.id, surprise })
  // Told to the table, so it names nobody (a hidden ambusher stays hidden).
  events.push(ctx.log(`Surprise round: only ${SIDE_NAME[by]} who got the drop act in round 1`))
  if (rules.mark) {
    for (const id of surprise.surprisedIds) {
      const c = combatants.find((x) => x.id === id)
      if (!c) continue
      // One round: it ends as the first turn of round 2 starts (SR-CORE-20).
      const marked = withCondition(ctx, c, {
        conditionId: rules.mark,
        stacks: 1,
        duration: { kind: 'rounds', rounds: 1 },
        sourceId: null,
        data: null,
        note: 'surprise round',
      })
      if (!marked.ok) return marked
      events.push({ type: 'combatant/turnStateChanged', combatantId: c.id, patch: { conditions: marked.value.conditions } })
    }
  }
  return ok({ surprise, events })
}
