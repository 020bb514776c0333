import { describe, expect, it } from 'vitest'
import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import type { Result } from '../../../../src-shared/result'
import { RulesRequests } from '../../../../src-main/core/app/rules-requests'
import { cx, trooper } from './cx-harness'
import { brawl } from './cx-brawl'
import { combatant, ranged, sheet } from './cx-rules'

/* The odds of the Compound X acts before they are rolled: maneuvers (CX18) and suppression (CX24–CX26). */

const odds = (r: Result<ActionOdds> | null | undefined): ActionOdds => {
  if (!r) throw new Error('no odds for this act')
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const total = (o: { readonly outcomes: readonly { readonly probability: number }[] }) => o.outcomes.reduce((t, b) => t + b.probability, 0)

describe('Compound X acts: odds before rolling', () => {
  it('CX1, CX18 through the core: Vex’s trip, d100 + 4 against d100 + 0, the defender winning ties', async () => {
    const h = await brawl()
    const requests = new RulesRequests(h.campaign.store, cx)
    const trip: ActionRequest = { actorId: h.combatantId('Vex'), action: 'trip', targetId: h.combatantId('Raider'), options: {} }
    const o = odds(requests.previewAction(trip))
    // Vex wins iff A + 4 > B, i.e. A − B ≥ −3. A − B ≤ −4 in 1 + 2 + … + 96 = 4656 of 10 000 throws.
    expect(o.outcomes[0]).toEqual({ label: 'Vex wins: trip (the target falls prone)', probability: expect.closeTo(1 - 4656 / 10_000, 12) })
    expect(o.outcomes[1]!.label).toBe('Raider wins')
    expect(total(o)).toBeCloseTo(1, 12)
  })

  it('SR-CX-110 / CX18: a maneuver that cannot be made says why instead of odds', async () => {
    const h = await brawl()
    const requests = new RulesRequests(h.campaign.store, cx)
    const pin = requests.previewAction({ actorId: h.combatantId('Vex'), action: 'pin', targetId: h.combatantId('Raider'), options: {} })
    expect(pin.ok && pin.value.blocked).toMatch(/grapple/i)
    expect(pin.ok && pin.value.outcomes).toEqual([])
  })

  it('CX24–CX26: medium suppression rolls nothing; the target is suppressed and breaking cover draws an automatic hit', () => {
    const raider = combatant('Raider', sheet({ weapons: [ranged('anvil-arms-c25', 25)] }))
    const target = combatant('Vex', sheet())
    const request = { actorId: raider.id, action: 'suppress', targetId: target.id, options: { weapon: '0', level: 'medium', distance: 20 } }
    const o = odds(cx.actions!.odds!(request, raider, target))
    expect(o.outcomes).toEqual([{ label: 'Vex suppressed', probability: 1 }])
    expect(o.each).toEqual([{ name: 'Vex: suppressed; if it breaks cover', outcomes: [{ label: 'hit (automatic)', probability: 1 }] }])
  })

  it('CX26: under light suppression breaking cover draws one aimed shot, priced as the reaction prompt prices it', () => {
    const raider = combatant('Raider', sheet({ weapons: [ranged('anvil-arms-c25', 25)] }))
    const target = combatant('Vex', sheet())
    const request = { actorId: raider.id, action: 'suppress', targetId: target.id, options: { weapon: '0', level: 'light', distance: 20 } }
    const o = odds(cx.actions!.odds!(request, raider, target))
    const [each] = o.each
    expect(total(each!)).toBeCloseTo(1, 12)
    const hit = each!.outcomes.find((b) => b.label === 'hit')!.probability
    // The prompt's own words, in the explanation: "hit N% · expected … · down …".
    expect(o.explanation[0]!.lines[0]!.value).toContain(`hit ${(Math.round(hit * 1000) / 10).toFixed(1)}%`)
  })
})

describe('Compound X upkeep acts: odds before rolling', () => {
  it('CX9: clearing a jam is INT bonus + Weapons ranks on d100 beating 60', () => {
    // INT 7 is +8 (CX2: (stat − 5) × 4), Weapons 12: d100 + 20 > 60 on naturals 41–100, 60 of 100.
    const c = sheet({
      stats: { str: 6, per: 8, fort: 6, cha: 5, int: 7, dex: 6, luck: 5 },
      skills: { Weapons: 12 },
      weapons: [ranged('anvil-arms-c25', 25, { jammed: true })],
    })
    const vex = combatant('Vex', c, { acting: true })
    const r = odds(cx.actions!.odds!({ actorId: vex.id, action: 'clear-jam', targetId: null, options: { weapon: '0' } }, vex, null))
    expect(r.outcomes).toEqual([
      { label: 'jam cleared', probability: expect.closeTo(0.6, 12) },
      { label: 'still jammed', probability: expect.closeTo(0.4, 12) },
    ])
  })

  it('000 Reloading: the Anvil Arms C25 (DC 30, 2 actions) with DEX 6 (+4), no Weapons ranks', () => {
    // d100 + 4 > 30 on naturals 27–100 (74 of 100); 91–100 of those are a critical (halved: 1 action);
    // 27–90 a success (2 actions, 64 of 100); 1–26 a failure (doubled: 4 actions, 26 of 100).
    const vex = combatant('Vex', sheet({ weapons: [ranged('anvil-arms-c25', 10)] }), { acting: true })
    const r = odds(cx.actions!.odds!({ actorId: vex.id, action: 'reload', targetId: null, options: { weapon: '0' } }, vex, null))
    const band = (label: string) => r.outcomes.find((b) => b.label === label)?.probability
    expect(band('critical: 1 action')).toBeCloseTo(10 / 100, 12)
    expect(band('success: 2 actions')).toBeCloseTo(64 / 100, 12)
    expect(band('failure: 4 actions')).toBeCloseTo(26 / 100, 12)
    expect(total(r)).toBeCloseTo(1, 12)
  })
})

describe('Compound X one-d100 acts: odds before rolling', () => {
  it('001 Medicine Saving Throws: Medicine 25 on a 70-damage wound of a patient 70 below its maximum', () => {
    // d100 + 25 beats DC 70 from natural 46 (55 of 100); it heals 25 + the surplus = natural − 20,
    // so naturals 90–100 (11 of 100) heal all 70 and 46–89 (44 of 100) part of it; 1–45 heal nothing.
    const medic = combatant('Doc', sheet({ skills: { Medicine: 25 } }), { acting: true })
    const patient = combatant('Rook', sheet(), { hp: 40, maxHp: 110 })
    const request = { actorId: medic.id, action: 'heal-wound', targetId: patient.id, options: { wound: 70 } }
    const r = odds(cx.actions!.odds!(request, medic, patient))
    const band = (label: string) => r.outcomes.find((b) => b.label === label)?.probability
    expect(band('heals nothing')).toBeCloseTo(45 / 100, 12)
    expect(band('heals part of the wound')).toBeCloseTo(44 / 100, 12)
    expect(band('Rook back to full health')).toBeCloseTo(11 / 100, 12)
    expect(total(r)).toBeCloseTo(1, 12)
    // Expected healing: (26 + … + 69) / 100 + 11 × 70 / 100 = 20.9 + 7.7.
    expect(r.explanation[0]!.lines[0]!.value).toBe('28.6')
  })
})

describe('Compound X: every act the panel lists, through the core', () => {
  it('answers with odds summing to 1, "no dice", a named roll or why not', async () => {
    const h = await brawl()
    const requests = new RulesRequests(h.campaign.store, cx)
    const listed = requests.listActions(h.combatantId('Vex'))
    if (!listed.ok) throw new Error(listed.error.message)
    for (const def of listed.value) {
      const options = Object.fromEntries(def.options.map((o) => [o.key, o.value]))
      const targetId = def.target === 'none' ? null : h.combatantId('Raider')
      const r = requests.previewAction({ actorId: h.combatantId('Vex'), action: def.key, targetId, options })
      if (!r.ok) throw new Error(`${def.key}: ${r.error.message}`)
      expect(r.value.outcomes.length > 0 || r.value.note !== null || r.value.blocked !== null, def.key).toBe(true)
      if (r.value.outcomes.length) expect(total(r.value), def.key).toBeCloseTo(1, 12)
    }
  })
})

describe('Compound X check acts: odds before rolling', () => {
  it('001 Casting Spells: a Mage with Sorcery 20 (INT 5, bonus 0) against 30 nanites + 10 cover', () => {
    const mage = {
      section: 'classes',
      entry: {
        id: 'mage',
        name: 'Mage',
        primaryAttribute: 'int',
        initiativeBonus: 0,
        weaponProficiencies: [],
        meleeProficiencies: [],
        armourProficiencies: [],
        skillProficiencies: [],
      },
    }
    const withMage = cx.content!.withCustom([mage])
    const parsed = withMage.combatantRules!.parse({ ...trooper({ classId: 'mage', skills: { Sorcery: 20 } }) })
    if (!parsed.ok) throw new Error(parsed.error.message)
    const vex = { ...combatant('Vex', sheet()), rules: parsed.value.data, acting: true }
    const r = odds(
      withMage.actions!.odds!({ actorId: vex.id, action: 'cast-spell', targetId: null, options: { nanites: 30, cover: 10 } }, vex, null),
    )
    // d100 + 20 beats DC 40 on naturals 21–100 (a tie fails, CX1): 80 of 100.
    expect(r.outcomes).toEqual([
      { label: 'the spell takes', probability: expect.closeTo(0.8, 12) },
      { label: 'the spell fails (the nanites are spent)', probability: expect.closeTo(0.2, 12) },
    ])
  })
})

describe('Compound X fall: odds before rolling', () => {
  it('001 Protection Types, SR-CX-101: past DEX / 2 it is the Acrobatics check against the GM’s DC; failed, 2 × the height', () => {
    const vex = combatant('Vex', sheet(), { acting: true })
    const fall = (height: number) =>
      cx.actions!.odds!({ actorId: vex.id, action: 'fall', targetId: null, options: { height, dc: 50 } }, vex, null)
    const r = odds(fall(6))
    const p = cx.checks!.chance({ check: 'skill:Acrobatics', dc: 50, mode: 'normal', bonus: 0 }, vex)
    expect(r.outcomes).toEqual([
      { label: 'lands it unharmed', probability: p.ok ? p.value : NaN },
      { label: 'lands badly: 12 fall damage', probability: p.ok ? 1 - p.value : NaN },
    ])
    // DEX 6: up to 3 m needs no check, so no dice (the core says so).
    expect(fall(3)).toBeNull()
  })
})
