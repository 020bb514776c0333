import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import { combatant, faces, gear, idOf, must, sheet, twod6 } from './harness'

/** `004` Attack (thrown) and Change Stance, the two rows of the coverage list that named no test. */

const throwAt = (): AttackRequest => ({
  attackerId: idOf('Ana'),
  targetId: idOf('Bo'),
  weapon: 0,
  mode: 'single',
  options: { distance: 4 },
})
const thrower = (athletics: number, dex: number) =>
  combatant(
    'Ana',
    sheet(
      {
        skills: { Athletics: athletics },
        weapons: gear('throwing-spike'),
        characteristics: { str: 7, dex, end: 7, int: 7, edu: 7, soc: 7 },
      },
      { drawn: [0] },
    ),
  )
const bo = () => combatant('Bo', sheet())

describe('004 Attack: "Thrown attack = 2d6 + Athletics + DEX DM"', () => {
  it('004 Attack thrown: 3 + 2 + Athletics 2 + DEX 10 (DM +1) = 8 hits; the same dice with no skill and DEX 7 miss', () => {
    const hit = must(twod6.attacks!.resolve(throwAt(), thrower(2, 10), bo(), faces(3, 2, 1)))
    expect(hit.targetHp).toBeLessThan(21)
    const miss = must(twod6.attacks!.resolve(throwAt(), thrower(0, 7), bo(), faces(3, 2, 1)))
    expect(miss.targetHp).toBe(21)
  })

  it('004 Attack thrown: the preview names Athletics and the DEX DM as what the roll adds', () => {
    const p = must(twod6.attacks!.preview(throwAt(), thrower(2, 10), bo()))
    const words = JSON.stringify(p)
    expect(words).toMatch(/Athletics/)
    expect(words).toMatch(/DEX/)
  })
})

describe('004 Change Stance: "Standing, crouching or prone, changed as a minor action"', () => {
  it('004 Change Stance: one minor action records the new stance on the sheet', () => {
    const a = combatant('Ana', sheet())
    const listed = twod6.actions!.list(a).find((d) => d.key === 'stance')
    expect(listed).toBeDefined()
    const r = must(
      twod6.actions!.perform({ actorId: a.id, action: 'stance', targetId: null, options: { stance: 'prone' } }, a, null, faces()),
    )
    expect(r.cost).toEqual([{ pool: 'minor', amount: 1 }])
    expect(JSON.stringify(r.actorRules)).toMatch(/"stance":"prone"/)
  })
})
