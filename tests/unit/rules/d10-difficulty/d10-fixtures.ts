import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'
import type { JsonValue } from '../../../../src-shared/json'
import type { CombatantId, ConditionInstance } from '../../../../src-shared/records'
import { createD10Ruleset } from '../../../../src-main/rules/d10-difficulty/d10-ruleset'
import type { D10Sheet, D10SheetInput } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'

export const d10 = createD10Ruleset()

/** A plain trooper: DEX and PER +1, three firearms ranks (the chapter's worked shooter), a carbine. */
export function sheetInput(over: Partial<D10SheetInput> = {}): D10SheetInput {
  return {
    attributes: { str: 0, dex: 1, con: 0, per: 1 },
    skills: { firearms: 3, melee: 2, dodge: 1 },
    speed: 8,
    effortMax: 2,
    weapons: [
      {
        name: 'Test carbine',
        kind: 'firearm',
        effectiveRange: 300,
        damage: { count: 1, sides: 6, bonus: 2 },
        damageType: 'piercing',
        burst: 3,
        recoil: 2,
        magazine: 30,
        ammo: 30,
        spareMagazines: 2,
      },
      { name: 'Test knife', kind: 'melee', effectiveRange: 1, damage: { count: 1, sides: 4, bonus: 1 }, damageType: 'slashing' },
    ],
    ...over,
  }
}

/** Parses through the ruleset, as the core does, and fails the test on a refusal. */
export function sheet(over: Partial<D10SheetInput> = {}): D10Sheet {
  const r = d10.combatantRules!.parse(sheetInput(over))
  if (!r.ok) throw new Error(r.error.message)
  return r.value.data as unknown as D10Sheet
}

export const withLive = (s: D10Sheet, live: Partial<D10Sheet['live']>): D10Sheet => ({ ...s, live: { ...s.live, ...live } })

export function combatant(name: string, s: D10Sheet | null, extra: Partial<RulesCombatant> = {}): RulesCombatant {
  return {
    id: `combatant:${name.toLowerCase()}` as CombatantId,
    name,
    hp: 20,
    maxHp: 20,
    rules: s as unknown as JsonValue,
    conditions: [],
    ...extra,
  }
}

export function condition(conditionId: string, over: Partial<ConditionInstance> = {}): ConditionInstance {
  return {
    key: `${conditionId}-1`,
    conditionId,
    label: conditionId,
    stacks: 1,
    duration: { kind: 'indefinite' },
    sourceId: null,
    data: null,
    note: '',
    ...over,
  }
}

/** Dice from faces typed at the table, in order (the test fails if the rules ask for more). */
export const typed = (...faces: number[]) => new DiceRoller(seededSource('unused'), faces)
export const seeded = (seed: string) => new DiceRoller(seededSource(seed), undefined)
