import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { CxCombatant } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { cx } from './cx-harness'
import { faces } from './fixtures'
import { combatant, idOf, must, sheet } from './cx-rules'

const downed = (failures: number, capacity: number) =>
  sheet(
    {},
    { dying: { condition: { kind: 'downed', failures, successes: 0 }, capacity, failedThisEncounter: false, revivalsThisEncounter: 0 } },
  )
const knockedOut = (rollsLeft: number) =>
  sheet(
    {},
    {
      dying: {
        condition: { kind: 'unconscious', cause: 'shock', wakeRollsLeft: rollsLeft },
        capacity: 3,
        failedThisEncounter: false,
        revivalsThisEncounter: 0,
      },
    },
  )
const conditionLine = (c: CxCombatant) =>
  cx
    .combatantRules!.card(c as unknown as JsonValue)
    .flatMap((s) => s.lines)
    .find((l) => l.label === 'Condition')?.value

describe('the dying odds at the desk (CX15, CX27–CX29)', () => {
  it('CX27/CX28: the card’s downed line gives the chance to die within 3 turns unaided', () => {
    // Capacity 3, no failure: all three DSTs must fail, 0.5³.
    expect(conditionLine(downed(0, 3))).toBe('downed: 0/3 failed DSTs · unaided, dies within 3 turns: 12.5%')
    // One failure to go: 1 − 0.5³.
    expect(conditionLine(downed(2, 3))).toBe('downed: 2/3 failed DSTs · unaided, dies within 3 turns: 87.5%')
  })

  it('CX15: the card’s knocked-out line gives the chance that one of the wake rolls left wakes it', () => {
    // The trooper: FORT 6, INT 5, Shock save 2(6 + 5 − 6) = +10: d100 61+ beats 70, 0.4 a roll.
    expect(conditionLine(knockedOut(2))).toBe('knocked out (2 wake rolls left · wakes by a roll: 64.0%)')
  })

  it('CX29: the stabilise action states the attempt’s odds before its roll', () => {
    const vex = combatant('Vex', sheet())
    const raider = combatant('Raider', downed(0, 3))
    const request = { actorId: idOf('Vex'), action: 'stabilise', targetId: idOf('Raider'), options: { kit: true } }
    const r = must(cx.actions!.perform(request, vex, raider, faces(57)))
    const odds = r.detail.find((s) => s.title === 'Odds before the roll')!
    // DEX 6 +4, kit +20: a natural 57+ beats 80 (44%), 91–100 critical (10%), 1–5 a fumble (5%) that cannot kill at capacity 3.
    expect(odds.lines.map((l) => [l.label, l.value])).toEqual([
      ['Stabilised', '44.0%'],
      ['  of which critical', '10.0%'],
      ['Critical failure (extra DST)', '5.0%'],
      ['Dies of the extra DST', '0.0%'],
    ])
    expect(r.summary).toMatch(/the odds were 44\.0%$/)
  })
})
