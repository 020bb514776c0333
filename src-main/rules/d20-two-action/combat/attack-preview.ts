import type { AttackPreview, AttackRequest } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { sortedPairs } from '../../kit/distribution'
import { attackExplanation, diceHintOf, headline } from './attack-explain'
import { attackOdds } from './attack-odds'
import { setUpAttack } from './attack-setup'
import { DEFENCE_LABELS } from './reactions'

/** The attack panel's exact odds (W3, W4): miss, stopped by the reaction, hit, critical — summing to 1. */
export function previewD20Attack(request: AttackRequest, a: RulesCombatant, t: RulesCombatant): Result<AttackPreview> {
  const set = setUpAttack(request, a, t)
  if (!set.ok) return set
  const s = set.value
  const base = { weapons: s.weapons, options: s.options, cost: s.costText, explanation: attackExplanation(s) }
  if (s.refusal)
    return ok({ ...base, outcomes: [], risks: [], expectedDamage: 0, downChance: 0, damage: [], blocked: s.refusal, diceHint: '' })
  const odds = attackOdds(s)
  return ok({
    ...base,
    outcomes: [
      { label: 'Miss', probability: odds.miss },
      ...(s.defence ? [{ label: `Stopped (${DEFENCE_LABELS[s.defence.kind]})`, probability: odds.stopped }] : []),
      { label: 'Hit', probability: odds.hit },
      { label: 'Critical hit', probability: odds.critical },
    ],
    risks: odds.risks,
    expectedDamage: odds.expectedDamage,
    downChance: odds.down,
    damage: sortedPairs(odds.damage).map(([amount, probability]) => ({ amount, probability })),
    blocked: null,
    // SR-D20-35: the map's cover, named, when it set the −2.
    ...(s.situation.cover && s.situation.coverWords ? { cover: `${s.situation.coverWords}, −2 to hit (003, SR-D20-35)` } : {}),
    diceHint: diceHintOf(s),
    headline: headline(s),
  })
}
