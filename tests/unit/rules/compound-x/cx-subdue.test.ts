import { describe, expect, it } from 'vitest'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { cxStanding } from '../../../../src-main/rules/compound-x/cx-standing'
import { act, brawl, conditionOf, logOf, sheetOf, spent, type H } from './cx-brawl'
import { combatant, cx } from './cx-harness'

/**
 * `000` Grappling's end of a hold through the Action panel: Vex (+4 on STR-Athletics) holds
 * Raider (+0; Shock save 2·(5 + 5 − 6) = +8) Pinned. Order Vex, Raider, Brute: three turns bring
 * Vex's next one, and in a grapple each has one Action a round.
 */
const WIN = [50, 40] // 54 vs 40
const LOSS = [50, 54] // 54 vs 54: ties go to the defender (CX18)

const must = (r: ReturnType<typeof act>) => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}
const nextRound = (h: H) => {
  for (let i = 0; i < 3; i++) h.must('encounter/nextTurn', {})
}
/** Vex grapples and pins Raider in its turn, and its next turn comes. */
async function pinned(): Promise<H> {
  const h = await brawl()
  must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN))
  must(act(h, 'Vex', 'pin', 'Raider', {}, WIN))
  nextRound(h)
  return h
}
const standing = (h: H, name: string) => cxStanding(asRulesCombatant(combatant(h, name))).state
const hp = (h: H, name: string) => combatant(h, name).hp
const stillHeld = (h: H) => {
  expect(conditionOf(h, 'Raider', 'pinned')?.sourceId).toBe(h.combatantId('Vex'))
  expect(conditionOf(h, 'Vex', 'grappled')?.sourceId).toBe(h.combatantId('Raider'))
}

describe('000 Grappling: Knockout and Kill on a Pinned target (SR-CX-61, SR-CX-62)', () => {
  it('000 Grappling: a Knockout takes two won checks in a row; the second leaves 1 health and unconscious, still grappled', async () => {
    const h = await pinned()
    const before = hp(h, 'Raider')
    must(act(h, 'Vex', 'knockout', 'Raider', {}, WIN))
    expect(logOf(h, 'Vex tries')).toMatch(/Knockout: 1 of 2 won checks in a row \(000 Grappling, SR-CX-61\)/)
    expect(conditionOf(h, 'Raider', 'knockout-hold')?.sourceId).toBe(h.combatantId('Vex'))
    expect([hp(h, 'Raider'), standing(h, 'Raider')]).toEqual([before, 'up'])
    nextRound(h)
    must(act(h, 'Vex', 'knockout', 'Raider', {}, WIN))
    expect(hp(h, 'Raider')).toBe(1)
    expect(sheetOf(h, 'Raider').live.dying.condition.kind).toBe('unconscious')
    expect(standing(h, 'Raider')).toBe('out')
    expect(conditionOf(h, 'Raider', 'knockout-hold')).toBeUndefined()
    expect(logOf(h, 'Vex tries')).toMatch(/unconscious at 1 health \(000 Grappling\); still grappled: letting go takes an Action/)
    stillHeld(h)
  })

  it('SR-CX-61: a lost check ends the run; so does trying the other one; the next win starts again at 1 of 2', async () => {
    const h = await pinned()
    must(act(h, 'Vex', 'knockout', 'Raider', {}, WIN))
    nextRound(h)
    must(act(h, 'Vex', 'knockout', 'Raider', {}, LOSS))
    expect(conditionOf(h, 'Raider', 'knockout-hold')).toBeUndefined()
    expect(logOf(h, 'Vex tries')).toMatch(/the Knockout must start over \(SR-CX-61\)/)
    nextRound(h)
    must(act(h, 'Vex', 'knockout', 'Raider', {}, WIN))
    expect(logOf(h, 'Vex tries')).toMatch(/Knockout: 1 of 2/)
    nextRound(h)
    // A Kill after one won Knockout is a fresh run: the Knockout's hold ends, the Kill's begins.
    must(act(h, 'Vex', 'kill', 'Raider', {}, [50, 10]))
    expect(conditionOf(h, 'Raider', 'knockout-hold')).toBeUndefined()
    expect(conditionOf(h, 'Raider', 'kill-hold')?.sourceId).toBe(h.combatantId('Vex'))
    expect(standing(h, 'Raider')).toBe('up')
  })

  it('SR-CX-61: the run ends with the pin — a pinned target that wins its disengage drops the hold', async () => {
    const h = await pinned()
    must(act(h, 'Vex', 'knockout', 'Raider', {}, WIN))
    h.must('encounter/nextTurn', {})
    must(act(h, 'Raider', 'disengage', 'Vex', {}, [90, 10]))
    expect(conditionOf(h, 'Raider', 'pinned')).toBeUndefined()
    expect(conditionOf(h, 'Raider', 'knockout-hold')).toBeUndefined()
  })

  it('000 Grappling: the target adds its Shock modifier defending against a Kill (54 vs 47 + 8 = 55: the defender wins)', async () => {
    const h = await pinned()
    must(act(h, 'Vex', 'kill', 'Raider', {}, [50, 47]))
    expect(logOf(h, 'Vex tries')).toMatch(/STR-Athletics 54 vs STR-Athletics 55, Raider wins/)
    const detail = h.campaign.store.ofType('log').find((l) => l.text.startsWith('Vex tries to kill'))!.detail!
    expect(detail[1]!.lines.map((l) => `${l.label} ${l.value}`)).toContain('Shock save (defending against a Kill) +8')
    // The same dice on a Knockout: no Shock modifier, 54 vs 47, Vex wins.
    nextRound(h)
    must(act(h, 'Vex', 'knockout', 'Raider', {}, [50, 47]))
    expect(logOf(h, 'Vex tries')).toMatch(/STR-Athletics 54 vs STR-Athletics 47, wins/)
  })

  it('SR-CX-62: the second won Kill leaves 1 health and unconscious, then a death saving throw: 80 passes, 30 kills', async () => {
    for (const [dst, kind] of [
      [80, 'unconscious'],
      [30, 'dead'],
    ] as const) {
      const h = await pinned()
      must(act(h, 'Vex', 'kill', 'Raider', {}, [50, 10]))
      nextRound(h)
      must(act(h, 'Vex', 'kill', 'Raider', {}, [50, 10, dst]))
      expect(hp(h, 'Raider')).toBe(1)
      expect(sheetOf(h, 'Raider').live.dying.condition.kind).toBe(kind)
      expect(logOf(h, 'Vex tries')).toMatch(
        new RegExp(`death saving throw d100 ${dst} vs DC 50: ${dst > 50 ? 'pass, alive' : 'fail, dead'} \\(CX27, SR-CX-62\\)`),
      )
      stillHeld(h)
    }
  })

  it('000 Grappling: Knockout, Kill and Restrain need a target the actor holds Pinned', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN))
    const r = act(h, 'Vex', 'knockout', 'Raider', {}, WIN)
    expect(r.ok ? '' : r.error.message).toMatch(/Only a target the actor holds Pinned can be restrained, knocked out or killed/)
    expect(spent(h, 'Vex', 'actions')).toBe(1)
    const list = cx.actions!.list(asRulesCombatant(combatant(h, 'Raider')))
    expect(list.find((a) => a.key === 'kill')?.unavailable).toMatch(/Grappled without control/)
  })
})

describe('000 Grappling: Restrain a Pinned target with a tool (SR-CX-60)', () => {
  it('SR-CX-60: without a declared tool the Restrain is refused by name, nothing spent', async () => {
    const h = await pinned()
    const r = act(h, 'Vex', 'restrain', 'Raider', {}, WIN)
    expect(r.ok ? '' : r.error.code).toBe('maneuver/noTool')
    const bad = act(h, 'Vex', 'restrain', 'Raider', { tool: 'rope' }, WIN)
    expect(bad.ok ? '' : bad.error.code).toBe('maneuver/badTool')
    expect(spent(h, 'Vex', 'actions')).toBe(0)
    expect(conditionOf(h, 'Raider', 'restrained')).toBeUndefined()
  })

  it('SR-CX-60: a won Restrain with zip cuffs leaves the target helpless (Restrained), still grappled; bound, it cannot even disengage', async () => {
    const h = await pinned()
    must(act(h, 'Vex', 'restrain', 'Raider', { tool: 'zip-cuffs' }, WIN))
    expect(conditionOf(h, 'Raider', 'restrained')?.sourceId).toBe(h.combatantId('Vex'))
    expect(logOf(h, 'Vex tries')).toMatch(/bound with Zip-Cuffs: STR DC 70 or INT DC 80 breaks them/)
    stillHeld(h)
    h.must('encounter/nextTurn', {})
    const r = act(h, 'Raider', 'disengage', 'Vex', {}, [90, 10])
    expect(r.ok ? '' : r.error.code).toBe('maneuver/restrained')
  })

  it('SR-CX-60: a lost Restrain binds nobody', async () => {
    const h = await pinned()
    must(act(h, 'Vex', 'restrain', 'Raider', { tool: 'hd-zip-cuffs' }, LOSS))
    expect(conditionOf(h, 'Raider', 'restrained')).toBeUndefined()
  })
})

describe('000 Grappling: after the hold, "still grappled and must spend an Action to disengage"', () => {
  it('000 Grappling: after a Knockout the holder lets go with an Action, in its next round (one Action a round)', async () => {
    const h = await pinned()
    must(act(h, 'Vex', 'knockout', 'Raider', {}, WIN))
    nextRound(h)
    must(act(h, 'Vex', 'knockout', 'Raider', {}, WIN))
    const now = act(h, 'Vex', 'disengage', 'Raider')
    expect(now.ok ? '' : now.error.code).toBe('action/grappleLimit')
    nextRound(h)
    must(act(h, 'Vex', 'disengage', 'Raider'))
    expect(spent(h, 'Vex', 'actions')).toBe(1)
    expect([conditionOf(h, 'Vex', 'grappled'), conditionOf(h, 'Raider', 'pinned')]).toEqual([undefined, undefined])
  })

  it('000 Grappling: a killed target is let go of with an Action too', async () => {
    const h = await pinned()
    must(act(h, 'Vex', 'kill', 'Raider', {}, [50, 10]))
    nextRound(h)
    must(act(h, 'Vex', 'kill', 'Raider', {}, [50, 10, 30]))
    expect(standing(h, 'Raider')).toBe('dead')
    // The dead skip their turns: Brute's, then Vex's again.
    h.must('encounter/nextTurn', {})
    h.must('encounter/nextTurn', {})
    expect(h.campaign.store.ofType('encounter')[0]!.currentCombatantId).toBe(h.combatantId('Vex'))
    must(act(h, 'Vex', 'disengage', 'Raider'))
    expect(spent(h, 'Vex', 'actions')).toBe(1)
    expect(conditionOf(h, 'Vex', 'grappled')).toBeUndefined()
  })
})

describe('000 Disengage: "the active character has 3 Actions available this round" (SR-CX-63)', () => {
  it('SR-CX-63: breaking free on its own turn leaves 3 Actions, and the pool takes exactly 3 more', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN))
    h.must('encounter/nextTurn', {})
    must(act(h, 'Raider', 'disengage', 'Vex', {}, [90, 10]))
    expect(logOf(h, 'Raider tries')).toMatch(/The grapple ends \(000 Disengage\); 3 Actions left this round \(000 Disengage, SR-CX-63\)/)
    expect(spent(h, 'Raider', 'actions')).toBe(1)
    for (const at of ['Vex', 'Brute', 'Vex']) must(act(h, 'Raider', 'aim', at))
    expect(spent(h, 'Raider', 'actions')).toBe(4)
    const fifth = act(h, 'Raider', 'aim', 'Brute')
    expect(fifth.ok ? '' : fifth.error.code).toBe('economy/notEnough')
  })

  it('SR-CX-63: letting go in the turn the grapple began gives no action back: 2 left after grapple and disengage', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN))
    must(act(h, 'Vex', 'disengage', 'Raider'))
    expect(logOf(h, 'Vex lets go')).toMatch(/2 Actions left this round \(000 Disengage, SR-CX-63\)/)
    expect(spent(h, 'Vex', 'actions')).toBe(2)
  })
})
