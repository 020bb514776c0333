import type { AttackPreview } from '../../../src-shared/attack'
import type { PromptDraft, Ruleset } from '../../rules/ruleset'
import type { RecordReader } from './record-store'
import { placedRulesCombatant } from './rules-combatants'

/*
 * A reaction prompt shows the GM its exact odds before it is taken. A ruleset that cannot work
 * them out where it makes the prompt (a map drag shows it only the mover, so a d20 attack of
 * opportunity does not see the foe's sheet) leaves them empty; the core, which holds both
 * sides, asks the ruleset's own attack preview for them, with both as they stand now.
 */

const pct = (p: number) => `${(Math.round(p * 1000) / 10).toFixed(1)}%`

/** The preview's exact numbers in one line: each outcome, the expected damage and the chance to down. */
export function oddsLine(p: AttackPreview): string {
  if (p.blocked) return `cannot hit: ${p.blocked}`
  const outcomes = p.outcomes.filter((o) => o.probability > 0).map((o) => `${o.label} ${pct(o.probability)}`)
  return [...outcomes, `expected ${p.expectedDamage.toFixed(1)} damage`, `down ${pct(p.downChance)}`].join(' · ')
}

/** The prompt with its odds filled in when the ruleset left them empty and it resolves as an attack. */
export function withPromptOdds(state: RecordReader, ruleset: Ruleset, prompt: PromptDraft): PromptDraft {
  if (prompt.odds !== '' || prompt.resolve.kind !== 'attack' || !ruleset.attacks) return prompt
  const { attackerId, targetId } = prompt.resolve.request
  const attacker = state.get(attackerId)
  const target = state.get(targetId)
  if (attacker?.typeName !== 'combatant' || target?.typeName !== 'combatant') return prompt
  const preview = ruleset.attacks.preview(
    prompt.resolve.request,
    placedRulesCombatant(state, attacker),
    placedRulesCombatant(state, target),
  )
  return { ...prompt, odds: preview.ok ? oddsLine(preview.value) : `odds unknown: ${preview.error.message}` }
}
