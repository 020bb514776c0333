import { resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import { DiceRoller } from '../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../src-main/core/dice/random-source'
import { initiativeDiceOf } from '../../../src-main/core/state/rules-combatants'
import { createRulesetRegistry } from '../../../src-main/rules/ruleset-registry'

const registry = createRulesetRegistry(resolve('resources'))

/** A combatant whose sheet is typed into its ruleset's own form, as the sheet panel sends it. */
function withSheet(rulesetId: string, values: Record<string, number>): CombatantRecord {
  const rules = registry.find(rulesetId)!.combatantRules!
  const parsed = rules.parse(rules.fromForm(values, null))
  if (!parsed.ok) throw new Error(parsed.error.message)
  return { id: 'combatant:vex' as CombatantId, name: 'Vex', initiativeModifier: 0, rules: parsed.value.data } as unknown as CombatantRecord
}

/**
 * The play test's "cards saying init +0 while the rolls used d10+2 and 2d6+1": with the GM's
 * modifier at 0, the card's initiative is the one the ruleset rolls from the sheet — the d10
 * DEX modifier (D2), the 2d6 Dex characteristic's DM (004 Combat: 2d6 + Dex), the d20 Dex (003).
 */
describe('the initiative a card shows carries the sheet’s bonus in every ruleset', () => {
  // The registry loads all but the flagship ruleset on first ask.
  beforeAll(async () => void (await registry.all()))

  it.each([
    { rulesetId: 'd10-difficulty', values: { dex: 2 }, dice: 'd10+2' },
    { rulesetId: '2d6-significant', values: { dex: 9 }, dice: '2d6+1' },
    { rulesetId: 'd20-two-action', values: { dex: 3 }, dice: 'd20+3' },
  ])('$rulesetId: $dice, the same expression the seeded roll uses', ({ rulesetId, values, dice }) => {
    const ruleset = registry.find(rulesetId)!
    const c = withSheet(rulesetId, values)
    const [placed] = ruleset.rollInitiative([c], new DiceRoller(seededSource(`init-${rulesetId}`), undefined))
    expect(placed!.initiative.roll.expression).toBe(dice)
    expect(initiativeDiceOf(ruleset, c)).toBe(dice)
  })
})
