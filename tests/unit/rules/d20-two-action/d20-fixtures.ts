import type { AttackRequest } from '../../../../src-shared/attack'
import type { JsonValue } from '../../../../src-shared/json'
import type { CombatantId, ConditionInstance } from '../../../../src-shared/records'
import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'
import { d20TwoActionRuleset } from '../../../../src-main/rules/d20-two-action/d20-ruleset'
import {
  d20SheetSchema,
  type D20Sheet,
  type D20SheetInput,
  type WeaponInput,
} from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'

export const d20 = d20TwoActionRuleset

/** Dice that show exactly these faces, in order (as a GM typing physical dice would). */
export const faces = (...values: number[]) => new DiceRoller(seededSource('unused'), values)

export const sword: WeaponInput = { name: 'Test sword', attack: 'melee', dice: { count: 1, sides: 8 }, damageType: 'slashing' }

/** A plain medium fighter: Str 3, Dex 2, everything else 0, AR 12, a d8 sword. */
export function sheet(over: Partial<D20SheetInput> = {}, attrs: Partial<D20SheetInput['attributes']> = {}): D20Sheet {
  return d20SheetSchema.parse({
    attributes: { str: 3, dex: 2, mag: 0, per: 0, vit: 0, wil: 0, ...attrs },
    armourRating: 12,
    weapons: [sword],
    ...over,
  })
}

export function fighter(id: string, s: D20Sheet, over: Partial<RulesCombatant> = {}): RulesCombatant {
  return { id: `combatant:${id}` as CombatantId, name: id, hp: 30, maxHp: 30, rules: s as unknown as JsonValue, conditions: [], ...over }
}

export const attack = (
  a: RulesCombatant,
  t: RulesCombatant,
  over: Partial<AttackRequest> = {},
  options: AttackRequest['options'] = {},
): AttackRequest => ({
  attackerId: a.id,
  targetId: t.id,
  weapon: 0,
  mode: '',
  options,
  ...over,
})

export function condition(conditionId: string, over: Partial<ConditionInstance> = {}): ConditionInstance {
  return {
    key: `${conditionId}-1`,
    conditionId,
    label: conditionId[0]!.toUpperCase() + conditionId.slice(1),
    stacks: 1,
    duration: { kind: 'indefinite' },
    sourceId: null,
    data: null,
    note: '',
    ...over,
  }
}

export const live = (c: { rules: JsonValue | null }) => (c.rules as unknown as D20Sheet).live

export function must<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
