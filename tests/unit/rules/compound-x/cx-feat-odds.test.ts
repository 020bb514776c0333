import { describe, expect, it } from 'vitest'
import type { ActionOdds } from '../../../../src-shared/attack'
import type { Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { cx, troopStats } from './cx-harness'
import { combatant, sheet } from './cx-rules'

/* The odds of the feat acts before they are rolled: Lucky's reroll (03_Feats Lucky, SR-CX-84). */

const odds = (r: Result<ActionOdds> | null | undefined): ActionOdds => {
  if (!r) throw new Error('no odds for this act')
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const ash = (luck: number) => combatant('Ash', sheet({ stats: troopStats({ luck }) }))
const lucky = (c: RulesCombatant, options: Record<string, string | number>) =>
  odds(cx.actions!.odds!({ actorId: c.id, action: 'lucky', targetId: null, options }, c, null))
const succeeds = (o: ActionOdds) => o.outcomes.find((b) => b.label === 'the reroll succeeds')?.probability

describe('03_Feats Lucky: odds before rolling', () => {
  it('SR-CX-84: LUCK 6 rerolls a Will save (+8) against DC 50 once: d100 + 8 beats 50 on naturals 43–100', () => {
    expect(succeeds(lucky(ash(6), { check: 'save:will', dc: 50, bonus: 0 }))).toBeCloseTo(58 / 100, 12)
  })

  it('SR-CX-84: LUCK 8 rolls with advantage: it fails only when both d100 show 42 or less', () => {
    expect(succeeds(lucky(ash(8), { check: 'save:will', dc: 50, bonus: 0 }))).toBeCloseTo(1 - (42 / 100) ** 2, 12)
  })

  it('SR-CX-84: a reroll of an attack is resolved again on the Attack panel, so it has no odds here', () => {
    expect(
      cx.actions!.odds!(
        { actorId: ash(6).id, action: 'lucky', targetId: null, options: { check: 'attack', dc: 50, bonus: 0 } },
        ash(6),
        null,
      ),
    ).toBeNull()
  })
})
