import { NUMBERS } from '../../../src-shared/limits'
import { isSurpriseRound, type CombatantRecord, type EncounterRecord } from '../../../src-shared/records'
import { fail, ok } from '../../../src-shared/result'
import type { DecideContext } from './decide-context'
import { passedOver } from './turn-flow'

/**
 * Where the turn stands in the order: the acting combatant's index, or — when it was removed
 * mid-turn — a fractional position just after the slot it held.
 */
export function turnPosition(encounter: EncounterRecord, order: readonly CombatantRecord[]): number {
  const i = order.findIndex((c) => c.id === encounter.currentCombatantId)
  if (i !== -1 || encounter.turnAnchor === null) return i
  const after = order.findIndex((c) => c.orderKey! > encounter.turnAnchor!)
  return (after === -1 ? order.length : after) - 0.5
}

/**
 * The next combatant to act after position `at`, walking past the dead, the delayed and, in a
 * surprise round, those who did not get the drop (their slots still pass, so conditions tied to
 * their turns end on time).
 */
export function nextActor(ctx: DecideContext, encounter: EncounterRecord, order: readonly CombatantRecord[], at: number) {
  const skipped: { c: CombatantRecord; round: number; why: 'dead' | 'delayed' | 'surprised' }[] = []
  let index = Math.floor(at)
  let round = encounter.round
  for (let steps = 0; steps < order.length * 2 + 1; steps++) {
    index++
    if (index >= order.length) {
      index = 0
      // A campaign holding a round past this would not open again (NUMBERS.round).
      if (++round > NUMBERS.round) return lastRound()
    }
    const c = order[index]!
    // In the surprise round only those who got the drop act; the others' slots pass (issue 14 E5).
    const outOfSurprise = isSurpriseRound(encounter, round) && !encounter.surprise!.actorIds.includes(c.id)
    const why = passedOver(ctx, c) ?? (outOfSurprise ? 'surprised' : null)
    if (!why) return ok({ to: c, round, skipped })
    skipped.push({ c, round, why })
  }
  return fail(
    'encounter/nobodyCanAct',
    'Nobody can act: every combatant is dead or delayed. Resume a delayed combatant or end the encounter.',
  )
}

const lastRound = () =>
  fail(
    'encounter/lastRound',
    `This fight has reached round ${NUMBERS.round.toLocaleString('en')}, the last a campaign counts; nothing was changed. End the encounter, and start another to fight on.`,
  )
