import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { CxCombatant, CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import type { CampaignHarness } from '../../helpers/campaign-harness'
import { combatant, cx, fight, live, trooper } from './cx-harness'
import { preview } from './cx-brawl'

/*
 * The Compound X loadout (SR-CX-190..195): Mag Space (`000` Where Is My Ammo Storage?), Hard
 * Points and module skills (`000` What Is an 'Advanced Rig'?), weapon and armour proficiencies
 * (`001`). Every sheet is saved and flagged; play refuses or ignores what the rules deny.
 */

const sheet = (h: CampaignHarness, who: string) => combatant(h, who).rules as unknown as CxCombatant
const gear = (h: CampaignHarness, who: string) => cx.combatantRules!.gear!(combatant(h, who).rules as JsonValue)
const card = (h: CampaignHarness, who: string) => cx.combatantRules!.card!(combatant(h, who).rules as JsonValue).flatMap((s) => s.lines)
const snapshot = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())
const setVex = (h: CampaignHarness, over: Partial<CxCombatantInput>) =>
  h.must('combatant/setRules', { combatantId: h.combatantId('Vex'), rules: trooper(over) })
const perform = (h: CampaignHarness, action: string, options: Record<string, string | number | boolean>, target: string | null = null) =>
  h.run('action/perform', {
    request: { actorId: h.combatantId('Vex'), action, targetId: target ? h.combatantId(target) : null, options },
  })
const shot = (h: CampaignHarness, weapon = 0) => ({
  attackerId: h.combatantId('Vex'),
  targetId: h.combatantId('Raider'),
  weapon,
  mode: 'semi',
  options: {},
})

const c25 = (spareMagazines: number) => ({ kind: 'ranged' as const, itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 0, spareMagazines })
const pistol = (spareMagazines: number) => ({
  kind: 'ranged' as const,
  itemId: 'g-w-10mm-auto',
  attachmentIds: [],
  ammo: 0,
  spareMagazines,
})
const LIGHT_CHEST = { rigIds: ['light-chest-rig'], materialId: 'standard-l1-kevlar' } // 6 Mag Space, no Hard Points

describe('000 Where Is My Ammo Storage? (SR-CX-190)', () => {
  it('000: Mag Space holds primary magazines 1 to 1 and secondary ones 2 to 3; a reload draws only on what the rigs hold', async () => {
    const h = await fight()
    // Light chest rig: 6 Mag Space. The C25's 5 primary spares take 5; of the pistol's 3 secondary ones
    // only 1 fits in the last space (2 would take 2, 3 would take 2 but 5 + 2 > 6).
    setVex(h, { armour: LIGHT_CHEST, weapons: [c25(5), pistol(3)] })
    expect(gear(h, 'Vex')).toEqual([
      expect.objectContaining({ field: 'weapons.1.spareMagazines', item: 'G&W 10mm Auto', severity: 'cannot' }),
    ])
    expect(gear(h, 'Vex')[0]!.message).toMatch(/^1 of 3 spare magazines fit the rigs' 6 Mag Space/)
    // The same pistol magazines with 3 primary ones fit: 3 + (3 secondary in 2) = 5 ≤ 6 (000's example).
    setVex(h, { armour: LIGHT_CHEST, weapons: [c25(3), pistol(3)] })
    expect(gear(h, 'Vex')).toEqual([])

    setVex(h, { armour: LIGHT_CHEST, weapons: [c25(6), pistol(2)] })
    expect(gear(h, 'Vex').map((g) => g.field)).toEqual(['weapons.1.spareMagazines'])
    expect(cx.actions!.list({ ...asRules(h, 'Vex') }).find((a) => a.key === 'reload')?.unavailable).toBeNull()
    const before = snapshot(h)
    const refused = perform(h, 'reload', { weapon: '1' })
    expect(refused.ok ? '' : refused.error.message).toBe(
      "The 2 spare magazines for the G&W 10mm Auto do not fit the rigs' 6 Mag Space: nothing to reload from (000 Where Is My Ammo Storage?, SR-CX-190).",
    )
    expect(snapshot(h)).toBe(before)
    // The carbine's magazines are held: its reload goes ahead.
    expect(perform(h, 'reload', { weapon: '0' }).ok).toBe(true)
    expect(sheet(h, 'Vex').weapons[0]).toMatchObject({ ammo: 25, spareMagazines: 5 })
  })

  it('SR-CX-190: the first reload leaves what the rigs held, less the one loaded; the sheet then agrees', async () => {
    const h = await fight()
    setVex(h, { armour: LIGHT_CHEST, weapons: [c25(9)] })
    expect(gear(h, 'Vex')[0]!.message).toMatch(/^6 of 9 spare magazines/)
    expect(perform(h, 'reload', { weapon: '0' }).ok).toBe(true)
    expect(sheet(h, 'Vex').weapons[0]!.spareMagazines).toBe(5)
    expect(gear(h, 'Vex')).toEqual([])
  })

  it('SR-CX-195: no armour rigging, no Mag Space counted: every typed spare is the GM’s word', async () => {
    const h = await fight()
    setVex(h, { armour: { rigIds: [], materialId: null }, weapons: [c25(12)] })
    expect(gear(h, 'Vex')).toEqual([])
    expect(perform(h, 'reload', { weapon: '0' }).ok).toBe(true)
    expect(sheet(h, 'Vex').weapons[0]!.spareMagazines).toBe(11)
  })
})

describe("000 What Is an 'Advanced Rig'? (SR-CX-191, SR-CX-192)", () => {
  it('000: no more equipment than Hard Points: on standard rigs the shield is kept but not attached; on advanced rigs it shields', async () => {
    const h = await fight()
    const values = { armourFamily: 'medium', materialId: 'standard-l1-kevlar', shieldId: 'a-class-electron-shield' }
    h.must('combatant/setSheet', { combatantId: h.combatantId('Raider'), values })
    expect(sheet(h, 'Raider').shieldId).toBe('a-class-electron-shield')
    expect(gear(h, 'Raider')).toEqual([expect.objectContaining({ field: 'shieldId', item: 'A-Class Electron Shield', severity: 'cannot' })])
    expect(gear(h, 'Raider')[0]!.message).toMatch(/^Needs 1 Hard Point; the rigs give 0: not attached/)
    expect(live(h, 'Raider').shieldStrength).toBe(0)
    expect(card(h, 'Raider').find((l) => l.label === 'Shield')?.value).toBe('none')
    expect(card(h, 'Raider').find((l) => l.label === 'A-Class Electron Shield')?.value).toMatch(/not attached, no shield/)
    // A laser meets no shield: the armour (40%) and then the health take it.
    const hp = combatant(h, 'Raider').hp
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 20, damageType: 'laser' }, [99])
    expect(combatant(h, 'Raider').hp).toBeLessThan(hp)

    h.must('combatant/setSheet', { combatantId: h.combatantId('Raider'), values: { ...values, armourFamily: 'medium:advanced' } })
    expect(sheet(h, 'Raider').armour.rigIds).toEqual(['medium-advanced-chest-rig', 'medium-advanced-arm-rig', 'medium-advanced-leg-rig'])
    expect(gear(h, 'Raider')).toEqual([])
    expect(live(h, 'Raider').shieldStrength).toBe(120)
    const healthy = combatant(h, 'Raider').hp
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 20, damageType: 'laser' })
    expect(combatant(h, 'Raider').hp).toBe(healthy)
    expect(live(h, 'Raider').shieldStrength).toBe(100)
  })

  it('000: a module’s Stealth Skill Requirement is checked when it is operated, not when it is fitted', async () => {
    const h = await fight()
    const hunter = {
      classId: 'hunter',
      armour: { rigIds: ['light-advanced-chest-rig', 'light-advanced-arm-rig', 'light-advanced-leg-rig'], materialId: null },
      cloakId: 'mk2-advanced-microfoil-cloaker',
    }
    setVex(h, { ...hunter, skills: { Stealth: 14 } })
    expect(gear(h, 'Vex')).toEqual([expect.objectContaining({ field: 'cloakId', severity: 'cannot' })])
    const before = snapshot(h)
    const refused = perform(h, 'cloak', {})
    expect(refused.ok ? '' : refused.error.message).toMatch(
      /the Mk2 Advanced Microfoil Cloaker needs Stealth 15 to operate; the wearer has 14 \(000 Advanced Rigs, SR-CX-192\)\.$/i,
    )
    expect(snapshot(h)).toBe(before)
    setVex(h, { ...hunter, skills: { Stealth: 15 } })
    expect(gear(h, 'Vex')).toEqual([])
    expect(perform(h, 'cloak', {}).ok).toBe(true)
    expect(live(h, 'Vex').cloak?.on?.moduleId).toBe('mk2-advanced-microfoil-cloaker')
  })
})

describe('001 Weapon Proficiencies and Armor Proficiencies (SR-CX-193, SR-CX-194)', () => {
  const mg = { kind: 'ranged' as const, itemId: 'ecsc-mk249', attachmentIds: [], ammo: 100, spareMagazines: 1 }

  it('001: without proficiency a character cannot use that weapon type: the sheet is kept and flagged, every firing refused', async () => {
    const h = await fight()
    setVex(h, { weapons: [mg] })
    expect(gear(h, 'Vex')).toEqual([expect.objectContaining({ field: 'weapon', item: 'ECSC Mk249', severity: 'cannot' })])
    const why = 'A Soldier has no proficiency with Machine Guns, so it cannot use the ECSC Mk249 (001 Weapon Proficiencies, SR-CX-193).'
    expect(card(h, 'Vex').find((l) => l.label === 'ECSC Mk249')?.value).toBe(`100 rds · 1 mags · ${why}`)
    expect(preview(h, shot(h)).blocked).toBe(why)
    const before = snapshot(h)
    const r = h.run('attack/resolve', { request: shot(h) }, [9])
    expect(r.ok ? '' : `${r.error.code}: ${r.error.message}`).toBe(`attack/notProficient: ${why}`)
    const s = perform(h, 'suppress', { weapon: '0', level: 'light', distance: 10 }, 'Raider')
    expect(s.ok ? '' : s.error.message).toBe(why)
    expect(snapshot(h)).toBe(before)
    // A Specialist lists Machine Guns: the same gun fires.
    setVex(h, { classId: 'specialist', weapons: [mg] })
    expect(gear(h, 'Vex')).toEqual([])
    expect(preview(h, shot(h)).blocked).toBeNull()
    // The MK249 fires automatic only; the seeded dice roll the volley.
    const fired = h.run('attack/resolve', { request: { ...shot(h), mode: 'auto' } })
    expect(fired.ok ? '' : fired.error.message).toBe('')
    expect(sheet(h, 'Vex').weapons[0]!.ammo).toBeLessThan(100)
  })

  it('001: each class lists armour proficiencies; no proficiency, no wearing: the rigs cover nothing in combat', async () => {
    const h = await fight()
    const heavy = { rigIds: ['heavy-chest-rig', 'heavy-arm-rig', 'heavy-leg-rig'], materialId: 'standard-l1-kevlar' }
    // A Doctor lists Concealed, Recon, Light and Medium, not Heavy (and pistols, not the trooper's carbine).
    setVex(h, { classId: 'doctor', armour: heavy, weapons: [pistol(0)] })
    expect(sheet(h, 'Vex').armour.rigIds).toEqual(heavy.rigIds)
    expect(gear(h, 'Vex').map((g) => [g.field, g.item])).toEqual([
      ['armourFamily', 'Heavy Chest Rig'],
      ['armourFamily', 'Heavy Arm Rig'],
      ['armourFamily', 'Heavy Leg Rig'],
    ])
    expect(gear(h, 'Vex')[0]!.message).toMatch(/^No Heavy armour proficiency: it covers nothing/)
    expect(live(h, 'Vex').armourPoints).toBe(0)
    expect(card(h, 'Vex').find((l) => l.label === 'Armour')?.value).toBe('none')
    const hp = combatant(h, 'Vex').hp
    h.must('combatant/damage', { combatantId: h.combatantId('Vex'), amount: 10, damageType: 'ballistic' })
    expect(combatant(h, 'Vex').hp).toBe(hp - 10)
    // A Specialist lists Heavy: the same rigs cover and hold armour points.
    setVex(h, { classId: 'specialist', armour: heavy, weapons: [pistol(0)] })
    expect(gear(h, 'Vex')).toEqual([])
    expect(live(h, 'Vex').armourPoints).toBeGreaterThan(0)
  })

  it('SR-CX-194: a class without Cloaking cannot cloak, whatever its Stealth', async () => {
    const h = await fight()
    setVex(h, {
      armour: { rigIds: ['light-advanced-chest-rig'], materialId: null },
      cloakId: 'mk1-microfoil-cloaker',
      skills: { Stealth: 30 },
    })
    const r = perform(h, 'cloak', {})
    expect(r.ok ? '' : r.error.message).toMatch(
      /a Soldier has no Cloaking proficiency to wear the Mk1 Microfoil Cloaker \(001 Armor Proficiencies, SR-CX-194\)/i,
    )
  })

  it('SR-CX-193: every ready-made NPC carries only what its class may use', () => {
    for (const npc of cx.quickNpcs!) {
      expect(
        cx.combatantRules!.gear!(npc.rules).filter((g) => g.severity === 'cannot'),
        npc.name,
      ).toEqual([])
    }
  })
})

function asRules(h: CampaignHarness, who: string) {
  const c = combatant(h, who)
  return { id: c.id, name: c.name, hp: c.hp, maxHp: c.maxHp, rules: c.rules as JsonValue, conditions: [] }
}
