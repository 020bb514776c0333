import { describe, expect, it } from 'vitest'
import type { CxCombatant } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import type { CampaignHarness } from '../../helpers/campaign-harness'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { brawl, spent } from './cx-brawl'
import { combatant, cx, fight, trooper } from './cx-harness'

/* `000`/`001` Movement and Sprinting (jumps, SR-CX-100) and `001` Protection Types (falls, SR-CX-101). */

const act = (h: CampaignHarness, action: string, options: Record<string, string | number | boolean>, dice?: number[]) =>
  h.run('action/perform', { request: { actorId: h.combatantId('Vex'), action, targetId: null, options } }, dice)
const lastLog = (h: CampaignHarness) => h.campaign.store.ofType('log').at(-1)!.text
const snapshot = (h: CampaignHarness) => JSON.stringify(h.campaign.store.toObject())
const sheet = (h: CampaignHarness, who = 'Vex') => combatant(h, who).rules as unknown as CxCombatant
const listed = (h: CampaignHarness, key: string, who = 'Vex') =>
  cx.actions!.list(asRulesCombatant(combatant(h, who))).find((a) => a.key === key)

describe('000 Movement and Sprinting: jumping (SR-CX-100)', () => {
  it('000 Movement and Sprinting: DEX 6 jumps 3 m across, 4 m with a 3 m run-up, STR 6 climbs 2 m; the Action panel offers it for 1 action', async () => {
    const h = await fight()
    expect(listed(h, 'jump')?.label).toBe('Jump (3 m across, 4 m with a run-up, 2 m up)')
    expect(act(h, 'jump', { direction: 'horizontal', metres: 3 }).ok).toBe(true)
    expect(lastLog(h)).toMatch(/Vex jumps 3 m across \(of 3 m/)
    expect(act(h, 'jump', { direction: 'horizontal', metres: 4, runUp: true }).ok).toBe(true)
    expect(lastLog(h)).toMatch(/jumps 4 m across with a 3 m run-up/)
    expect(act(h, 'jump', { direction: 'vertical', metres: 2 }).ok).toBe(true)
    expect(lastLog(h)).toMatch(/jumps 2 m up .*the GM moves the token \(SR-CX-100\)/)
  })

  it('000 Movement and Sprinting: a jump past the limit is refused by name and nothing changes; a run-up adds nothing upwards', async () => {
    const h = await fight()
    const before = snapshot(h)
    const far = act(h, 'jump', { direction: 'horizontal', metres: 3.5 })
    expect(far.ok ? '' : far.error.message).toMatch(/cannot jump 3.5 m across: DEX 6\/2 = 3 m/)
    const high = act(h, 'jump', { direction: 'vertical', metres: 3, runUp: true })
    expect(high.ok ? '' : high.error.code).toBe('action/jumpTooFar')
    const odd = act(h, 'jump', { direction: 'sideways', metres: 1 })
    expect(odd.ok ? '' : odd.error.code).toBe('action/badOption')
    const none = act(h, 'jump', { direction: 'horizontal', metres: -1 })
    expect(none.ok ? '' : none.error.code).toBe('action/badOption')
    expect(snapshot(h)).toBe(before)
  })

  it('SR-CX-100: the limits are exact: DEX 5 jumps 2.5 m across, STR 5 climbs 1.67 m', async () => {
    const h = await fight()
    expect(listed(h, 'jump', 'Raider')?.label).toBe('Jump (2.5 m across, 3.5 m with a run-up, 1.67 m up)')
    const jump = (options: Record<string, string | number | boolean>) =>
      h.run('action/perform', { request: { actorId: h.combatantId('Raider'), action: 'jump', targetId: null, options } })
    expect(jump({ direction: 'horizontal', metres: 2.5 }).ok).toBe(true)
    expect(jump({ direction: 'horizontal', metres: 2.6 }).ok).toBe(false)
    expect(jump({ direction: 'vertical', metres: 5 / 3 }).ok).toBe(true)
    expect(jump({ direction: 'vertical', metres: 1.7 }).ok).toBe(false)
  })

  it('SR-CX-100: a jump costs 1 action in the turn; a hunkered or prone combatant gets up first', async () => {
    const h = await brawl()
    expect(listed(h, 'jump')?.cost).toBe('1 action')
    expect(act(h, 'jump', { direction: 'horizontal', metres: 2 }).ok).toBe(true)
    expect(spent(h, 'Vex', 'actions')).toBe(1)
    h.must('combatant/setRules', {
      combatantId: h.combatantId('Vex'),
      rules: { ...trooper(), live: { ...sheet(h).live, stance: 'prone' } },
    })
    expect(listed(h, 'jump')?.unavailable).toMatch(/Stand up first/)
    const r = act(h, 'jump', { direction: 'horizontal', metres: 2 })
    expect(r.ok ? '' : r.error.message).toMatch(/Stand up first/)
    expect(spent(h, 'Vex', 'actions')).toBe(1)
  })
})

describe('001 Protection Types: falling (SR-CX-101)', () => {
  it('001 Protection Types: up to DEX/2 m no check is rolled and no damage taken', async () => {
    const h = await fight()
    const hp = combatant(h, 'Vex').hp
    expect(act(h, 'fall', { height: 3 }).ok).toBe(true)
    expect(lastLog(h)).toMatch(/falls 3 m and lands unharmed: up to DEX 6\/2 = 3 m needs no check/)
    expect(combatant(h, 'Vex').hp).toBe(hp)
  })

  it('001 Protection Types: higher, an Acrobatics check; a failure takes 2 × the height straight to health (SR-CX-3), a success nothing', async () => {
    const h = await fight()
    const hp = combatant(h, 'Vex').hp
    // DEX 6 → +4 Acrobatics: d100 40 + 4 = 44 vs DC 50 fails: 2 × 10 = 20 fall damage, past the armour.
    expect(act(h, 'fall', { height: 10, dc: 50 }, [40]).ok).toBe(true)
    expect(combatant(h, 'Vex').hp).toBe(hp - 20)
    expect(lastLog(h)).toMatch(/Acrobatics \(DEX\) 44 vs DC 50: failure.*2 × 10 = 20 fall damage; a fall: straight to health \(SR-CX-3\)/)
    expect(sheet(h).live.armourPoints).toBeGreaterThan(0)
    expect(act(h, 'fall', { height: 10, dc: 50 }, [47]).ok).toBe(true)
    expect(combatant(h, 'Vex').hp).toBe(hp - 20)
    expect(lastLog(h)).toMatch(/lands it: Vex: Acrobatics \(DEX\) 51 vs DC 50: success/)
  })

  it('001 Protection Types: a fouled landing calls for the check from any height; bad heights are refused with nothing changed', async () => {
    const h = await fight()
    const hp = combatant(h, 'Vex').hp
    expect(act(h, 'fall', { height: 2, fouled: true, dc: 60 }, [10]).ok).toBe(true)
    expect(combatant(h, 'Vex').hp).toBe(hp - 4)
    expect(lastLog(h)).toMatch(/falls 2 m \(a fouled landing\) and lands badly/)
    const before = snapshot(h)
    for (const height of [-1, 501, 2.5]) {
      const r = act(h, 'fall', { height })
      expect(r.ok ? '' : r.error.code).toBe('action/badOption')
    }
    expect(snapshot(h)).toBe(before)
  })

  it('SR-CX-101: a fall is free, even out of turn, and a long one downs through the same rules as typed damage', async () => {
    const h = await brawl()
    expect(listed(h, 'fall')?.cost).toBe('free')
    const hp = combatant(h, 'Raider').hp
    // Raider falls in Vex's turn: nothing is spent, no reaction either.
    const r = h.run(
      'action/perform',
      { request: { actorId: h.combatantId('Raider'), action: 'fall', targetId: null, options: { height: 200 } } },
      [1, 1],
    )
    expect(r.ok).toBe(true)
    expect(spent(h, 'Raider', 'reactions')).toBe(0)
    // 400 damage: a Shock save (d100 1) as for any hit over 70 (CX15), and downed below 1 health (CX27).
    expect(combatant(h, 'Raider').hp).toBeLessThan(1)
    expect(sheet(h, 'Raider').live.dying.condition.kind).toBe('downed')
    expect(lastLog(h)).toMatch(/400 fall damage; a fall: straight to health \(SR-CX-3\); Shock save d100 1/)
    expect(hp).toBeGreaterThan(0)
  })
})
