import { describe, expect, it } from 'vitest'
import { coresForTests } from '../../helpers/core-window'
import { gridTable, square, type Fighter } from '../../helpers/grid-table'
import { sheet } from './harness'

/*
 * Issue 31, the 2d6 significant/minor system on the map, through the core: on a map of 1.5 m
 * squares a melee blow and a bandage need the other within 1.5 m base to base, diagonals
 * included (SR-2D6-20); `004` gives shots and throws no range, so they need no distance at all.
 * Off the map, the GM's call.
 */

const startCore = coresForTests()

// Each with a service pistol (slot 1), a shock baton (slot 2), both in hand, and bare hands (slot 3).
const fighter = (name: string, side: Fighter['side'], at?: { x: number; y: number }): Fighter => ({
  name,
  side,
  rules: sheet(),
  ...(at ? { at } : {}),
})
const refusal = (r: { ok: boolean; error?: { code: string; message: string } }) => (r.ok ? null : [r.error!.code, r.error!.message])

describe('issue 31: 2d6 reach from the tokens (SR-2D6-20)', () => {
  it('SR-2D6-20: a melee blow reaches a diagonal neighbour on a 1.5 m grid, not a foe two squares off: the preview, the map’s marks and the attack say so with the distance, and nothing changes; a shot has no range to judge', async () => {
    const t = await gridTable(startCore, '2d6-significant', [
      fighter('Ana', 'party', square(2, 2)),
      fighter('Bo', 'enemy', square(3, 3)), // diagonal: bases 0.9 m apart
      fighter('Dee', 'enemy', square(4, 2)), // two squares: bases 1.8 m apart
      fighter('Eve', 'enemy', square(2, 30)), // 42 m
    ])
    await t.turnOf('Ana')
    const far = (weapon: string) =>
      new RegExp(
        `^A melee attack with the ${weapon} \\(SR-2D6-20\\) needs Dee within 1\\.5 m of Ana; Dee is 1\\.8 m away \\(base to base\\)\\.$`,
      )
    expect(await t.marks('Ana', 1)).toEqual({ Bo: null, Dee: expect.stringMatching(far('Shock baton')), Eve: expect.any(String) })
    expect((await t.marks('Ana', 2))['Dee']).toMatch(far('Unarmed'))
    // `004` gives a shot no range: the pistol reaches everyone, and the panel asks for no distance.
    expect(await t.marks('Ana', 0)).toEqual({ Bo: null, Dee: null, Eve: null })
    const shot = await t.preview('Ana', 'Eve', 0)
    expect(shot.ok && shot.value.options.map((o) => o.key)).not.toContain('distance')
    const blow = await t.preview('Ana', 'Dee', 1)
    expect(blow.ok && blow.value.blocked).toMatch(far('Shock baton'))
    const before = await t.version()
    const r = await t.attack('Ana', 'Dee', 1)
    expect(refusal(r)?.[0]).toBe('position/outOfReach')
    expect(refusal(r)?.[1]).toMatch(far('Shock baton'))
    expect(await t.version()).toBe(before)
    // The GM may set positions aside for one act (a lunge the map does not show), and the log says so.
    expect((await t.attack('Ana', 'Dee', 1, { ignorePositions: true })).ok).toBe(true)
    expect((await t.logs()).some((l) => l.startsWith('Positions set aside by the GM for this act'))).toBe(true)
  })

  it('SR-2D6-20: a bandage is put on by hand: an ally two squares off is refused with the distance, one beside is bandaged; off the map it is the GM’s call', async () => {
    const t = await gridTable(startCore, '2d6-significant', [
      fighter('Ana', 'party', square(2, 2)),
      fighter('Cy', 'party', square(4, 2)),
      fighter('Gil', 'party'),
      fighter('Hal', 'enemy'),
    ])
    await t.turnOf('Ana')
    const bandage = { act: 'bandage', size: 'minor' }
    const before = await t.version()
    const r = await t.act('Ana', 'skill-act', 'Cy', bandage)
    expect(refusal(r)).toEqual([
      'position/outOfReach',
      'Applying a bandage (SR-2D6-20) needs Cy within 1.5 m of Ana; Cy is 1.8 m away (base to base).',
    ])
    expect(await t.version()).toBe(before)
    expect((await t.place('Cy', square(3, 3))).ok).toBe(true)
    expect((await t.act('Ana', 'skill-act', 'Cy', bandage)).ok).toBe(true)
    // Neither has a token: nothing to measure, the GM's word stands for the bandage and the blow.
    await t.turnOf('Gil')
    expect((await t.act('Gil', 'skill-act', 'Hal', bandage)).ok).toBe(true)
    expect((await t.attack('Gil', 'Hal', 1)).ok).toBe(true)
  })
})
