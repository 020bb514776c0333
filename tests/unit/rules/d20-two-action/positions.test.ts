import { describe, expect, it } from 'vitest'
import type { D20Sheet } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { starterWeapon } from '../../../../src-main/rules/d20-two-action/sheet/starter-items'
import { coresForTests } from '../../helpers/core-window'
import { gridTable, square, type Fighter } from '../../helpers/grid-table'
import { sheet } from './d20-fixtures'

/*
 * Issue 31, the d20 two-action system on the map, through the core: on a map of 5-foot (1.5 m)
 * squares, melee reach and touches are one square base to base, diagonals included (SR-D20-34);
 * a gun's range is read from the tokens; an attack of opportunity comes only when the mover
 * leaves a foe's reach, and is struck where it set off (SR-D20-33). Off the map, the GM's call.
 */

const startCore = coresForTests()

const pistol = starterWeapon('pocket-pistol')! // a handgun, 15 m
const rime = starterWeapon('rime-touch')! // a touch spell, 1.5 m
const fighter = (name: string, side: Fighter['side'], at?: { x: number; y: number }, rules: D20Sheet = sheet()): Fighter => ({
  name,
  side,
  rules,
  ...(at ? { at } : {}),
})
const engagedWith = async (t: Awaited<ReturnType<typeof gridTable>>, name: string) =>
  ((await t.rulesOf(name)) as unknown as D20Sheet).live.engagedWith.map((e) => e.name)
const refusal = (r: { ok: boolean; error?: { code: string; message: string } }) => (r.ok ? null : [r.error!.code, r.error!.message])

describe('issue 31: d20 reach, range and attacks of opportunity from the tokens (SR-D20-33, SR-D20-34)', () => {
  it('SR-D20-34: a sword or bare hands reach a diagonal neighbour on a 1.5 m grid, not a foe two squares off: the preview, the map’s marks and the attack say so with the distance, and nothing changes', async () => {
    const t = await gridTable(startCore, 'd20-two-action', [
      fighter('Ana', 'party', square(2, 2)),
      fighter('Bo', 'enemy', square(3, 3)), // diagonal: centres 2.1 m apart, bases 0.9 m
      fighter('Dee', 'enemy', square(4, 2)), // two squares: centres 3 m apart, bases 1.8 m
    ])
    await t.turnOf('Ana')
    const far = /^A melee attack with the Test sword \(SR-D20-34\) needs Dee within 1\.5 m of Ana; Dee is 1\.8 m away \(base to base\)\.$/
    expect(await t.marks('Ana', 0)).toEqual({ Bo: null, Dee: expect.stringMatching(far) })
    // Bare hands (the slot after the sword) reach no further.
    expect((await t.marks('Ana', 1))['Dee']).toMatch(/^A melee attack with the Bare hands \(SR-D20-34\) needs Dee within 1\.5 m/)
    const preview = await t.preview('Ana', 'Dee', 0)
    expect(preview.ok && preview.value.blocked).toMatch(far)
    const before = await t.version()
    const r = await t.attack('Ana', 'Dee', 0)
    expect(refusal(r)?.[0]).toBe('position/outOfReach')
    expect(refusal(r)?.[1]).toMatch(far)
    // A start point in the request moves no target but one leaving its attacker's reach out of turn.
    const forged = await t.attack('Ana', 'Dee', 0, { leftFromX: square(3, 2).x, leftFromY: square(3, 2).y }, undefined, 'basic')
    expect(refusal(forged)?.[0]).toBe('position/outOfReach')
    expect(await t.version()).toBe(before)
    expect((await t.attack('Ana', 'Bo', 0, {}, [15, 5])).ok).toBe(true)
    expect(await t.hpOf('Bo')).toBe(22)
  })

  it('SR-D20-34: Rime touch reaches a diagonal neighbour base to base, not two squares; a handgun is +2 within 5 feet of a diagonal neighbour; a gun’s range is read from the tokens, with no distance to type', async () => {
    const t = await gridTable(startCore, 'd20-two-action', [
      fighter('Cy', 'party', square(2, 2), sheet({ weapons: [pistol, rime] })),
      fighter('Bo', 'enemy', square(3, 3)),
      fighter('Dee', 'enemy', square(4, 2)),
      fighter('Eve', 'enemy', square(2, 14)), // 12 squares: 18 m
    ])
    await t.turnOf('Cy')
    const touch = await t.marks('Cy', 1)
    expect(touch['Bo']).toBeNull()
    expect(touch['Dee']).toMatch(
      /^The Rime touch \(a touch, SR-D20-34\) needs Dee within 1\.5 m of Cy; Dee is 1\.8 m away \(base to base\)\.$/,
    )
    const close = await t.preview('Cy', 'Bo', 0)
    if (!close.ok) throw new Error(close.error.message)
    const lines = close.value.explanation.flatMap((s) => s.lines.map((l) => `${l.label} ${l.value}`))
    expect(lines).toContain('Within 5 feet with a handgun +2')
    // On the map the tokens give the distance: the panel offers none to type.
    expect(close.value.options.map((o) => o.key)).not.toContain('distance')
    const twoOff = await t.preview('Cy', 'Dee', 0)
    expect(twoOff.ok && twoOff.value.explanation.flatMap((s) => s.lines.map((l) => l.label))).not.toContain('Within 5 feet with a handgun')
    const beyond = /^The target is 18 m away, beyond the Pocket pistol's 15 m range \(003 Attack Modifiers\)\.$/
    expect((await t.marks('Cy', 0))['Eve']).toMatch(beyond)
    const shot = await t.attack('Cy', 'Eve', 0)
    expect(refusal(shot)?.[0]).toBe('position/outOfRange')
    expect(refusal(shot)?.[1]).toMatch(beyond)
  })

  it('SR-D20-33: circling within reach draws nothing and keeps the melee; a drag out of reach prompts the foe, whose blow is struck where the mover set off', async () => {
    const t = await gridTable(startCore, 'd20-two-action', [fighter('Ana', 'party', square(2, 2)), fighter('Bo', 'enemy', square(3, 2))])
    await t.turnOf('Ana')
    expect((await t.attack('Ana', 'Bo', 0, {}, [2])).ok).toBe(true) // a miss engages too
    await t.turnOf('Bo')
    // 3.4 m round Ana to the square diagonal from it: still within reach.
    expect(await t.previewMove('Bo', square(1, 3))).toMatchObject({ summary: null, prompts: [] })
    expect((await t.place('Bo', square(1, 3), false)).ok).toBe(true)
    expect(await t.prompts()).toEqual([])
    expect(await engagedWith(t, 'Bo')).toEqual(['Ana'])
    // Away out of reach: the drop's preview shows the prompt with its odds, the drop makes it.
    const preview = await t.previewMove('Bo', square(1, 6))
    expect(preview.prompts).toHaveLength(1)
    expect(preview.prompts[0]!.odds).toMatch(/^Miss 40\.0% · Hit 55\.0% · Critical hit 5\.0%/)
    expect((await t.place('Bo', square(1, 6), false)).ok).toBe(true)
    const [prompt] = await t.prompts()
    expect(prompt).toMatchObject({ reactorId: t.id('Ana'), targetId: t.id('Bo') })
    // No typed distance rides in it: the core would refuse one that is not the map's.
    expect(prompt!.resolve.kind === 'attack' && Object.keys(prompt!.resolve.request.options)).not.toContain('distance')
    expect(await t.logs()).toContain('Bo moves 4.5 m on the map; away from Ana: an attack of opportunity (003 Engaged, SR-D20-33)')
    // Bo stands 4 squares off now; Ana's basic attack is judged where Bo set off, within reach: 15 + 3 hits, d8 5 + 3.
    const r = await t.send('prompt/resolve', { promptId: prompt!.id }, [15, 5])
    expect(refusal(r)).toBeNull()
    expect(await t.hpOf('Bo')).toBe(22)
    expect(await engagedWith(t, 'Ana')).toEqual([])
  })

  it('SR-D20-33: a foe already out of reach makes no attack of opportunity, on a drag or with the Move action, and stays engaged', async () => {
    const t = await gridTable(startCore, 'd20-two-action', [fighter('Ana', 'party', square(2, 2)), fighter('Bo', 'enemy', square(3, 2))])
    await t.turnOf('Ana')
    expect((await t.attack('Ana', 'Bo', 0, {}, [2])).ok).toBe(true)
    // The GM shoves Bo away (out of its turn): Ana's prompt is passed up; Ana still counts Bo as engaged (SR-D20-32).
    expect((await t.place('Bo', square(8, 2))).ok).toBe(true)
    await t.send('prompt/dismiss', { promptId: (await t.prompts())[0]!.id })
    expect(await engagedWith(t, 'Ana')).toEqual(['Bo'])
    // Ana's Move action, then a drag: Bo is 6 squares off, nothing to leave.
    expect((await t.act('Ana', 'move', null)).ok).toBe(true)
    expect((await t.place('Ana', square(2, 5))).ok).toBe(true)
    expect(await t.prompts()).toEqual([])
    expect(await engagedWith(t, 'Ana')).toEqual(['Bo'])
  })

  it('SR-D20-33: the Move action on the map prompts only the engaged foes within reach of where the mover stands, whose blows land there', async () => {
    const t = await gridTable(startCore, 'd20-two-action', [
      fighter('Ana', 'party', square(2, 2)),
      fighter('Bo', 'enemy', square(3, 3)),
      fighter('Dee', 'enemy', square(3, 2)),
    ])
    await t.turnOf('Ana')
    expect((await t.attack('Ana', 'Bo', 0, {}, [2])).ok).toBe(true)
    await t.turnOf('Dee')
    expect((await t.attack('Dee', 'Ana', 0, {}, [2])).ok).toBe(true)
    // The GM shoves Dee away; its partings are passed up. Ana is engaged with Bo beside it and Dee out of reach.
    expect((await t.place('Dee', square(7, 2))).ok).toBe(true)
    for (const p of await t.prompts()) await t.send('prompt/dismiss', { promptId: p.id })
    expect(await engagedWith(t, 'Ana')).toEqual(['Bo', 'Dee'])
    await t.turnOf('Ana')
    expect((await t.act('Ana', 'move', null)).ok).toBe(true)
    const prompts = await t.prompts()
    expect(prompts.map((p) => p.reactorId)).toEqual([t.id('Bo')])
    expect(await engagedWith(t, 'Ana')).toEqual(['Dee'])
    // The GM then drags Ana where the Move took it (free: the action paid); Bo's blow still lands where Ana stood.
    expect((await t.place('Ana', square(2, 9))).ok).toBe(true)
    expect(refusal(await t.send('prompt/resolve', { promptId: prompts[0]!.id }, [15, 5]))).toBeNull()
    expect(await t.hpOf('Ana')).toBe(22)
  })

  it('off the map reach is the GM’s call and range the typed distance; on it the GM may set positions aside for one act, logged', async () => {
    const t = await gridTable(startCore, 'd20-two-action', [
      fighter('Ana', 'party', square(2, 2)),
      fighter('Dee', 'enemy', square(4, 2)),
      fighter('Cy', 'party', undefined, sheet({ weapons: [pistol] })),
      fighter('Gil', 'enemy'),
    ])
    await t.turnOf('Ana')
    expect((await t.attack('Ana', 'Dee', 0, { ignorePositions: true })).ok).toBe(true)
    expect((await t.logs()).some((l) => l.startsWith('Positions set aside by the GM for this act'))).toBe(true)
    await t.turnOf('Cy')
    // Neither has a token: the panel asks for the distance, and the gun's range is judged on it.
    const off = await t.preview('Cy', 'Gil', 0)
    expect(off.ok && off.value.options.find((o) => o.key === 'distance')).toMatchObject({ value: 5 })
    expect(refusal(await t.attack('Cy', 'Gil', 0, { distance: 20 }))?.[0]).toBe('position/outOfRange')
    expect((await t.attack('Cy', 'Gil', 0, { distance: 10 })).ok).toBe(true)
    await t.turnOf('Gil')
    // Gil's sword on Cy: nothing to measure, so the GM's word that they are in melee stands.
    expect((await t.attack('Gil', 'Cy', 0)).ok).toBe(true)
  })
})
