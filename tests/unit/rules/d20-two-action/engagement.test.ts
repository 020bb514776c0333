import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { D20Sheet } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { starterWeapon } from '../../../../src-main/rules/d20-two-action/sheet/starter-items'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { attack, d20, faces, fighter, must, sheet } from './d20-fixtures'

/** Ana (sword, acts first) and Bo (sword) in a real campaign; Ana swings at Bo, so they are engaged. */
async function melee() {
  const h = await CampaignHarness.create('d20-engaged', tempDir(), undefined, d20)
  h.must('combatant/add', { name: 'Ana', side: 'party', kind: 'pc', maxHp: 30, rules: sheet() })
  h.must('combatant/add', { name: 'Bo', side: 'enemy', kind: 'npc', maxHp: 30, rules: sheet({}, { dex: 0 }) })
  h.must('encounter/start', {})
  h.must('encounter/rollInitiative', {}, [10, 10])
  // Ana's hit test 2 + 3 misses AR 12: a miss engages too (`003 Engaged`: "who has made an attack").
  h.must(
    'attack/resolve',
    { request: { attackerId: h.combatantId('Ana'), targetId: h.combatantId('Bo'), weapon: 0, mode: '', options: {} } },
    [2],
  )
  return h
}

const record = (h: CampaignHarness, name: string) => h.campaign.store.ofType('combatant').find((c) => c.name === name)!
const engagedOf = (h: CampaignHarness, name: string) => (record(h, name).rules as unknown as D20Sheet).live.engagedWith.map((e) => e.name)
const prompts = (h: CampaignHarness) => h.campaign.store.ofType('prompt')
const act = (
  h: CampaignHarness,
  who: string,
  action: string,
  options: Record<string, string | boolean> = {},
  target: string | null = null,
) => ({
  request: { actorId: h.combatantId(who), action, targetId: target ? h.combatantId(target) : null, options },
})
/** The mover as the ruleset sees it on the map. */
const onMap = (h: CampaignHarness, name: string) => {
  const r = record(h, name)
  return fighter(name, r.rules as unknown as D20Sheet, { id: r.id, hp: r.hp })
}
const snapshot = (h: CampaignHarness) => JSON.stringify([h.campaign.store.ofType('combatant'), prompts(h)])

describe('003 Engaged: engagement and the attack of opportunity on moving away (SR-D20-32, SR-D20-33)', () => {
  it('003 Engaged / SR-D20-32: a melee attack, hit or miss, engages both sides, each with the weapon the other strikes with', async () => {
    const h = await melee()
    expect((record(h, 'Ana').rules as unknown as D20Sheet).live.engagedWith).toEqual([{ id: h.combatantId('Bo'), name: 'Bo', weapon: 0 }])
    expect((record(h, 'Bo').rules as unknown as D20Sheet).live.engagedWith).toEqual([{ id: h.combatantId('Ana'), name: 'Ana', weapon: 0 }])
    const card = d20.combatantRules!.card(record(h, 'Ana').rules!).flatMap((x) => x.lines)
    expect(card.find((l) => l.label === 'Engaged with')?.value).toBe('Bo')
  })

  it('SR-D20-32 a shot engages nobody (an attack of opportunity needs melee range)', () => {
    const a = fighter('A', sheet({ weapons: [starterWeapon('pocket-pistol')!] }), { acting: true })
    const t = fighter('T', sheet())
    const r = must(d20.attacks!.resolve(attack(a, t), a, t, faces(15, 3)))
    expect((r.attackerRules as unknown as D20Sheet).live.engagedWith).toEqual([])
    expect((r.targetRules as unknown as D20Sheet).live.engagedWith).toEqual([])
  })

  it('003 Engaged / SR-D20-33: the Move action away from an engaged foe prompts its attack of opportunity, resolved as its reaction', async () => {
    const h = await melee()
    h.must('encounter/nextTurn', {}) // Bo's turn
    h.must('action/perform', act(h, 'Bo', 'move'))
    const [p] = prompts(h)
    expect(p).toMatchObject({ reactorId: h.combatantId('Ana'), targetId: h.combatantId('Bo') })
    expect(p!.text).toMatch(/Ana may make an attack of opportunity, a basic attack \(003 Engaged\)/)
    expect(engagedOf(h, 'Bo')).toEqual([])
    // Ana's basic attack out of its turn: 15 + 3 = 18 hits AR 12; the sword's d8 shows 5, + Str 3.
    h.must('prompt/resolve', { promptId: p!.id }, [15, 5])
    expect(record(h, 'Bo').hp).toBe(22)
    expect((record(h, 'Ana').rules as unknown as D20Sheet).live.reactions).toEqual([{ kind: 'opportunity', pool: true }])
    // The parting blow ends the engagement on both sides: a second move draws nothing.
    expect(engagedOf(h, 'Ana')).toEqual([])
    h.must('action/perform', act(h, 'Bo', 'move'))
    expect(prompts(h)).toHaveLength(0)
  })

  it('SR-D20-33: the prompt carries the attack of opportunity’s exact odds, worked out by the core from the d20 preview', async () => {
    const h = await melee()
    h.must('encounter/nextTurn', {})
    h.must('action/perform', act(h, 'Bo', 'move'))
    const [p] = prompts(h)
    if (p?.resolve.kind !== 'attack') throw new Error('expected an attack prompt')
    // Ana's d20 + 3 against AR 12: 1–8 miss, 9–19 hit, a natural 20 is a critical. The sword's
    // 1d8 + 3 averages 7.5 on a hit and 2d8 + 3 = 12 on a critical: 0.55 × 7.5 + 0.05 × 12 = 4.7.
    expect(p.odds).toBe('Miss 40.0% · Hit 55.0% · Critical hit 5.0% · expected 4.7 damage · down 0.0%')
  })

  it('003 Engaged: a foe typed down by hand makes no attack of opportunity when its partner moves away, and the log says why', async () => {
    const h = await melee()
    h.must('combatant/damage', { combatantId: h.combatantId('Ana'), amount: 40, damageType: 'untyped' })
    h.must('encounter/nextTurn', {})
    h.must('action/perform', act(h, 'Bo', 'move'))
    expect(prompts(h)).toHaveLength(0)
    const log = h.campaign.store.ofType('log').map((l) => l.text)
    expect(log.some((t) => /^Ana is down and makes no reaction: Bo moves away from Ana/.test(t))).toBe(true)
  })

  it('SR-D20-33 a move the GM marks as staying in the melee prompts nothing and keeps the engagement', async () => {
    const h = await melee()
    h.must('encounter/nextTurn', {})
    h.must('action/perform', act(h, 'Bo', 'move', { leavesMelee: false }))
    expect(prompts(h)).toHaveLength(0)
    expect(engagedOf(h, 'Bo')).toEqual(['Ana'])
  })

  it('003 Engaged / SR-D20-33: dragging the token out of the foe’s reach prompts it; a step that stays within reach does not', async () => {
    const h = await melee()
    // On a 1.5 m grid (bases 0.6 m): Ana at (0, 0), Bo beside it at (1.5, 0).
    const base = (x: number, y: number) => ({ x, y, radius: 0.6 })
    const ana = { ...onMap(h, 'Ana'), position: base(0, 0) }
    const bo = { ...onMap(h, 'Bo'), position: base(1.5, 0) }
    const from = { x: 1.5, y: 0 }
    expect(d20.onMapMove!(bo, { from, to: { x: 1.5, y: 1.5 } }, [], [ana, bo])).toBeNull()
    const moved = must(d20.onMapMove!(bo, { from, to: { x: 6, y: 0 } }, [], [ana, bo])!)
    expect(moved.cost ?? []).toEqual([])
    expect(moved.prompts).toHaveLength(1)
    expect(moved.prompts![0]).toMatchObject({
      reactorId: h.combatantId('Ana'),
      resolve: {
        kind: 'attack',
        request: {
          attackerId: h.combatantId('Ana'),
          targetId: h.combatantId('Bo'),
          weapon: 0,
          mode: 'basic',
          options: { leftFromX: 1.5, leftFromY: 0 },
        },
      },
    })
    expect((moved.actorRules as unknown as D20Sheet).live.engagedWith).toEqual([])
    // Not engaged with anyone: nothing to set off.
    const free = { ...fighter('C', sheet()), position: base(1.5, 0) }
    expect(d20.onMapMove!(free, { from, to: { x: 9, y: 0 } }, [], [ana, free])).toBeNull()
  })

  it('003 Combat Actions Disengage: One Action ends the engagement on both sides; the move after draws no attack of opportunity', async () => {
    const h = await melee()
    h.must('encounter/nextTurn', {})
    h.must('action/perform', act(h, 'Bo', 'disengage', {}, 'Ana'))
    expect(record(h, 'Bo').spent['actions']).toBe(1)
    expect(engagedOf(h, 'Bo')).toEqual([])
    expect(engagedOf(h, 'Ana')).toEqual([])
    h.must('action/perform', act(h, 'Bo', 'move'))
    expect(prompts(h)).toHaveLength(0)
  })

  it('003 Combat Actions Total Disengage: Two Actions end its engagement with every foe', async () => {
    const h = await melee()
    h.must('encounter/nextTurn', {})
    h.must('action/perform', act(h, 'Bo', 'total-disengage'))
    expect(record(h, 'Bo').spent['actions']).toBe(2)
    expect(engagedOf(h, 'Bo')).toEqual([])
  })

  it('SR-D20-32 refusals change nothing: disengaging from one it is not engaged with, or when engaged with nobody', async () => {
    const h = await melee()
    h.must('combatant/add', { name: 'Cy', side: 'enemy', kind: 'npc', maxHp: 30, rules: sheet({}, { dex: 0 }) })
    h.must('encounter/nextTurn', {})
    const before = snapshot(h)
    const r = h.run('action/perform', act(h, 'Bo', 'disengage', {}, 'Cy'))
    expect(!r.ok && r.error.code).toBe('action/notEngaged')
    expect(snapshot(h)).toBe(before)
    h.must('action/perform', act(h, 'Bo', 'disengage', {}, 'Ana'))
    const after = snapshot(h)
    const again = h.run('action/perform', act(h, 'Bo', 'total-disengage'))
    expect(!again.ok && again.error.code).toBe('action/notEngaged')
    expect(snapshot(h)).toBe(after)
  })

  it('003 Engaged: a foe brought below 1 hit point is out of the melee, and the encounter’s end clears everyone', async () => {
    const h = await melee()
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {}) // Ana again
    h.must('combatant/setHp', { combatantId: h.combatantId('Bo'), hp: 4 })
    h.must(
      'attack/resolve',
      { request: { attackerId: h.combatantId('Ana'), targetId: h.combatantId('Bo'), weapon: 0, mode: '', options: {} } },
      [15, 5],
    )
    expect(record(h, 'Bo').hp).toBe(0)
    expect(engagedOf(h, 'Ana')).toEqual([])
    expect(engagedOf(h, 'Bo')).toEqual([])
    const h2 = await melee()
    h2.must('encounter/end', {})
    expect(engagedOf(h2, 'Ana')).toEqual([])
    expect(engagedOf(h2, 'Bo')).toEqual([])
  })

  it('SR-D20-32 a sheet stored before engagement was tracked still reads, engaged with nobody', () => {
    const stored = { ...sheet(), live: { attacksThisTurn: 0, reactions: [], armourDamage: 0, drawn: null } } as unknown as JsonValue
    const c = fighter('Old', sheet(), { rules: stored })
    expect(d20.onMapMove!(c, { from: { x: 0, y: 0 }, to: { x: 9, y: 0 } }, [])).toBeNull()
  })
})
