import type { DomainEvent } from '../../../src-shared/events'
import { fail, ok } from '../../../src-shared/result'
import type { DamageTypeDefinition, EdgeEffects, Ruleset } from '../../rules/ruleset'
import { allRulesCombatants, placedRulesCombatant } from '../state/rules-combatants'
import { othersRulesEvents } from './consequences'
import { findCombatant, visibilityOf, type Decider } from './decide-context'

/** The one type of a ruleset without a damage hook: the number comes off health and nothing else happens. */
export const PLAIN_DAMAGE: DamageTypeDefinition = { key: 'untyped', label: 'Damage' }

/** The damage types the GM may pick for this ruleset (plain damage alone when it has no hook). */
export const damageTypesOf = (ruleset: Ruleset): readonly DamageTypeDefinition[] => ruleset.damage?.types ?? [PLAIN_DAMAGE]

/**
 * Hand-typed damage (issue 14, E1): the ruleset's damage hook decides what it does, the way an
 * attack's damage would (protection, downing and its death saves, shock, conditions that end on
 * damage); the effects become events as a turn edge's do. Refused, with nothing changed, for an
 * unknown combatant or a type the ruleset does not list (the amount is bounded by the schema).
 */
export const damageCombatant: Decider<'combatant/damage'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  const types = damageTypesOf(ctx.ruleset)
  const type = types.find((t) => t.key === p.damageType)
  if (!type) {
    return fail(
      'damage/unknownType',
      `The ${ctx.ruleset.name} ruleset has no damage type "${p.damageType}" (it has: ${types.map((t) => t.key).join(', ')}).`,
    )
  }
  const hook = ctx.ruleset.damage
  const applied = hook
    ? hook.apply(placedRulesCombatant(ctx.state, c), p.amount, type.key, ctx.dice, () => allRulesCombatants(ctx.state))
    : ok<EdgeEffects>({ rules: null, hp: c.hp - p.amount, lines: [], rolls: [] })
  if (!applied.ok) return applied
  const e = applied.value
  const events: DomainEvent[] = []
  if (e.rules !== null) events.push({ type: 'combatant/rulesChanged', combatantId: c.id, rules: e.rules, maxHp: null })
  if (e.hp !== c.hp) events.push({ type: 'combatant/hpChanged', combatantId: c.id, hp: e.hp })
  if (e.conditions) events.push({ type: 'combatant/turnStateChanged', combatantId: c.id, patch: { conditions: e.conditions } })
  events.push(...othersRulesEvents(ctx, c, e.othersRules))
  // Plain damage has no type to name, and reads as it always has.
  const typeWord = type.key === PLAIN_DAMAGE.key ? '' : ` ${type.label.toLowerCase()}`
  const note = p.note ? ` (${p.note})` : ''
  const story = e.lines.length ? `: ${e.lines.join('; ')}` : ''
  // NPC numbers are the GM's secret; a PC's HP is public at the table (as combatant/adjustHp).
  const visibility = c.kind === 'pc' ? visibilityOf(c) : 'gm'
  events.push(
    ctx.log(`${c.name} takes ${p.amount}${typeWord} damage${note} (HP ${c.hp} → ${e.hp})${story}`, {
      rolls: e.rolls,
      visibility,
      subjects: [c.id],
    }),
  )
  return ok({ label: `Damage ${c.name}`, events })
}
