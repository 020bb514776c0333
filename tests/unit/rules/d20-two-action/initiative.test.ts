import { describe, expect, it } from 'vitest'
import type { CombatantId } from '../../../../src-shared/records'
import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'
import { rollD20Initiative } from '../../../../src-main/rules/d20-two-action/turns/initiative'
import type { InitiativeEntrant } from '../../../../src-main/rules/ruleset'
import { d20, faces, sheet } from './d20-fixtures'

const entrant = (name: string, dex: number, viaSheet = true): InitiativeEntrant => ({
  id: `combatant:${name}` as CombatantId,
  name,
  initiativeModifier: viaSheet ? 99 : dex, // with a sheet, the sheet's Dex is what counts
  rules: viaSheet ? (sheet({}, { dex }) as never) : null,
})

const order = (placements: { combatantId: string }[]) => placements.map((p) => p.combatantId.replace('combatant:', ''))

// Entrants roll in name order; roll-offs go to those still tied, in name order, round by round.
describe('W1 initiative: d20 + Dex, higher first; ties to the higher Dex, then d6 roll-offs until they differ', () => {
  it.each([
    {
      name: 'W1 the document example: Arik 7, Devin 19, the Thrasher 15 → Devin, Thrasher, Arik',
      entrants: [entrant('Arik', 0), entrant('Devin', 0), entrant('Thrasher', 0)],
      dice: [7, 19, 15],
      expected: ['Devin', 'Thrasher', 'Arik'],
      tieBreaks: { Arik: [], Devin: [], Thrasher: [] },
    },
    {
      name: 'W1 Dex is added to the d20 (Ana 10 + 4 beats Bo 12 + 1)',
      entrants: [entrant('Ana', 4), entrant('Bo', 1)],
      dice: [10, 12],
      expected: ['Ana', 'Bo'],
      tieBreaks: { Ana: [], Bo: [] },
    },
    {
      name: 'W1 a tied total goes to the higher Dex without a roll-off (Ana 12 + 3 = Bo 13 + 2)',
      entrants: [entrant('Ana', 3), entrant('Bo', 2)],
      dice: [12, 13],
      expected: ['Ana', 'Bo'],
      tieBreaks: { Ana: [], Bo: [] },
    },
    {
      name: 'W1 same total and same Dex: d6 roll-off, the higher goes first',
      entrants: [entrant('Ana', 2), entrant('Bo', 2)],
      dice: [11, 11, 2, 5],
      expected: ['Bo', 'Ana'],
      tieBreaks: { Ana: [2], Bo: [5] },
    },
    {
      name: 'W1 roll-offs repeat until they differ (3–3, then 1–6)',
      entrants: [entrant('Ana', 2), entrant('Bo', 2)],
      dice: [11, 11, 3, 3, 1, 6],
      expected: ['Bo', 'Ana'],
      tieBreaks: { Ana: [3, 1], Bo: [3, 6] },
    },
    {
      name: 'W1 only the still-tied roll again; a three-way tie settles one place at a time (a lower total stays last whatever its Dex)',
      entrants: [entrant('Ana', 1), entrant('Bo', 1), entrant('Cy', 1), entrant('Di', 5)],
      dice: [9, 9, 9, 2, 4, 4, 6, 2, 5],
      expected: ['Cy', 'Bo', 'Ana', 'Di'],
      tieBreaks: { Ana: [4, 2], Bo: [4, 5], Cy: [6], Di: [] },
    },
    {
      name: 'W1 without a sheet the initiative modifier stands in for Dex, also for the tie-break',
      entrants: [entrant('Ana', 1, false), entrant('Bo', 3, false)],
      dice: [12, 10],
      expected: ['Bo', 'Ana'],
      tieBreaks: { Ana: [], Bo: [] },
    },
  ])('$name', ({ entrants, dice, expected, tieBreaks }) => {
    const roller = faces(...dice)
    const placed = d20.rollInitiative(entrants, roller)
    expect(order(placed)).toEqual(expected)
    for (const p of placed)
      expect(p.initiative.tieBreak).toEqual(tieBreaks[p.combatantId.replace('combatant:', '') as keyof typeof tieBreaks])
    roller.assertTypedConsumed()
  })

  it('W1 roll-offs use a d6 and the initiative roll a d20 + Dex (the log shows both)', () => {
    const placed = rollD20Initiative([entrant('Ana', 2), entrant('Bo', 2)], faces(11, 11, 2, 5))
    expect(placed[0]!.rolls.map((r) => r.expression)).toEqual(['d20+2', 'd6'])
  })

  it('W1 over many seeded fights no two placements are ever tied, and the order is always by total, Dex, roll-offs', () => {
    const dice = new DiceRoller(seededSource('w1-ties'), undefined)
    const crowd = ['A', 'B', 'C', 'D', 'E', 'F'].map((n, i) => entrant(n, i % 2))
    let rollOffs = 0
    for (let fight = 0; fight < 300; fight++) {
      const placed = rollD20Initiative(crowd, dice)
      for (let i = 1; i < placed.length; i++) {
        const [a, b] = [placed[i - 1]!, placed[i]!]
        const key = (p: typeof a) => [p.initiative.total, p.dex, ...p.initiative.tieBreak]
        const [ka, kb] = [key(a), key(b)]
        const firstDiff = ka.findIndex((v, j) => v !== (kb[j] ?? 0))
        expect(firstDiff, `${a.combatantId} vs ${b.combatantId}`).toBeGreaterThanOrEqual(0)
        expect(ka[firstDiff]!).toBeGreaterThan(kb[firstDiff] ?? 0)
      }
      rollOffs += placed.filter((p) => p.initiative.tieBreak.length > 0).length
    }
    expect(rollOffs).toBeGreaterThan(0)
  })
})
