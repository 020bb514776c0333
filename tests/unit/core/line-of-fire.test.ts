import { describe, expect, it } from 'vitest'
import type { AttackPreview } from '../../../src-shared/attack'
import type { LogEntryRecord } from '../../../src-shared/records'
import { coresForTests } from '../helpers/core-window'
import { gridTable, square, type Fighter } from '../helpers/grid-table'
import { trooper } from '../rules/compound-x/cx-harness'
import { sheet as d20Sheet } from '../rules/d20-two-action/d20-fixtures'
import { sheet as twoD6Sheet } from '../rules/2d6-significant/harness'
import { starterWeapon } from '../../../src-main/rules/d20-two-action/sheet/starter-items'
import { sheetInput } from '../rules/d10-difficulty/d10-fixtures'
import { issue } from '../../../src-main/rules/d10-difficulty/sheet/d10-items'

/*
 * Issue 34 through the core, on a campaign on disk: walls decide whether an act can be made at all
 * (SR-CORE-30: a wall or a closed door between two bases refuses it, unless the GM sets walls aside
 * for that act, logged), and low cover and walls decide the target's cover, which each ruleset turns
 * into its own (SR-CX-151, SR-D20-35, SR-2D6-21). The map: 1.5 m squares; the shooter in C3, the
 * target in I3, 9 m east.
 */

const startCore = coresForTests()
const SHOOTER = square(2, 2)
const TARGET = square(8, 2)
/** A wall across the whole yard between them, north to south. */
const WALL = [
  { x: 7.5, y: 0 },
  { x: 7.5, y: 12 },
]
/** A low wall a metre in front of the target, across all of its base. */
const LOW_ACROSS = [
  { x: 11.6, y: 2.5 },
  { x: 11.6, y: 5 },
]
/** A low wall in front of the target across about half of its base. */
const LOW_HALF = [
  { x: 11.6, y: 3.75 },
  { x: 11.6, y: 5 },
]

type Table = Awaited<ReturnType<typeof gridTable>>
const wall = (t: Table, kind: 'wall' | 'low' | 'door', points: readonly { x: number; y: number }[]) =>
  t.send('wall/add', { sceneId: t.sceneId, kind, points })
const refusal = (r: { ok: boolean; error?: { code: string; message: string } }) => (r.ok ? null : [r.error!.code, r.error!.message])
const lines = (p: AttackPreview) => p.explanation.flatMap((s) => s.lines.map((l) => `${l.label} ${l.value} ${l.source ?? ''}`.trim()))
const must = <T>(r: { ok: boolean; value?: T; error?: { message: string } }): T => {
  if (!r.ok) throw new Error(r.error!.message)
  return r.value as T
}

const cxFighters = (): Fighter[] => [
  { name: 'Vex', side: 'party', rules: trooper(), at: SHOOTER },
  { name: 'Raider', side: 'enemy', rules: trooper(), at: TARGET },
]

describe('line of fire and cover from the map (issue 34)', () => {
  it('SR-CORE-30: Compound X — a wall between refuses the shot everywhere; a closed door too, an open one not', async () => {
    const t = await gridTable(startCore, 'compound-x', cxFighters())
    await t.turnOf('Vex')
    must(await wall(t, 'wall', WALL))
    const words = 'Vex cannot see Raider: a wall stands between them. Open a door, move, or set walls aside for this act.'
    const before = await t.version()
    const preview = await t.preview('Vex', 'Raider', 0, {}, 'semi')
    const shot = await t.attack('Vex', 'Raider', 0, {}, [9, 10], 'semi')
    for (const r of [preview, shot]) expect(refusal(r)).toEqual(['position/noLineOfFire', words])
    expect(await t.version()).toBe(before)
    // The map's marks say the same, in the same words.
    expect((await t.marks('Vex', 0))['Raider']).toBe(words)
    // An action aimed at it (aiming) needs the line too.
    expect(refusal(await t.act('Vex', 'aim', 'Raider'))?.[0]).toBe('position/noLineOfFire')
  })

  it('SR-CORE-30: a closed door refuses with its words; opened, the shot goes through', async () => {
    const t = await gridTable(startCore, 'compound-x', cxFighters())
    await t.turnOf('Vex')
    must(await wall(t, 'wall', [WALL[0]!, { x: 7.5, y: 3 }]))
    must(
      await wall(t, 'door', [
        { x: 7.5, y: 3 },
        { x: 7.5, y: 4.5 },
      ]),
    )
    must(await wall(t, 'wall', [{ x: 7.5, y: 4.5 }, WALL[1]!]))
    const closed = await t.preview('Vex', 'Raider', 0, {}, 'semi')
    expect(refusal(closed)?.[1]).toMatch(/^Vex cannot see Raider: a closed door stands between them\./)
    const door = (await t.gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'wall' && r.kind === 'door')!
    must(await t.send('door/set', { wallId: door.id, door: 'open' }))
    expect((await t.preview('Vex', 'Raider', 0, {}, 'semi')).ok).toBe(true)
  })

  it('SR-CORE-30: the GM sets walls aside for one shot: accepted, and the log says so for the GM', async () => {
    const t = await gridTable(startCore, 'compound-x', cxFighters())
    await t.turnOf('Vex')
    must(await wall(t, 'wall', WALL))
    must(await t.preview('Vex', 'Raider', 0, { ignoreWalls: true }, 'semi'))
    must(await t.attack('Vex', 'Raider', 0, { ignoreWalls: true }, [9, 10], 'semi'))
    const records = (await t.gm.must('snapshot', undefined)).records
    const note = records.find((r) => r.typeName === 'log' && r.text.startsWith('Walls set aside by the GM'))
    expect(note).toMatchObject({
      text: 'Walls set aside by the GM for this act (a wall stood between Vex and Raider): no line of fire asked, no cover from the map',
      visibility: 'gm',
    })
    // No cover from the map with the walls set aside: standing in the open, Raider hits the dirt (CX21).
    expect(records.find((r) => r.typeName === 'log' && r.text.startsWith('Vex fires'))).toMatchObject({
      text: expect.stringMatching(/hits the dirt/),
    })
    // The next shot is judged by the walls again.
    expect(refusal(await t.attack('Vex', 'Raider', 0, {}, [9, 10], 'semi'))?.[0]).toBe('position/noLineOfFire')
  })

  it('SR-CX-151 (000 Using Cover/Stances): low cover gives full or partial cover from the map; the GM’s choice overrides it, and the odds say which', async () => {
    const t = await gridTable(startCore, 'compound-x', cxFighters())
    await t.turnOf('Vex')
    const open = lines(must(await t.preview('Vex', 'Raider', 0, {}, 'semi')))
    expect(open.join('\n')).not.toMatch(/cover/)
    must(await wall(t, 'low', LOW_ACROSS))
    const across = lines(must(await t.preview('Vex', 'Raider', 0, {}, 'semi')))
    expect(across).toContainEqual(expect.stringMatching(/^Low cover at H\d hides \d+% of Raider: full cover \+4 CX6$/))
    const wallIds = (await t.gm.must('snapshot', undefined)).records.filter((r) => r.typeName === 'wall').map((r) => r.id)
    must(await t.send('wall/remove', { wallId: wallIds[0] }))
    must(await wall(t, 'low', LOW_HALF))
    const halfPreview = must<AttackPreview>(await t.preview('Vex', 'Raider', 0, {}, 'semi'))
    // The panel shows it in view, with its source.
    expect(halfPreview.cover).toMatch(/^Low cover at H\d hides \d+% of Raider: partial cover, \+2 miss \(CX6, SR-CX-151\)$/)
    const half = lines(halfPreview)
    const partial = half.find((l) => l.startsWith('Low cover at'))!
    expect(partial).toMatch(/: partial cover \+2 CX6$/)
    const share = Number(/hides (\d+)%/.exec(partial)![1])
    // `000`: partial cover is "30-50%" of the body (SR-CX-151 takes 30 up to 60).
    expect(share).toBeGreaterThanOrEqual(30)
    expect(share).toBeLessThan(60)
    // The GM's choice stands over the map's, and the odds say it was the GM's.
    const gm = lines(must(await t.preview('Vex', 'Raider', 0, { cover: 'none' }, 'semi')))
    expect(gm.join('\n')).not.toMatch(/Low cover/)
    const fullPreview = must<AttackPreview>(await t.preview('Vex', 'Raider', 0, { cover: 'full' }, 'semi'))
    expect(fullPreview.cover).toBe('Cover set by the GM: full cover, +4 miss (CX6, SR-CX-151)')
    const full = lines(fullPreview)
    expect(full).toContainEqual('Cover set by the GM: full cover +4 CX6')
    // The shot itself is judged as the preview said: its working names the map's cover.
    must(await t.attack('Vex', 'Raider', 0, {}, [9, 10], 'semi'))
    const records = (await t.gm.must('snapshot', undefined)).records
    const entry = records.filter((r): r is LogEntryRecord => r.typeName === 'log').at(-1)!
    // CX21: in partial cover from the map, the target does not hit the dirt.
    expect(entry.text).toMatch(/^Vex fires the Anvil Arms C25 at Raider/)
    expect(entry.text).not.toMatch(/hits the dirt/)
    expect((entry.detail ?? []).flatMap((s) => s.lines.map((l) => l.label))).toContainEqual(
      expect.stringMatching(/^Low cover at H\d .*partial cover$/),
    )
  })

  it('SR-CORE-31: someone standing between hides part of the target, and the odds say who; one down on the floor hides nothing', async () => {
    const t = await gridTable(startCore, 'compound-x', [
      ...cxFighters(),
      { name: 'Brute', side: 'enemy', rules: trooper(), at: { x: TARGET.x - 1.5, y: TARGET.y + 0.5 } },
    ])
    await t.turnOf('Vex')
    const p = must<AttackPreview>(await t.preview('Vex', 'Raider', 0, {}, 'semi'))
    expect(p.cover).toMatch(/^Someone between at H\d hides \d+% of Raider: (partial|full) cover, \+[24] miss \(CX6, SR-CX-151\)$/)
    must(await t.send('combatant/setHp', { combatantId: t.id('Brute'), hp: 0 }))
    expect(must<AttackPreview>(await t.preview('Vex', 'Raider', 0, {}, 'semi')).cover).toBeUndefined()
  })

  it('SR-D20-35 (003 Covered Target, Out of Sight): −2 to hit from the map’s cover; no line of sight, no attack', async () => {
    const t = await gridTable(startCore, 'd20-two-action', [
      { name: 'Ana', side: 'party', rules: d20Sheet({ weapons: [starterWeapon('pocket-pistol')!] }), at: SHOOTER },
      { name: 'Bo', side: 'enemy', rules: d20Sheet(), at: TARGET },
    ])
    await t.turnOf('Ana')
    must(await wall(t, 'low', LOW_ACROSS))
    const p = must<AttackPreview>(await t.preview('Ana', 'Bo', 0))
    expect(p.blocked).toBeNull()
    expect(lines(p)).toContainEqual(expect.stringMatching(/^Target behind cover \(Low cover at H\d hides \d+% of Bo: behind cover\) −2/))
    expect(p.cover).toMatch(/^Low cover at H\d hides \d+% of Bo: behind cover, −2 to hit \(003, SR-D20-35\)$/)
    const ticked = must<AttackPreview>(await t.preview('Ana', 'Bo', 0, { cover: false }))
    expect(lines(ticked).join('\n')).not.toMatch(/behind cover/)
    must(await wall(t, 'wall', WALL))
    expect(refusal(await t.attack('Ana', 'Bo', 0))?.[0]).toBe('position/noLineOfFire')
  })

  it('SR-2D6-21 (004 Dodge): the dodge’s −2 from the map’s cover; through a wall, refused', async () => {
    const t = await gridTable(startCore, '2d6-significant', [
      { name: 'Ana', side: 'party', rules: twoD6Sheet(), at: SHOOTER },
      { name: 'Bo', side: 'enemy', rules: twoD6Sheet(), at: TARGET },
    ])
    await t.turnOf('Ana')
    const open = must<AttackPreview>(await t.preview('Ana', 'Bo', 0, { defence: 'dodge' }))
    expect(lines(open)).toContainEqual('only if the attack passes; DM on the attack −1 T4')
    must(await wall(t, 'low', LOW_ACROSS))
    const covered = must<AttackPreview>(await t.preview('Ana', 'Bo', 0, { defence: 'dodge' }))
    expect(lines(covered)).toContainEqual('only if the attack passes; DM on the attack −2 T4')
    expect(covered.cover).toMatch(/^Low cover at H\d hides \d+% of Bo: behind cover, dodge −2 \(004, SR-2D6-21\)$/)
    expect(lines(covered)).toContainEqual(expect.stringMatching(/^Low cover at H\d hides \d+% of Bo: behind cover {2}SR-2D6-21$/))
    must(await wall(t, 'wall', WALL))
    expect(refusal(await t.attack('Ana', 'Bo', 0, { defence: 'dodge' }))?.[0]).toBe('position/noLineOfFire')
  })

  it('SR-CORE-30: d10 — no cover to hit, but a wall between refuses the shot', async () => {
    const rules = sheetInput({ weapons: [issue('pocket-pistol')!] })
    const t = await gridTable(startCore, 'd10-difficulty', [
      { name: 'Ana', side: 'party', rules, at: SHOOTER },
      { name: 'Bo', side: 'enemy', rules, at: TARGET },
    ])
    await t.turnOf('Ana')
    must(await t.preview('Ana', 'Bo', 0))
    must(await wall(t, 'wall', WALL))
    const r = await t.attack('Ana', 'Bo', 0)
    expect(refusal(r)).toEqual([
      'position/noLineOfFire',
      'Ana cannot see Bo: a wall stands between them. Open a door, move, or set walls aside for this act.',
    ])
  })
})
