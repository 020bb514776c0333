import { describe, expect, it } from 'vitest'
import type { CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { previewActionOdds } from '../../../../src-main/core/app/action-odds'
import { CHECK_ACTION } from '../../../../src-main/core/app/check-action'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { act, attack, brawl, lastLog, preview, request, sheetOf, spent } from './cx-brawl'
import { combatant, cx, trooper, troopStats } from './cx-harness'

/*
 * `001` Primary Stat Details: what a stat of 1 takes away, through the core's commands on a real
 * campaign on disk (SR-CX-170 … SR-CX-175).
 */

const bare = { rigIds: [], materialId: null }

/** Vex with the given stats (the rest a trooper's) and sheet, Raider all 5s; no fight running. */
async function desk(stats: Partial<CxCombatantInput['stats']>, over: Partial<CxCombatantInput> = {}) {
  const h = await CampaignHarness.create('flaws', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ stats: troopStats(stats), ...over }) })
  return h
}

const gearOf = (rules: unknown) => cx.combatantRules!.gear!(rules as never)
const logCount = (h: CampaignHarness) => h.campaign.store.ofType('log').length
const lastEntry = (h: CampaignHarness) => h.campaign.store.ofType('log').at(-1)!
const chance = (h: CampaignHarness, check: string, dc: number) => {
  const r = cx.checks!.chance({ check, dc, mode: 'normal', bonus: 0 }, asRulesCombatant(combatant(h, 'Vex')))
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe('001 Primary Stat Details: PER 1 (SR-CX-170)', () => {
  it('001 PER 1 "cannot use the Search or Awareness skills": Investigation and Spotting are refused with the reason, nothing logged', async () => {
    const h = await desk({ per: 1 }, { skills: { Investigation: 20, Spotting: 20 } })
    const before = logCount(h)
    for (const check of ['skill:Investigation', 'skill:Spotting']) {
      const r = h.run('check/roll', { combatantId: h.combatantId('Vex'), check, dc: 30 }, [90])
      expect(r.ok).toBe(false)
      expect(!r.ok && r.error.code).toBe('check/statFlaw')
      expect(!r.ok && r.error.message).toMatch(/^PER 1: cannot use (Investigation|Spotting), a Search or Awareness skill .*SR-CX-170/)
    }
    expect(logCount(h)).toBe(before)
    // The actions flow's check odds are blocked with the same reason.
    const odds = previewActionOdds(h.campaign.store, h.ruleset, {
      actorId: h.combatantId('Vex'),
      action: CHECK_ACTION,
      targetId: null,
      options: { check: 'skill:Spotting', dc: 30 },
    })
    expect(odds.ok && odds.value.blocked).toMatch(/^PER 1: cannot use Spotting/)
    // PER 2 may search.
    const sharp = await desk({ per: 2 }, { skills: { Investigation: 20 } })
    expect(sharp.run('check/roll', { combatantId: sharp.combatantId('Vex'), check: 'skill:Investigation', dc: 30 }, [90]).ok).toBe(true)
  })

  it('001 PER 1 "-20 malus to Speech skill rolls": Persuasion d100 50 + CHA 5 (0) − 20 = 30 beats DC 29; the breakdown and the odds carry it', async () => {
    const h = await desk({ per: 1 })
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'skill:Persuasion', dc: 29 }, [50])
    expect(lastEntry(h).text).toBe('Vex: Persuasion (CHA) 30 vs DC 29: success (CX1)')
    const detail = JSON.stringify(lastEntry(h).detail)
    expect(detail).toContain('PER 1 (Speech)')
    expect(detail).toMatch(/"value":"[−-]20"/)
    // P(d100 − 20 > 29) = P(d100 ≥ 50) = 0.51, in the ruleset's chance and the actions flow's odds alike.
    expect(chance(h, 'skill:Persuasion', 29)).toBeCloseTo(0.51, 10)
    const odds = previewActionOdds(h.campaign.store, h.ruleset, {
      actorId: h.combatantId('Vex'),
      action: CHECK_ACTION,
      targetId: null,
      options: { check: 'skill:Persuasion', dc: 29 },
    })
    expect(odds.ok && odds.value.outcomes[0]!.probability).toBeCloseTo(0.51, 10)
    // Deception is no Speech for PER 1: no malus.
    expect(chance(h, 'skill:Deception', 29)).toBeCloseTo(0.71, 10)
  })
})

describe('001 Primary Stat Details: CHA 1 (SR-CX-170, SR-CX-175)', () => {
  it('001 CHA 1 "-24 when using Speech, Deceive, and etc.": Deception d100 70 − 16 (CHA 1) − 24 = 30; Intimidation too; Insight not', async () => {
    const h = await desk({ cha: 1 })
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'skill:Deception', dc: 30 }, [70])
    expect(lastEntry(h).text).toBe('Vex: Deception (CHA) 30 vs DC 30: failure (CX1)')
    expect(JSON.stringify(lastEntry(h).detail)).toContain('CHA 1 (speech impediment)')
    // Intimidation rides on FORT 6 (+4): P(d100 + 4 − 24 > 30) = P(d100 ≥ 51) = 0.5.
    expect(chance(h, 'skill:Intimidation', 30)).toBeCloseTo(0.5, 10)
    // Insight (CHA, −16) takes no speech malus: P(d100 − 16 > 30) = 0.54.
    expect(chance(h, 'skill:Insight', 30)).toBeCloseTo(0.54, 10)
  })

  it('SR-CX-170: PER 1 and CHA 1 stack on Persuasion (−20 − 24)', async () => {
    const h = await desk({ per: 1, cha: 1 })
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'skill:Persuasion', dc: 10 }, [80])
    // 80 − 16 − 20 − 24 = 20.
    expect(lastEntry(h).text).toBe('Vex: Persuasion (CHA) 20 vs DC 10: success (CX1)')
  })

  it('001 CHA 1 "vocal communication to anything costs 1 Action" (SR-CX-175): Speak spends an action; others are not offered it', async () => {
    const h = await brawl({ vex: { stats: troopStats({ cha: 1 }) } })
    const offered = cx.actions!.list(asRulesCombatant(combatant(h, 'Vex'))).find((a) => a.key === 'speak')
    expect(offered).toMatchObject({ cost: '1 action', unavailable: null })
    const r = act(h, 'Vex', 'speak')
    expect(r.ok).toBe(true)
    expect(spent(h, 'Vex', 'actions')).toBe(1)
    expect(lastLog(h, 'speaks')).toMatch(/^Vex speaks: 1 action \(CHA 1 speech impediment, 001 Primary Stat Details, SR-CX-175\)/)
    expect(cx.actions!.list(asRulesCombatant(combatant(h, 'Raider'))).some((a) => a.key === 'speak')).toBe(false)
  })
})

describe('001 Primary Stat Details: INT 1 (SR-CX-171)', () => {
  it('001 INT 1 "cannot attempt to use any skill that you do not have Proficiency in": under 10 ranks refused, 10 ranks and stat checks open', async () => {
    const h = await desk({ int: 1 }, { skills: { Medicine: 9, Repair: 10 } })
    for (const check of ['skill:Medicine', 'skill:Hacking']) {
      const r = h.run('check/roll', { combatantId: h.combatantId('Vex'), check, dc: 30 }, [90])
      expect(!r.ok && r.error.code).toBe('check/statFlaw')
      expect(!r.ok && r.error.message).toMatch(/^INT 1: cannot use (Medicine|Hacking) without Proficiency \((9|0) ranks; Proficiency is 10/)
    }
    const odds = cx.checks!.chance({ check: 'skill:Medicine', dc: 30, mode: 'normal', bonus: 0 }, asRulesCombatant(combatant(h, 'Vex')))
    expect(odds.ok).toBe(false)
    // Repair 10: d100 60 − 16 (INT 1) + 10 = 54.
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'skill:Repair', dc: 30 }, [60])
    expect(lastEntry(h).text).toBe('Vex: Repair (INT) 54 vs DC 30: success (CX1)')
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'stat:int', dc: 30 }, [60])
    expect(lastEntry(h).text).toBe('Vex: INT check 44 vs DC 30: success (CX1)')
  })
})

describe('001 Primary Stat Details: FORT 1 (SR-CX-174)', () => {
  const punch = (h: CampaignHarness) => request(h, 'Vex', 'Raider', 1, 'strike')

  it('001 FORT 1 "unarmed damage is halved … half of the damage on yourself": 28 → 14 on Raider, 7 back on Vex, logged and undone together', async () => {
    const h = await brawl({ vex: { stats: troopStats({ fort: 1 }) } })
    const vexBefore = combatant(h, 'Vex').hp
    // The odds say so before the roll.
    const before = JSON.stringify(preview(h, punch(h)).explanation)
    expect(before).toContain('FORT 1: half the health dealt comes back on the striker')
    // Accuracy d10 6 + 1 = 7 vs Guard d10 5 − 1 = 4: 3 over, past the armour; 20 + 4 + 4 = 28, halved 14.
    const r = attack(h, punch(h), [6, 5])
    expect(r.ok).toBe(true)
    expect(combatant(h, 'Raider').hp).toBe(86)
    expect(combatant(h, 'Vex').hp).toBe(vexBefore - 7)
    const line = lastLog(h, 'Vex strikes')
    expect(line).toMatch(/hit, 14 damage to health/)
    expect(line).toMatch(/FORT 1: Vex takes 7 of it \(001 Primary Stat Details, SR-CX-174\)/)
    expect(JSON.stringify(h.campaign.store.ofType('log').find((l) => l.text.startsWith('Vex strikes'))!.detail)).toContain(
      'FORT 1: unarmed damage halved',
    )
    h.must('history/undo', {})
    expect(combatant(h, 'Raider').hp).toBe(100)
    expect(combatant(h, 'Vex').hp).toBe(vexBefore)
  })

  it('001 FORT 1 "can\'t inflict lethal unarmed damage": a punch that would down Raider leaves it at 1 and knocked out', async () => {
    const h = await brawl({ vex: { stats: troopStats({ fort: 1 }) } })
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 10 })
    expect(attack(h, punch(h), [6, 5]).ok).toBe(true)
    expect(combatant(h, 'Raider').hp).toBe(1)
    expect(sheetOf(h, 'Raider').live.dying.condition.kind).toBe('unconscious')
    // 9 health dealt: 4 back on the striker.
    expect(lastLog(h, 'Vex strikes')).toMatch(/FORT 1: Vex takes 4 of it/)
  })

  it('SR-CX-174: a FORT 2 striker punches whole and lethal, and takes nothing back', async () => {
    const h = await brawl({ vex: { stats: troopStats({ fort: 2 }) } })
    const vexBefore = combatant(h, 'Vex').hp
    expect(attack(h, punch(h), [6, 5]).ok).toBe(true)
    expect(combatant(h, 'Raider').hp).toBe(72)
    expect(combatant(h, 'Vex').hp).toBe(vexBefore)
  })
})

describe('001 Primary Stat Details: STR 1 (SR-CX-173)', () => {
  const unarmoured = (stats: Partial<CxCombatantInput['stats']>) => ({ vex: { stats: troopStats(stats), armour: bare } })

  it('001 STR 1 "max movement per 2 actions is 2m": the Move action covers 2 m in 2 actions, sprinting too, with the reason in the working', async () => {
    const h = await brawl(unarmoured({ str: 1, dex: 6 }))
    expect(act(h, 'Vex', 'move', null, { actions: '2', leavesMelee: false }).ok).toBe(true)
    expect(lastLog(h, 'Vex moves')).toMatch(/^Vex moves 2 m \(2 actions, 000 Movement\)/)
    expect(JSON.stringify(h.campaign.store.ofType('log').at(-1)!.detail)).toContain('STR 1: at most 2 m per 2 actions')
    expect(act(h, 'Vex', 'move', null, { actions: '1', sprint: true }).ok).toBe(true)
    expect(lastLog(h, 'Vex sprints')).toMatch(/^Vex sprints 1 m \(1 action/)
    // STR 2 with the same DEX moves at DEX 6's 6 m.
    const strong = await brawl(unarmoured({ str: 2, dex: 6 }))
    expect(act(strong, 'Vex', 'move', null, { actions: '2' }).ok).toBe(true)
    expect(lastLog(strong, 'Vex moves')).toMatch(/^Vex moves 6 m/)
  })

  it('SR-CX-173: with DEX 1 as well the cap does not apply (speed 1 m per 2 actions, the card says so)', async () => {
    const h = await brawl(unarmoured({ str: 1, dex: 1 }))
    expect(act(h, 'Vex', 'move', null, { actions: '2' }).ok).toBe(true)
    expect(lastLog(h, 'Vex moves')).toMatch(/^Vex moves 1 m/)
    expect(JSON.stringify(h.campaign.store.ofType('log').at(-1)!.detail)).not.toContain('STR 1')
    const capped = await brawl(unarmoured({ str: 1, dex: 6 }))
    const move = cx
      .combatantRules!.card(combatant(capped, 'Vex').rules)
      .flatMap((s) => s.lines)
      .find((l) => l.label === 'Move')
    expect(move?.value).toBe('2 m per 2 actions (STR 1: at most 2 m per 2 actions)')
  })

  it('SR-CX-173: a drag on the map prices STR 1 at 1 m an action — 3 m costs 3 actions, 5 m is refused and nothing is spent', async () => {
    const h = await brawl(unarmoured({ str: 1, dex: 6 }))
    h.must('scene/create', { name: 'Yard' })
    const sceneId = h.campaign.store.ofType('scene')[0]!.id
    h.must('token/place', { sceneId, combatantId: h.combatantId('Vex'), x: 1, y: 1 })
    h.must('token/place', { sceneId, combatantId: h.combatantId('Vex'), x: 4, y: 1 })
    expect(spent(h, 'Vex', 'actions')).toBe(3)
    expect(lastLog(h, 'Vex')).toMatch(/\(3 actions\)/)
    const far = h.run('token/place', { sceneId, combatantId: h.combatantId('Vex'), x: 4, y: 6 })
    expect(far.ok).toBe(false)
    expect(spent(h, 'Vex', 'actions')).toBe(3)
  })

  it('001 STR 1 "cannot wear armor that offers more than 50% coverage": the light rigs (55%) are flagged at the armour field; recon (40%) is not', async () => {
    const light = { rigIds: ['light-chest-rig', 'light-arm-rig', 'light-leg-rig'], materialId: 'standard-l1-kevlar' }
    const h = await desk({ str: 1 }, { armour: light })
    const gear = gearOf(combatant(h, 'Vex').rules)
    expect(gear).toContainEqual({
      field: 'armourFamily',
      item: 'Standard L1, Kevlar',
      message: 'STR 1: cannot wear armour of 55% coverage (at most 50%, 001 Primary Stat Details, SR-CX-173)',
      severity: 'cannot',
    })
    const recon = await desk({ str: 1 }, { armour: { rigIds: ['recon-chest-rig'], materialId: 'standard-l1-kevlar' } })
    expect(gearOf(combatant(recon, 'Vex').rules).some((g) => g.field === 'armourFamily' && g.message.startsWith('STR 1'))).toBe(false)
    const strong = await desk({ str: 2 }, { armour: light })
    expect(gearOf(combatant(strong, 'Vex').rules).some((g) => g.field === 'armourFamily' && g.message.startsWith('STR 1'))).toBe(false)
  })
})

describe('001 Primary Stat Details: DEX 1 (SR-CX-172)', () => {
  it('001 DEX 1 "cannot learn any skills that use Dexterity": Stealth ranks are flagged at their field, Medicine ranks are not', async () => {
    const h = await desk({ dex: 1 }, { skills: { Stealth: 10, 'Sleight of Hand - Locks': 5, Medicine: 20 } })
    const gear = gearOf(combatant(h, 'Vex').rules)
    expect(gear.filter((g) => g.field?.startsWith('skill.')).map((g) => [g.field, g.severity])).toEqual([
      ['skill.Stealth', 'cannot'],
      ['skill.Sleight of Hand - Locks', 'cannot'],
    ])
    expect(gear.find((g) => g.field === 'skill.Stealth')!.message).toBe(
      'DEX 1: cannot learn Stealth, a DEX skill (001 Primary Stat Details, SR-CX-172)',
    )
    const card = cx.combatantRules!.card(combatant(h, 'Vex').rules).find((x) => x.title === 'Stat flaws')
    expect(card?.lines.map((l) => l.label)).toEqual(['DEX 1', 'Stealth', 'Sleight of Hand - Locks'])
    const nimble = await desk({ dex: 2 }, { skills: { Stealth: 10 } })
    expect(gearOf(combatant(nimble, 'Vex').rules).some((g) => g.field === 'skill.Stealth')).toBe(false)
  })
})
