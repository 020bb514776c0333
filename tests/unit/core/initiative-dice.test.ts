import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import { DiceRoller } from '../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../src-main/core/dice/random-source'
import { initiativeDiceOf } from '../../../src-main/core/state/rules-combatants'
import { createRulesetRegistry } from '../../../src-main/rules/ruleset-registry'

const registry = createRulesetRegistry(resolve('resources'))

/** Only what a ruleset reads to roll initiative: the rest of a record does not matter here. */
const entrant = (initiativeModifier: number, rules: CombatantRecord['rules'] = null) =>
  ({ id: 'combatant:vex' as CombatantId, name: 'Vex', initiativeModifier, rules }) as unknown as CombatantRecord

describe('the initiative dice a card shows (issue 32: "init +0" while the roll was d10+2)', () => {
  it('is what each ruleset rolls for the combatant, modifier and all', async () => {
    for (const ruleset of await registry.all()) {
      const c = entrant(2)
      const [placed] = ruleset.rollInitiative([c], new DiceRoller(seededSource('init-dice'), undefined))
      expect(initiativeDiceOf(ruleset, c), ruleset.id).toBe(placed!.initiative.roll.expression)
    }
  })

  it('carries the bonuses of the Compound X sheet, not only the GM modifier', () => {
    const cx = registry.find('compound-x')!
    const parsed = cx.combatantRules!.parse({
      stats: { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 6, luck: 5 },
      classId: 'soldier',
      speciesId: 'human',
    })
    expect(parsed.ok).toBe(true)
    const soldier = entrant(0, parsed.ok ? parsed.value.data : null)
    // The soldier's class adds 15 to the d100 (the shipped pack's classes.json).
    expect(initiativeDiceOf(cx, soldier)).toBe('d100+15')
    expect(initiativeDiceOf(cx, { ...soldier, initiativeModifier: -5 })).toBe('d100+10')
    expect(initiativeDiceOf(null, soldier)).toBeNull()
  })

  it('asks the ruleset once per record', () => {
    const cx = registry.find('compound-x')!
    let rolls = 0
    const counting = { ...cx, rollInitiative: (...args: Parameters<typeof cx.rollInitiative>) => (rolls++, cx.rollInitiative(...args)) }
    const c = entrant(1)
    initiativeDiceOf(counting, c)
    initiativeDiceOf(counting, c)
    expect(rolls).toBe(1)
  })
})
