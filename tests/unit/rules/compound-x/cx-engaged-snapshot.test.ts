import { describe, expect, it } from 'vitest'
import type { CombatantId } from '../../../../src-shared/records'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { engageChanges, opponentsOf } from '../../../../src-main/rules/compound-x/cx-engagement'
import { cxStoredSchema } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { storingSheetsAsThey } from '../../../../src-main/rules/kit/stored-sheet'
import { cx } from './cx-harness'

/**
 * `000` Melee Combat: the 'engaged' condition keeps each opponent's sheet as a snapshot. Issue 35
 * stores those snapshots through the sheet reader (so a melee re-granted to a newcomer does not
 * parse every snapshot again): the data must still be plain JSON, and each snapshot must read back
 * as the schema reads its JSON — on the live path and inside a simulation alike.
 */

const npcs = cx.quickNpcs!
const rc = (i: number, conditions: RulesCombatant['conditions'] = []): RulesCombatant => ({
  id: `combatant:c${i}` as CombatantId,
  name: `C${i}`,
  hp: npcs[i % npcs.length]!.maxHp,
  maxHp: npcs[i % npcs.length]!.maxHp,
  rules: npcs[i % npcs.length]!.rules,
  conditions,
})

function melee(): void {
  // One in melee with two, then a third joins: the second grant carries both earlier snapshots.
  const a = rc(0)
  const first = engageChanges(a, rc(1))
  const aEngaged = first[0]!.add![0]!
  const withTwo = rc(0, [{ key: 'engaged-1', label: 'engaged', note: '', ...aEngaged, duration: { kind: 'indefinite' } }])
  const second = engageChanges(withTwo, rc(2))
  for (const change of [...first, ...second]) {
    const data = change.add![0]!.data
    // Plain JSON: what the journal writes is what it holds.
    expect(JSON.parse(JSON.stringify(data))).toEqual(data)
    const holder = rc(0, [{ key: 'engaged-1', label: 'engaged', note: '', ...change.add![0]!, duration: { kind: 'indefinite' } }])
    const opponents = opponentsOf(holder)
    expect(opponents.length).toBeGreaterThan(0)
    const stored = (data as { opponents: { sheet: unknown }[] }).opponents
    opponents.forEach((o, i) => {
      expect(o.sheet).not.toBeNull()
      expect(o.sheet).toEqual(cxStoredSchema.parse(JSON.parse(JSON.stringify(stored[i]!.sheet))))
    })
  }
  const last = second[0]!.add![0]!.data as { opponents: { id: string }[] }
  expect(last.opponents.map((o) => o.id)).toEqual(['combatant:c1', 'combatant:c2'])
}

describe('Compound X: engaged snapshots (issue 35)', () => {
  it('are plain JSON and read back as the schema reads them, live', () => melee())
  it('and inside a simulation, where sheets are stored as themselves', () => storingSheetsAsThey(() => melee()))
})
