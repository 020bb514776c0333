import { describe, expect, it } from 'vitest'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { combatant, cx, trooper } from './cx-harness'
import { act, brawl, lastLog, logOf, prompts } from './cx-brawl'

const suppressedOn = (h: Awaited<ReturnType<typeof brawl>>, name: string) =>
  combatant(h, name)
    .conditions.filter((x) => x.conditionId === 'suppressed')
    .map((x) => [x.sourceId, x.duration])

describe('two suppressors (000 Suppression: "once per target per suppressor\'s turn"; SR-CX-5)', () => {
  it('SR-CX-5: a second suppressor adds its own Suppressed; the first keeps its source and its clock', async () => {
    const h = await brawl({ brute: { weapons: trooper().weapons } })
    const [vex, brute] = [h.combatantId('Vex'), h.combatantId('Brute')]
    const light = { weapon: '0', level: 'light', distance: 20 }
    const done = act(h, 'Vex', 'suppress', 'Raider', light)
    expect(done.ok).toBe(true)
    h.must('encounter/nextTurn', {}) // Raider
    h.must('encounter/nextTurn', {}) // Brute
    expect(act(h, 'Brute', 'suppress', 'Raider', light).ok).toBe(true)
    expect(suppressedOn(h, 'Raider')).toEqual([
      [vex, { kind: 'turnStart', of: vex }],
      [brute, { kind: 'turnStart', of: brute }],
    ])
    // CX25: each zone lasts until its own suppressor's next turn: Vex's goes, Brute's stays.
    h.must('encounter/nextTurn', {}) // Vex, round 2
    expect(suppressedOn(h, 'Raider')).toEqual([[brute, { kind: 'turnStart', of: brute }]])
  })
})

const instancesOn = (h: Awaited<ReturnType<typeof brawl>>, name: string) =>
  combatant(h, name).conditions.filter((x) => x.conditionId === 'suppressed')

/**
 * Vex (light, a roll) and Brute (medium, an automatic hit) both suppress Raider; it is the end
 * of Brute's turn, before Vex's next one, so both zones stand.
 */
async function underTwo() {
  const h = await brawl({ brute: { weapons: trooper().weapons } })
  expect(act(h, 'Vex', 'suppress', 'Raider', { weapon: '0', level: 'light', distance: 20 }).ok).toBe(true)
  h.must('encounter/nextTurn', {}) // Raider
  h.must('encounter/nextTurn', {}) // Brute
  expect(act(h, 'Brute', 'suppress', 'Raider', { weapon: '0', level: 'medium', distance: 15 }).ok).toBe(true)
  return h
}

describe('000 Suppression: a target under two suppressors breaks cover (CX25, CX26; SR-CX-34, SR-CX-35)', () => {
  it('CX26: the Move action asks which zone it leaves, one toggle per suppressor', async () => {
    const h = await underTwo()
    const move = cx.actions!.list(asRulesCombatant(combatant(h, 'Raider'))).find((a) => a.key === 'move')!
    expect(move.options.filter((o) => o.key.startsWith('leavesZone')).map((o) => o.label)).toEqual([
      "Leaves Vex's suppression zone",
      "Leaves Brute's suppression zone",
    ])
  })

  it('CX26: a break from cover draws two prompts, one per suppressor; leaving one zone ends only that suppressor’s instance (CX25)', async () => {
    const h = await underTwo()
    const [vex, brute] = [h.combatantId('Vex'), h.combatantId('Brute')]
    const before = prompts(h).length
    const r = act(h, 'Raider', 'move', null, { [`leavesZone:${vex}`]: true, [`leavesZone:${brute}`]: false })
    if (!r.ok) throw new Error(r.error.message)
    const drawn = prompts(h).slice(before)
    expect(drawn.map((p) => [p.reactorId, p.text])).toEqual([
      [vex, 'Vex reacts to Raider leaving cover: light suppression — one single-shot accuracy roll, resolved as a normal shot (CX26)'],
      [brute, 'Brute reacts to Raider leaving cover: medium suppression — one automatic hit, no coverage roll (CX26)'],
    ])
    expect(instancesOn(h, 'Raider').map((x) => x.sourceId)).toEqual([brute])
    expect(logOf(h, 'Raider moves')).toMatch(
      /leaves Vex's suppression zone: no longer suppressed by it \(CX25\); stays in Brute's suppression zone: still suppressed by it \(CX25\)/,
    )
    // Each prompt resolves on its own: Brute's automatic hit, then Vex's roll (a miss), each its own attack.
    const hp = combatant(h, 'Raider').hp
    h.must('prompt/resolve', { promptId: drawn[1]!.id })
    expect(combatant(h, 'Raider').hp).toBeLessThan(hp)
    expect(prompts(h).find((p) => p.id === drawn[0]!.id)).toBeDefined()
    h.must('prompt/resolve', { promptId: drawn[0]!.id }, [2])
    expect(lastLog(h, 'Vex')).toMatch(/miss/)
  })

  it('CX26: once per target per suppressor’s turn, each suppressor on its own clock (SR-CX-35)', async () => {
    const h = await underTwo()
    const [vex, brute] = [h.combatantId('Vex'), h.combatantId('Brute')]
    const stay = { [`leavesZone:${vex}`]: false, [`leavesZone:${brute}`]: false }
    const before = prompts(h).length
    expect(act(h, 'Raider', 'move', null, stay).ok).toBe(true)
    expect(prompts(h).length - before).toBe(2)
    // A second break in the same suppressor turns: neither reacts again.
    expect(act(h, 'Raider', 'move', null, stay).ok).toBe(true)
    expect(prompts(h).length - before).toBe(2)
    expect(logOf(h, 'Raider moves')).toMatch(/Vex already reacted to Raider this turn.*Brute already reacted to Raider this turn/)
    // Vex's next turn ends Vex's zone only (CX25); Brute's stands, and Brute has still reacted this turn.
    h.must('encounter/nextTurn', {}) // Vex, round 2
    expect(instancesOn(h, 'Raider').map((x) => x.sourceId)).toEqual([brute])
    h.must('encounter/nextTurn', {}) // Raider
    expect(act(h, 'Raider', 'move', null, { leavesZone: false }).ok).toBe(true)
    expect(prompts(h).length - before).toBe(2)
    h.must('encounter/nextTurn', {}) // Brute: its zone ends too
    expect(instancesOn(h, 'Raider')).toEqual([])
  })
})

describe('000 Suppression on the map: each zone is asked on its own (CX25, CX26; SR-CX-34)', () => {
  it('CX25: dragged out of Vex’s 1 m light zone but still inside Brute’s 2 m heavy one: two prompts, only Vex’s instance ends', async () => {
    const mk15 = { kind: 'ranged' as const, itemId: 'ecsc-mk15r2', attachmentIds: [], ammo: 30, spareMagazines: 1 }
    const h = await brawl({ brute: { classId: 'specialist', weapons: [mk15] } }) // SR-CX-193: a machine gun is a Specialist's
    h.must('scene/create', { name: 'Dock' })
    const dock = h.campaign.store.ofType('scene')[0]!.id
    const place = (name: string, x: number, y: number) => h.must('token/place', { sceneId: dock, combatantId: h.combatantId(name), x, y })
    place('Vex', 0, 0)
    place('Raider', 12, 0)
    place('Brute', 12, 8)
    expect(act(h, 'Vex', 'suppress', 'Raider', { weapon: '0', level: 'light' }).ok).toBe(true)
    h.must('encounter/nextTurn', {}) // Raider
    h.must('encounter/nextTurn', {}) // Brute
    const heavy = act(h, 'Brute', 'suppress', 'Raider', { weapon: '0', level: 'heavy' })
    if (!heavy.ok) throw new Error(heavy.error.message)
    const before = prompts(h).length
    place('Raider', 13.5, 0)
    expect(
      prompts(h)
        .slice(before)
        .map((p) => p.reactorId),
    ).toEqual([h.combatantId('Vex'), h.combatantId('Brute')])
    expect(instancesOn(h, 'Raider').map((x) => x.sourceId)).toEqual([h.combatantId('Brute')])
  })
})
