import { describe, expect, it } from 'vitest'
import { coresForTests } from '../../helpers/core-window'
import { gridTable, square, type Fighter } from '../../helpers/grid-table'
import { sheet } from './d20-fixtures'
import { sheet as twod6Sheet } from '../2d6-significant/harness'

/*
 * Occupied squares on the map, through a real core on 1.5 m squares. `003 Your Turn`: "You cannot
 * walk through or occupy a space that is currently occupied … You cannot break up your movement";
 * `003 Moving`: "Characters cannot end their turn on an occupied square" (SR-CORE-34, SR-D20-36).
 */

const startCore = coresForTests()

const fighter = (name: string, side: Fighter['side'], at: { x: number; y: number }): Fighter => ({ name, side, rules: sheet(), at })
const refusal = (r: { ok: boolean; error?: { code: string; message: string } }) => (r.ok ? null : [r.error!.code, r.error!.message])
// Ana stands at C3 with Bo, a foe, beside her at D3 and Cy, her ally, below her at C4; Dee is off at G6.
const yard = () =>
  gridTable(startCore, 'd20-two-action', [
    fighter('Ana', 'party', square(2, 2)),
    fighter('Bo', 'enemy', square(3, 2)),
    fighter('Cy', 'party', square(2, 3)),
    fighter('Dee', 'enemy', square(6, 5)),
  ])
const tokenOf = async (t: Awaited<ReturnType<typeof yard>>, name: string) => {
  const records = (await t.gm.must('snapshot', undefined)).records
  const token = records.find((r) => r.typeName === 'token' && (r as { combatantId: string }).combatantId === t.id(name))
  return token as unknown as { x: number; y: number }
}
const spentActions = async (t: Awaited<ReturnType<typeof yard>>, name: string) => {
  const records = (await t.gm.must('snapshot', undefined)).records
  const c = records.find((r) => r.typeName === 'combatant' && r.id === t.id(name)) as unknown as {
    turn: { pools: { key: string; spent: number }[] }
  }
  return c.turn.pools.find((p) => p.key === 'actions')!.spent
}

describe('003: no walking through or ending on an occupied square (SR-CORE-34, SR-D20-36)', () => {
  it('003 Your Turn: a drag through a foe’s square, or an ally’s, is refused naming who and where, the drag preview says so, and nothing changes', async () => {
    const t = await yard()
    await t.turnOf('Ana')
    const before = await t.version()
    const through = await t.place('Ana', square(5, 2), false)
    expect(refusal(through)).toEqual([
      'move/occupied',
      'Ana cannot walk through Bo, who stands in the way at D3 (003 Your Turn, 003 Moving): go round in steps, or make it a free move.',
    ])
    // The document makes no exception for allies.
    expect(refusal(await t.place('Ana', square(2, 5), false))?.[1]).toMatch(/^Ana cannot walk through Cy, who stands in the way at C4 /)
    expect(await t.version()).toBe(before)
    expect(await tokenOf(t, 'Ana')).toMatchObject(square(2, 2))
    // The map's drop asks first: the refusal comes back to offer the free move.
    expect((await t.previewMove('Ana', square(5, 2))).refusal).toMatch(/^Ana cannot walk through Bo, who stands in the way at D3/)
  })

  it('003 Moving: a drag may not end on a foe’s square, even half on it; passing diagonally between two, and onto a downed one, are taken', async () => {
    const t = await yard()
    await t.turnOf('Ana')
    // 1 m short of Dee's centre: its base and Ana's overlap (0.6 m each).
    const halfOn = { x: square(6, 5).x - 1, y: square(6, 5).y }
    expect(refusal(await t.place('Ana', halfOn, false))).toEqual([
      'move/occupied',
      "Ana cannot end the move on Dee's square at G6 (003 Your Turn, 003 Moving): stop beside it, or make it a free move.",
    ])
    // Between Bo (D3) and Cy (C4) to D4: the line passes 1.06 m from both centres, outside their bases.
    expect((await t.place('Ana', square(3, 3), false)).ok).toBe(true)
    // Beside Dee, base touching base apart, is fine too; one who is down lies on the floor.
    await t.gm.command('combatant/setHp', { combatantId: t.id('Dee'), hp: 0 })
    expect((await t.place('Ana', square(6, 5), false)).ok).toBe(true)
    expect(await spentActions(t, 'Ana')).toBe(2)
  })

  it('the GM’s override is a free move, logged with whom it went through; out of turn nothing stops the GM placing a token', async () => {
    const t = await yard()
    await t.turnOf('Ana')
    expect((await t.place('Ana', square(5, 2), true)).ok).toBe(true)
    expect((await t.logs()).at(-1)).toMatch(
      /^Ana moves 4\.5 m \(1 action \(9 m a move, 003 Moving\); free move, waived by the GM\) — through Bo at D3: the GM's call over 003 Your Turn, 003 Moving$/,
    )
    // Bo's turn is not on: the GM sets it down on Cy's square.
    expect((await t.place('Bo', square(2, 3), false)).ok).toBe(true)
  })

  it('003 Your Turn: each drag is a whole move, so half the speed, an attack, and the rest of the speed is refused; two short drags pay two actions', async () => {
    const t = await yard()
    await t.turnOf('Ana')
    // Half of Ana's 9 m (Dex 2: 6 squares) towards Dee, then a second drag: a new move, a new action.
    expect((await t.place('Ana', square(2, 5), true)).ok).toBe(true) // round Cy for free: the GM's setting up
    expect(await spentActions(t, 'Ana')).toBe(0)
    expect((await t.place('Ana', square(5, 5), false)).ok).toBe(true) // 4.5 m, beside Dee
    expect(await spentActions(t, 'Ana')).toBe(1)
    expect((await t.attack('Ana', 'Dee', 0, {}, [15, 5])).ok).toBe(true)
    expect(await spentActions(t, 'Ana')).toBe(2)
    const rest = await t.place('Ana', square(5, 6), false)
    expect(refusal(rest)?.[0]).toBe('move/notEnough')
    // And without the attack, a second short drag is a second move.
    const u = await yard()
    await u.turnOf('Ana')
    expect((await u.place('Ana', square(2, 1), false)).ok).toBe(true)
    expect((await u.place('Ana', square(1, 0), false)).ok).toBe(true)
    expect(await spentActions(u, 'Ana')).toBe(2)
  })

  it('SR-2D6-22: the 2d6 document says nothing of occupied spaces, so a 2d6 drag passes through and ends beside anyone', async () => {
    const t = await gridTable(startCore, '2d6-significant', [
      { name: 'Ana', side: 'party', rules: twod6Sheet(), at: square(2, 2) },
      { name: 'Bo', side: 'enemy', rules: twod6Sheet(), at: square(3, 2) },
    ])
    await t.turnOf('Ana')
    expect((await t.place('Ana', square(4, 2), false)).ok).toBe(true)
    expect((await t.place('Ana', { x: square(3, 2).x + 0.3, y: square(3, 2).y }, false)).ok).toBe(true)
  })
})
