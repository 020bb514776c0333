import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { CxCombatant } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import type { CampaignHarness } from '../../helpers/campaign-harness'
import { combatant, cx, fight, trooper } from './cx-harness'
import { act, brawl, conditionOf } from './cx-brawl'

/* `000` EVA Suits and Flight Helmets (SR-CX-102, SR-CX-103): no rigs, −10 on DEX skill checks, Suit Integrity. */

const suited = trooper({ armour: { rigIds: ['basic-flight-suit', 'environment-helmet'], materialId: 'standard-l1-kevlar' } })
const sheet = (h: CampaignHarness, who: string) => combatant(h, who).rules as unknown as CxCombatant
const lastLog = (h: CampaignHarness) => h.campaign.store.ofType('log').at(-1)!.text
const snapshot = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())
const card = (h: CampaignHarness, who: string) => cx.combatantRules!.card!(combatant(h, who).rules as JsonValue).flatMap((s) => s.lines)

async function inSuit() {
  const h = await fight()
  h.must('combatant/setRules', { combatantId: h.combatantId('Raider'), rules: suited })
  return h
}

describe('000 EVA Suits and Flight Helmets', () => {
  it('000 EVA Suits: a suit with an armour rig is refused by name and nothing changes; with an EVA helmet it is worn, its plate covering 30%', async () => {
    const h = await fight()
    const before = snapshot(h)
    const rigged = trooper({ armour: { rigIds: ['basic-flight-suit', 'medium-chest-rig'], materialId: 'standard-l1-kevlar' } })
    const r = h.run('combatant/setRules', { combatantId: h.combatantId('Raider'), rules: rigged })
    expect(r.ok ? '' : r.error.message).toMatch(
      /Basic Flight-Suit cannot be worn with the .*: EVA suits cannot be used with armour rigs \(000 EVA Suits\)/,
    )
    const two = trooper({ armour: { rigIds: ['basic-flight-suit', 'polymer-alloy-environment-suit'], materialId: null } })
    expect(h.run('combatant/setRules', { combatantId: h.combatantId('Raider'), rules: two }).ok).toBe(false)
    expect(snapshot(h)).toBe(before)
    h.must('combatant/setRules', { combatantId: h.combatantId('Raider'), rules: suited })
    expect(card(h, 'Raider').find((l) => l.label === 'Armour')?.value).toMatch(/30%/)
    expect(card(h, 'Raider').find((l) => l.label === 'Basic Flight-Suit')?.value).toBe('0/5 hits · −10 on DEX skill checks')
  })

  it('SR-CX-102: the sheet form offers each EVA suit in place of a rig family, and picking one wears the suit alone', async () => {
    const h = await fight()
    const field = cx.combatantRules!.form!(combatant(h, 'Vex').rules as JsonValue).find((f) => f.key === 'armourFamily')!
    expect(field.kind === 'choice' && field.choices.map((c) => c.value)).toContain('suit:kevlar-fiber-environment-suit')
    h.must('combatant/setSheet', { combatantId: h.combatantId('Vex'), values: { armourFamily: 'suit:kevlar-fiber-environment-suit' } })
    expect(sheet(h, 'Vex').armour.rigIds).toEqual(['kevlar-fiber-environment-suit'])
    const again = cx.combatantRules!.form!(combatant(h, 'Vex').rules as JsonValue).find((f) => f.key === 'armourFamily')!
    expect(again.value).toBe('suit:kevlar-fiber-environment-suit')
  })

  it('000 EVA Suits: DEX skill checks take −10 in a suit (SR-CX-102); other checks do not', async () => {
    const h = await inSuit()
    // Raider in the suit, DEX 6 (+4): Stealth d100 55 + 4 − 10 = 49 vs DC 50 fails; Vex, no suit, passes on the same face.
    h.must('check/roll', { combatantId: h.combatantId('Raider'), check: 'skill:Stealth', dc: 50, mode: 'normal', bonus: 0 }, [55])
    expect(lastLog(h)).toBe('Raider: Stealth (DEX) 49 vs DC 50: failure (CX1)')
    h.must('check/roll', { combatantId: h.combatantId('Raider'), check: 'skill:Athletics', dc: 50, mode: 'normal', bonus: 0 }, [55])
    expect(lastLog(h)).toBe('Raider: Athletics (STR) 59 vs DC 50: success (CX1)')
    h.must('check/roll', { combatantId: h.combatantId('Vex'), check: 'skill:Stealth', dc: 50, mode: 'normal', bonus: 0 }, [55])
    expect(lastLog(h)).toBe('Vex: Stealth (DEX) 59 vs DC 50: success (CX1)')
  })

  it('SR-CX-103: a hit that damages health counts against Suit Integrity; a fall or straight-to-health damage does not', async () => {
    const h = await inSuit()
    // Vex's C25 hits (d10 9) and misses the 30% plate (d100 70: half damage) → health is hurt: 1 hit.
    h.must(
      'attack/resolve',
      { request: { attackerId: h.combatantId('Vex'), targetId: h.combatantId('Raider'), weapon: 0, mode: 'semi', options: {} } },
      [9, 70],
    )
    expect(sheet(h, 'Raider').live.suitHits).toBe(1)
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 4, damageType: 'ballistic' }, [90])
    expect(sheet(h, 'Raider').live.suitHits).toBe(2)
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 4, damageType: 'fall' })
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 4, damageType: 'untyped' })
    expect(sheet(h, 'Raider').live.suitHits).toBe(2)
  })

  it('000 EVA Suits: hit more times than its Suit Integrity, the suit loses air pressure; the GM can set the count on the card', async () => {
    const h = await inSuit()
    h.must('combatant/setSheet', { combatantId: h.combatantId('Raider'), values: { 'live.suitHits': 5 } })
    expect(card(h, 'Raider').find((l) => l.label === 'Basic Flight-Suit')?.value).toBe('5/5 hits · −10 on DEX skill checks')
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 4, damageType: 'ballistic' }, [90])
    expect(lastLog(h)).toMatch(/the EVA suit is hit 6 times, past its integrity 5: it loses air pressure \(000 EVA Suits\)/)
    expect(card(h, 'Raider').find((l) => l.label === 'Basic Flight-Suit')?.value).toBe('LOSING AIR PRESSURE (6 hits, integrity 5)')
    h.must('combatant/damage', { combatantId: h.combatantId('Raider'), amount: 4, damageType: 'ballistic' }, [90])
    expect(lastLog(h)).not.toMatch(/loses air pressure/)
  })
})

describe('000 EVA Suits in a grapple (SR-CX-102: DEX-Acrobatics is a DEX skill check)', () => {
  const grappleWith = async (raiderArmour: { rigIds: string[]; materialId: string | null } | undefined) => {
    const h = await brawl(raiderArmour ? { raider: { armour: raiderArmour } } : {})
    // Vex's STR-Athletics d100 50 + 4 = 54 against Raider's DEX-Acrobatics d100 55 + 0 (− 10 in a suit).
    const r = act(h, 'Vex', 'grapple', 'Raider', { defenderSkill: 'dex-acrobatics' }, [50, 55])
    if (!r.ok) throw new Error(r.error.message)
    return conditionOf(h, 'Raider', 'grappled')?.sourceId ?? null
  }

  it('000 EVA Suits: a defender in a suit takes −10 on DEX-Acrobatics against a grapple, and 45 loses to 54 where 55 held', async () => {
    expect(await grappleWith(undefined)).toBeNull()
    expect(await grappleWith({ rigIds: ['basic-flight-suit', 'environment-helmet'], materialId: 'standard-l1-kevlar' })).not.toBeNull()
  })
})
