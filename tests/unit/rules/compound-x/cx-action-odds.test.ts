import { describe, expect, it } from 'vitest'
import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import type { Result } from '../../../../src-shared/result'
import { RulesRequests } from '../../../../src-main/core/app/rules-requests'
import { cx } from './cx-harness'
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
