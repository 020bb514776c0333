import type { CombatantRecord } from '../../src-shared/records'
import type { PoolView, StandingView } from '../../src-shared/views'
import type { RecordReader } from '../core/state/record-store'
import { tokenInPlay } from '../core/state/scene-in-play'
import type { RulesCombatant, Ruleset } from './ruleset'

export const asRulesCombatant = (c: CombatantRecord): RulesCombatant => ({
  id: c.id,
  name: c.name,
  hp: c.hp,
  maxHp: c.maxHp,
  rules: c.rules,
  conditions: c.conditions,
  spent: c.spent,
  held: c.held ? { amount: c.held.amount, released: c.held.released } : null,
})

/**
 * The combatant as a ruleset sees it when acting: whether it is its turn (an act otherwise is a
 * reaction) and its place on the scene in play, if it has one there.
 */
export function placedRulesCombatant(state: RecordReader, c: CombatantRecord): RulesCombatant {
  const token = tokenInPlay(state, c.id)
  // Outside a running round nobody's turn is on, so whether an act is a reaction is unknown: left out.
  const encounter = state.ofType('encounter').find((e) => e.status === 'active')
  const rc = encounter && encounter.round >= 1 ? { ...asRulesCombatant(c), acting: encounter.currentCombatantId === c.id } : asRulesCombatant(c)
  return token ? { ...rc, position: { x: token.x, y: token.y } } : rc
}

/** Everyone with a token on the scene in play, as the ruleset sees them (for effects over an area). */
export function rulesCombatantsOnScene(state: RecordReader): RulesCombatant[] {
  return state.ofType('combatant').flatMap((c) => {
    const rc = placedRulesCombatant(state, c)
    return rc.position ? [rc] : []
  })
}

/**
 * Where a combatant stands: the ruleset's judgement when it has one, otherwise health alone
 * (below 1 is down, and a downed combatant still gets its turn).
 */
export function standingOf(ruleset: Ruleset | null, c: CombatantRecord): StandingView {
  if (ruleset?.standing) return ruleset.standing(asRulesCombatant(c))
  return c.hp <= 0 ? { state: 'down', label: 'down', skipsTurn: false } : { state: 'up', label: 'up', skipsTurn: false }
}

/** The ruleset's economy pools for this combatant, with how much of each is spent. */
export function poolsOf(ruleset: Ruleset | null, c: CombatantRecord): PoolView[] {
  if (!ruleset) return []
  return ruleset.economy(c.rules).map((p) => ({ key: p.key, label: p.label, count: p.count, per: p.per, spent: Math.min(p.count, c.spent[p.key] ?? 0) }))
}
