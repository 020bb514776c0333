import type { JsonValue } from '../../../../src-shared/json'
import type { CombatantId, ConditionInstance } from '../../../../src-shared/records'
import type { Result } from '../../../../src-shared/result'
import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { createTwoD6Ruleset } from '../../../../src-main/rules/2d6-significant/twod6-ruleset'
import type { Sheet, SheetInput } from '../../../../src-main/rules/2d6-significant/sheet/sheet-schema'
import { carried, weaponItem } from '../../../../src-main/rules/2d6-significant/sheet/items'

export const twod6 = createTwoD6Ruleset()

export const must = <T>(r: Result<T>): T => {
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`)
  return r.value
}

export const gear = (...ids: string[]) => ids.map((id) => carried(weaponItem(id)!))

/**
 * An average crewer: all 7s (DM 0), Gun Combat 1, Melee 1, a service pistol and a baton, both in
 * hand (`004 Drawing and Reloading`; pass `{ drawn: null }` for a sheet that never drew), no armour.
 */
export function sheet(over: Partial<SheetInput> = {}, live: Partial<Sheet['live']> = {}): Sheet {
  const input: SheetInput = {
    characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 7, soc: 7 },
    skills: { 'Gun Combat': 1, Melee: 1 },
    weapons: gear('service-pistol', 'shock-baton'),
    ...over,
  }
  const parsed = must(twod6.combatantRules!.parse(input)).data as unknown as Sheet
  return { ...parsed, live: { ...parsed.live, drawn: [0, 1], ...live } }
}

export const idOf = (name: string): CombatantId => `combatant:${name.toLowerCase().replace(/\s+/g, '-')}`

export function combatant(name: string, s: Sheet | null, over: Partial<Omit<RulesCombatant, 'rules'>> = {}): RulesCombatant {
  return { id: idOf(name), name, hp: 21, maxHp: 21, rules: s as unknown as JsonValue, conditions: [], acting: true, spent: {}, ...over }
}

export const sheetOf = (rules: JsonValue | null) => rules as unknown as Sheet

/** Dice that hand out exactly these faces, in order, and complain if a rule asks for more. */
export const faces = (...typed: number[]) => new DiceRoller(seededSource('unused'), typed)

export const seeded = (seed: string) => new DiceRoller(seededSource(seed), undefined)

export function reacted(of: CombatantId, stacks: number): ConditionInstance {
  return {
    key: `reacted-${stacks}`,
    conditionId: 'reacted',
    label: 'Reacting',
    stacks,
    duration: { kind: 'turnStart', of },
    sourceId: null,
    data: null,
    note: '',
  }
}

/** All 36 throws of 2d6, for brute-force checks written apart from the code under test. */
export const THROWS: readonly [number, number][] = Array.from({ length: 36 }, (_, i) => [1 + Math.floor(i / 6), 1 + (i % 6)])
