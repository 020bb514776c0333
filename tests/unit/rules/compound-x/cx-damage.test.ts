import { describe, expect, it } from 'vitest'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant, cx, live, trooper, SHIELD_RIGS } from './cx-harness'

/**
 * Issue 14, E1: damage the GM types by hand goes through the Compound X rules as an attack's
 * would (`combatant/damage`): protection by type (CX11–CX13, SR-CX-1…3), the Shock save
 * (CX15, SR-CX-4) and the downing with its death-save track (CX27).
 */
async function duel(raider = trooper()) {
  const h = await CampaignHarness.create('cx-damage', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
  h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: raider })
  h.must('encounter/start', { name: 'Duel' })
  h.must('encounter/rollInitiative', {}, [10, 90])
  return h
}

const damage = (h: CampaignHarness, amount: number, damageType: string, dice: number[] = []) =>
  h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount, damageType }, dice)
const standing = (h: CampaignHarness) => cx.standing!(asRulesCombatant(combatant(h, 'Raider')))
const lastLog = (h: CampaignHarness) =>
  h.campaign.store
    .ofType('log')
    .sort((a, b) => a.seq - b.seq)
    .at(-1)!

describe('CX27: hand-typed damage downs by the rules', () => {
  it('CX27: a combatant at low health given enough damage is at 0, downed (not "below 1 by hand"), and rolls its DSTs', async () => {
    const h = await duel()
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 12 })
    damage(h, 20, 'untyped')
    expect(combatant(h, 'Raider').hp).toBe(0)
    expect(live(h, 'Raider').dying.condition).toEqual({ kind: 'downed', failures: 0, successes: 0 })
    expect(standing(h)).toEqual({ state: 'down', label: 'downed · 0/3 failed', skipsTurn: false })
    expect(lastLog(h).text).toMatch(/^Raider takes 20 damage \(HP 12 → 0\): straight to health \(SR-CX-1\); downed: .*\(CX27, CX28\)/)
    // Vex acts first; the Raider's turn starts with a death save.
    h.must('encounter/nextTurn', {}, [30])
    expect(live(h, 'Raider').dying.condition).toEqual({ kind: 'downed', failures: 1, successes: 0 })
  })

  it('CX27: further damage goes negative and does not down twice', async () => {
    const h = await duel()
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 5 })
    damage(h, 9, 'untyped')
    damage(h, 7, 'fall')
    expect(combatant(h, 'Raider').hp).toBe(-7)
    expect(live(h, 'Raider').dying.condition).toEqual({ kind: 'downed', failures: 0, successes: 0 })
  })

  it('CX27 (contrast): setHp stays the correction — typed below 1 it is not downed by the rules', async () => {
    const h = await duel()
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: -5 })
    expect(live(h, 'Raider').dying.condition).toEqual({ kind: 'up' })
    expect(standing(h).label).toBe('below 1 health · not downed by the rules')
  })
})

describe('CX15: the Shock save on hand-typed damage (SR-CX-4)', () => {
  it('CX15: more than 70 on health forces d100 + Shock save against the damage; failing knocks out', async () => {
    const h = await duel()
    damage(h, 80, 'untyped', [20])
    expect(combatant(h, 'Raider').hp).toBe(30)
    // Shock save 2(FORT 6 + INT 5 − 6) = 10: 20 + 10 = 30, not above 80.
    expect(live(h, 'Raider').dying.condition).toEqual({ kind: 'unconscious', cause: 'shock', wakeRollsLeft: 9 })
    expect(standing(h).state).toBe('out')
    expect(lastLog(h).text).toMatch(/Shock save d100 20 \+ 10 = 30 vs 80: fails \(CX15\); Raider is knocked out \(CX15\)/)
    expect(lastLog(h).rolls.map((r) => r.purpose)).toEqual(['shock save'])
  })

  it('CX15: a save over the damage stays up; 70 or less on health rolls none', async () => {
    const h = await duel()
    damage(h, 75, 'untyped', [70])
    expect(live(h, 'Raider').dying.condition).toEqual({ kind: 'up' })
    expect(lastLog(h).text).toMatch(/80 vs 75: stays up/)
    damage(h, 30, 'fall')
    expect(lastLog(h).rolls).toEqual([])
  })
})

describe('CX11–CX13: typed damage through protection (SR-CX-2)', () => {
  it('CX11/CX12: ballistic on the armour (d100 ≤ coverage) drains armour points first, the rest reaches health', async () => {
    const h = await duel()
    damage(h, 50, 'ballistic', [30])
    expect(live(h, 'Raider').armourPoints).toBe(0)
    expect(combatant(h, 'Raider').hp).toBe(100)
    expect(lastLog(h).text).toMatch(
      /^Raider takes 50 ballistic damage \(HP 110 → 100\): armour hit and pierced: 40 to armour points, 10 to health \(CX12\)/,
    )
  })

  it('CX11: ballistic missing the armour with d100 ≥ 50 deals half', async () => {
    const h = await duel()
    damage(h, 50, 'ballistic', [70])
    expect(combatant(h, 'Raider').hp).toBe(85)
    expect(live(h, 'Raider').armourPoints).toBe(40)
  })

  it('CX13: a shield takes all of a laser; explosive ignores armour and shield', async () => {
    const h = await duel(trooper({ shieldId: 'a-class-electron-shield', armour: SHIELD_RIGS }))
    damage(h, 30, 'laser')
    expect(combatant(h, 'Raider').hp).toBe(110)
    expect(live(h, 'Raider').shieldStrength).toBe(90)
    damage(h, 30, 'explosive')
    expect(combatant(h, 'Raider').hp).toBe(80)
    expect(live(h, 'Raider')).toMatchObject({ shieldStrength: 90, armourPoints: 40 })
  })

  it('CX13: plasma that pierces armour leaves a stack of plasma burn', async () => {
    const h = await duel()
    damage(h, 50, 'plasma', [10])
    expect(live(h, 'Raider')).toMatchObject({ plasmaBurn: 1, plasmaBurnTurns: 2, armourPoints: 0 })
    expect(combatant(h, 'Raider').hp).toBe(100)
  })

  it('SR-CX-3: a fall goes past armour and shields, with no armour roll', async () => {
    const h = await duel()
    damage(h, 24, 'fall')
    expect(combatant(h, 'Raider').hp).toBe(86)
    expect(live(h, 'Raider').armourPoints).toBe(40)
    expect(lastLog(h).text).toBe('Raider takes 24 fall damage (HP 110 → 86): a fall: straight to health (SR-CX-3)')
  })
})

describe('Compound X damage types and their edges', () => {
  it('lists untyped first (the default), the CX13 types and a fall; refuses any other by name', async () => {
    expect(cx.damage!.types.map((t) => t.key)).toEqual([
      'untyped',
      'ballistic',
      'laser',
      'plasma',
      'explosive',
      'internal',
      'melee',
      'fire',
      'electric',
      'acid',
      'fall',
    ])
    const h = await duel()
    const r = h.run('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 5, damageType: 'frost' })
    expect(!r.ok && r.error.code).toBe('damage/unknownType')
    expect(combatant(h, 'Raider').hp).toBe(110)
  })

  it('a combatant without a sheet takes plain damage', async () => {
    const h = await CampaignHarness.create('cx-plain', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 40 })
    damage(h, 45, 'ballistic')
    expect(combatant(h, 'Raider').hp).toBe(-5)
    expect(lastLog(h).text).toBe('Raider takes 45 ballistic damage (HP 40 → -5)')
  })

  it('undo takes back the downing with the health', async () => {
    const h = await duel()
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 12 })
    damage(h, 20, 'untyped')
    expect(live(h, 'Raider').dying.condition.kind).toBe('downed')
    h.must('history/undo', {})
    expect(combatant(h, 'Raider').hp).toBe(12)
    expect(live(h, 'Raider').dying.condition).toEqual({ kind: 'up' })
  })
})
