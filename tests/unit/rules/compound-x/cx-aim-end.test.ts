import { describe, expect, it } from 'vitest'
import type { CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, cx, trooper } from './cx-harness'
import { act, attack, brawl, logOf, pistol, request, sheetOf, spent, type H } from './cx-brawl'

const aimOf = (h: H, name: string) => sheetOf(h, name).live.aim
const must = (r: ReturnType<typeof act>) => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const lastLog = (h: H) =>
  h.campaign.store
    .ofType('log')
    .sort((a, b) => a.seq - b.seq)
    .at(-1)!.text

/** Vex and Brute (a pistol now) both aim at Raider, who is down to 12 health. */
async function twoAimers() {
  const h = await brawl({ brute: { weapons: [pistol] } })
  must(act(h, 'Vex', 'aim', 'Raider'))
  must(act(h, 'Brute', 'aim', 'Raider'))
  h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 12 })
  return h
}
const aimedShot = (h: H) => request(h, 'Vex', 'Raider', 0, 'semi', { distance: 12, cover: 'none', stance: 'standing' })

describe('000 Aiming: aim ends when the target dies (SR-CX-72), with the optional 5 m shift (SR-CX-73)', () => {
  it('000 Aiming, SR-CX-72: a shot that downs the target ends the shooter’s aim and every other aim at it, in the same command', async () => {
    const h = await twoAimers()
    // Aimed: d10 4 beats the miss chance 2, then the body d100 10: 40 to health, 12 → below 1, downed.
    expect(attack(h, aimedShot(h), [4, 10]).ok).toBe(true)
    expect(sheetOf(h, 'Raider').live.dying.condition.kind).toBe('downed')
    expect(aimOf(h, 'Vex')).toBeNull()
    expect(aimOf(h, 'Brute')).toBeNull()
    expect(logOf(h, 'Vex fires')).toContain('Brute stops aiming at Raider (its target fell, 000 Aiming, SR-CX-72)')
    // One command: one undo brings both aims back.
    h.must('history/undo', {})
    expect(aimOf(h, 'Vex')?.name).toBe('Raider')
    expect(aimOf(h, 'Brute')?.name).toBe('Raider')
  })

  it('000 Aiming, SR-CX-72: a shot that leaves the target up keeps every aim', async () => {
    const h = await twoAimers()
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 100 })
    expect(attack(h, aimedShot(h), [4, 10]).ok).toBe(true)
    expect(aimOf(h, 'Vex')?.name).toBe('Raider')
    expect(aimOf(h, 'Brute')?.name).toBe('Raider')
  })

  it('000 Aiming, SR-CX-72: hand-typed damage that downs the target ends the aims at it', async () => {
    const h = await twoAimers()
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 20, damageType: 'untyped' })
    expect(aimOf(h, 'Vex')).toBeNull()
    expect(aimOf(h, 'Brute')).toBeNull()
    expect(lastLog(h)).toContain('Vex stops aiming at Raider (its target fell')
  })

  it('000 Aiming optional rule, SR-CX-73: after the fall the aimer may shift aim to another, free', async () => {
    const h = await twoAimers()
    expect(attack(h, aimedShot(h), [4, 10]).ok).toBe(true)
    const before = spent(h, 'Vex', 'actions')
    must(act(h, 'Vex', 'shift-aim', 'Brute'))
    expect(aimOf(h, 'Vex')?.name).toBe('Brute')
    expect(spent(h, 'Vex', 'actions')).toBe(before)
    expect(sheetOf(h, 'Vex').live.aimShift).toBeNull()
    // Once only: the chance is used up.
    const again = act(h, 'Vex', 'shift-aim', 'Raider')
    expect(again.ok ? '' : again.error.message).toContain('Only just after an aim target falls')
  })

  it('000 Aiming optional rule, SR-CX-73: the chance lapses at the aimer’s next turn start', async () => {
    const h = await twoAimers()
    expect(attack(h, aimedShot(h), [4, 10]).ok).toBe(true)
    expect(sheetOf(h, 'Brute').live.aimShift?.name).toBe('Raider')
    // Vex's turn ends; Raider is downed (its death save d10), then Brute's turn starts.
    h.must('encounter/nextTurn', {}, [50])
    h.must('encounter/nextTurn', {})
    expect(sheetOf(h, 'Brute').live.aimShift).toBeNull()
  })
})

describe('000 Aiming: on the map, the shift reaches 5 m; a frag blast throws the aimer (SR-CX-75)', () => {
  const fives = { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5 }
  const bare = { rigIds: [], materialId: null }

  /** Vex at (0, 0) with frags; Raider (10, 10) and Brute (12, 10) under a 3 m template; Scout at (16, 10), Sniper at (40, 40). */
  async function dock() {
    const h = await CampaignHarness.create('aim-end', tempDir(), undefined, cx)
    h.must('scene/create', { name: 'Dock' })
    const scene = h.campaign.store.ofType('scene')[0]!
    const sheets: Record<string, CxCombatantInput> = {
      Vex: trooper({ skills: { Explosives: 8 }, grenades: [{ itemId: 'ecsc-fragmentation-grenade', count: 2 }] }),
      Raider: trooper({ stats: fives, armour: bare }),
      Brute: trooper({ stats: fives, armour: bare }),
      Scout: trooper({ stats: fives, armour: bare }),
      Sniper: trooper({ stats: fives, armour: bare }),
    }
    const places: Record<string, [number, number]> = { Vex: [0, 0], Raider: [10, 10], Brute: [12, 10], Scout: [16, 10], Sniper: [40, 40] }
    for (const [name, rules] of Object.entries(sheets)) {
      h.must('combatant/add', { name, side: name === 'Vex' ? 'party' : 'enemy', kind: 'npc', maxHp: 1, rules })
      const [x, y] = places[name]!
      h.must('token/place', { sceneId: scene.id, combatantId: h.combatantId(name), x, y })
    }
    h.must('area/place', { sceneId: scene.id, x: 10, y: 10, radius: 3, label: 'Grenade' })
    const areaId = h.campaign.store.ofType('areaMark')[0]!.id
    const throwFrag = (dice: number[]) =>
      h.run(
        'action/perform',
        { request: { actorId: h.combatantId('Vex'), action: 'throw-grenade', targetId: null, areaId, options: { grenade: '0' } } },
        dice,
      )
    return { h, throwFrag }
  }

  it('000 Aiming, SR-CX-75: a frag’s blast throws those it reaches, ending their aim; SR-CX-72: the aim at one it downs ends too', async () => {
    const { h, throwFrag } = await dock()
    must(act(h, 'Brute', 'aim', 'Sniper'))
    must(act(h, 'Scout', 'aim', 'Raider'))
    must(act(h, 'Sniper', 'aim', 'Vex'))
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 20 })
    // d10 7 on target; the dodge d100s 1 and 1 (both caught, SR-CX-57); the body d100s 10 and 10:
    // 45 to Raider (20 → downed) and Brute.
    expect(throwFrag([7, 1, 1, 10, 10]).ok).toBe(true)
    expect(aimOf(h, 'Brute')).toBeNull()
    expect(aimOf(h, 'Scout')).toBeNull()
    expect(aimOf(h, 'Sniper')?.name).toBe('Vex')
    const blast = h.campaign.store.ofType('log').find((l) => l.text.startsWith('Vex throws'))!
    const lines = (blast.detail ?? []).flatMap((d) => d.lines.map((l) => l.label))
    expect(lines).toContain(
      'Brute is thrown by the ECSC Fragmentation Grenade’s blast: stops aiming at Sniper (000 Aiming, SR-CX-75)'.replace('’', "'"),
    )
    expect(lines.some((l) => l.startsWith('Scout stops aiming at Raider (its target fell'))).toBe(true)
  })

  it('000 Aiming optional rule, SR-CX-73: the shift reaches 5 m from where the target fell, and no further', async () => {
    const { h } = await dock()
    must(act(h, 'Vex', 'aim', 'Raider'))
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 200, damageType: 'untyped' })
    const far = act(h, 'Vex', 'shift-aim', 'Scout')
    expect(far.ok ? '' : far.error.code).toBe('aim/shiftTooFar')
    expect(aimOf(h, 'Vex')).toBeNull()
    must(act(h, 'Vex', 'shift-aim', 'Brute'))
    expect(aimOf(h, 'Vex')?.name).toBe('Brute')
    expect(combatant(h, 'Vex').spent['actions'] ?? 0).toBe(0)
  })
})

describe('000 Aiming: an act that fells the target ends the aim too (SR-CX-72)', () => {
  it('SR-CX-72: Raider falls 100 m and fails its Acrobatics (200 fall damage): Vex, aimed at it, stops aiming in the same command', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'aim', 'Raider'))
    expect(aimOf(h, 'Vex')?.name).toBe('Raider')
    // Out of its turn a fall is free; d100 10 + DEX 5 bonus fails DC 50; then the Shock save's d100 (CX15).
    must(act(h, 'Raider', 'fall', null, { height: 100, dc: 50 }, [10, 50]))
    expect(combatant(h, 'Raider').hp).toBeLessThan(1)
    expect(aimOf(h, 'Vex')).toBeNull()
    expect(sheetOf(h, 'Vex').live.aimShift).toMatchObject({ name: 'Raider' })
    h.must('history/undo', {})
    expect(aimOf(h, 'Vex')?.name).toBe('Raider')
  })
})
