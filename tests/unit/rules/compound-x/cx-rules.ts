import type { JsonValue } from '../../../../src-shared/json'
import type { CombatantId, ConditionInstance } from '../../../../src-shared/records'
import type { Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import type { CxCombatant, CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { cx, trooper } from './cx-harness'

/** Calls into the Compound X ruleset directly, with combatants as the core hands them over. */

export const must = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value
}

/** A parsed sheet (live state filled from the equipment), with optional live overrides. */
export function sheet(over: Partial<CxCombatantInput> = {}, live: Partial<CxCombatant['live']> = {}): CxCombatant {
  const parsed = must(cx.combatantRules!.parse(trooper(over))).data as unknown as CxCombatant
  return { ...parsed, live: { ...parsed.live, ...live } }
}

export const idOf = (name: string): CombatantId => `combatant:${name.toLowerCase().replace(/\s+/g, '-')}`

export function combatant(name: string, rules: CxCombatant, over: Partial<Omit<RulesCombatant, 'rules'>> = {}): RulesCombatant {
  return { id: idOf(name), name, hp: 110, maxHp: 110, rules: rules as unknown as JsonValue, conditions: [], ...over }
}

/** The same combatant after a resolution rewrote its data. */
export const withRules = (c: RulesCombatant, rules: JsonValue | null, over: Partial<RulesCombatant> = {}): RulesCombatant => ({
  ...c,
  rules: rules ?? c.rules,
  ...over,
})

export const cxOf = (c: RulesCombatant) => c.rules as unknown as CxCombatant

/** A condition as the core would hold it after applying a grant. */
export function instance(key: string, conditionId: string, over: Partial<ConditionInstance> = {}): ConditionInstance {
  return {
    key,
    conditionId,
    label: cx.conditions.find((d) => d.id === conditionId)?.label ?? conditionId,
    stacks: 1,
    duration: { kind: 'indefinite' },
    sourceId: null,
    data: null,
    note: '',
    ...over,
  }
}

export const ranged = (itemId: string, ammo: number, over: Partial<NonNullable<CxCombatantInput['weapons']>[number]> = {}) => ({
  kind: 'ranged' as const,
  itemId,
  attachmentIds: [],
  ammo,
  spareMagazines: 3,
  ...over,
})
