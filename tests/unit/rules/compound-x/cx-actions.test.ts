import { describe, expect, it } from 'vitest'
import type { CxCombatant } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import type { CampaignHarness } from '../../helpers/campaign-harness'
import { ammo, combatant, fight, live, trooper, SHIELD_RIGS } from './cx-harness'

const act = (
  h: CampaignHarness,
  actor: string,
  action: string,
  options: Record<string, string | number | boolean> = {},
  target: string | null = null,
  dice?: number[],
) =>
  h.run(
    'action/perform',
    { request: { actorId: h.combatantId(actor), action, targetId: target ? h.combatantId(target) : null, options } },
    dice,
  )
const lastLog = (h: CampaignHarness) => h.campaign.store.ofType('log').at(-1)!.text
const sheet = (h: CampaignHarness, name: string) => combatant(h, name).rules as unknown as CxCombatant

describe('Compound X actions through the pipeline', () => {
  it('000 Reloading: a Weapons check against the reload DC fills the magazine and uses a spare; failure doubles the time', async () => {
    const h = await fight()
    h.must(
      'attack/resolve',
      { request: { attackerId: h.combatantId('Vex'), targetId: h.combatantId('Raider'), weapon: 0, mode: 'semi', options: {} } },
      [2],
    )
    expect(ammo(h, 'Vex')).toBe(24)
    // DEX 6 → +4, no Weapons ranks: d100 20 + 4 = 24 vs the C25's DC 30 fails: 4 actions instead of 2.
    expect(act(h, 'Vex', 'reload', { weapon: '0' }, null, [20]).ok).toBe(true)
    expect(ammo(h, 'Vex')).toBe(25)
    expect(sheet(h, 'Vex').weapons[0]!.spareMagazines).toBe(2)
    expect(lastLog(h)).toMatch(/Vex reloads the Anvil Arms C25: .*4 actions/)
  })

  it('CX9: clearing a jam needs a Weapons check above 60', async () => {
    const h = await fight()
    h.must('combatant/setRules', {
      combatantId: h.combatantId('Vex'),
      rules: trooper({
        weapons: [{ kind: 'ranged', itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 10, spareMagazines: 1, jammed: true }],
      }),
    })
    act(h, 'Vex', 'clear-jam', { weapon: '0' }, null, [60]) // 60 + INT 5 bonus 0 = 60: a tie fails
    expect(sheet(h, 'Vex').weapons[0]!.jammed).toBe(true)
    act(h, 'Vex', 'clear-jam', { weapon: '0' }, null, [61])
    expect(sheet(h, 'Vex').weapons[0]!.jammed).toBe(false)
    const again = act(h, 'Vex', 'clear-jam', { weapon: '0' })
    expect(!again.ok && again.error.message).toMatch(/Nothing is jammed/)
  })

  it('CX29: stabilising a downed combatant (kit +20) brings it back at 1 health, no longer downed', async () => {
    const h = await fight()
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 30 })
    h.must(
      'attack/resolve',
      { request: { attackerId: h.combatantId('Vex'), targetId: h.combatantId('Raider'), weapon: 0, mode: 'semi', options: {} } },
      [9, 70],
    )
    expect(sheet(h, 'Raider').live.dying.condition.kind).toBe('downed')
    // DEX 6 +4, Medicine 0, kit +20: d100 57 + 24 = 81 beats 80.
    const r = act(h, 'Vex', 'stabilise', { kit: true }, 'Raider', [57])
    expect(r.ok).toBe(true)
    expect(combatant(h, 'Raider').hp).toBe(1)
    expect(sheet(h, 'Raider').live.dying.condition.kind).toBe('up')
    expect(lastLog(h)).toMatch(/81 vs DC 80, stabilised at 1 health \(CX29\)/)
    // CX29 odds before the roll: a natural 57 or more of 100 (the 91–100 criticals included).
    expect(lastLog(h)).toMatch(/the odds were 44\.0%$/)
  })

  it('CX14: paying the fast-recharge nanites restarts a broken shield', async () => {
    const h = await fight()
    const shielded = trooper({ shieldId: 'a-class-electron-shield', armour: SHIELD_RIGS })
    h.must('combatant/setRules', { combatantId: h.combatantId('Vex'), rules: shielded })
    const withBroken = { ...(combatant(h, 'Vex').rules as object), live: { ...live(h, 'Vex'), shieldStrength: 0, shieldDownTurns: 1 } }
    h.must('combatant/setRules', { combatantId: h.combatantId('Vex'), rules: withBroken })
    expect(act(h, 'Vex', 'fast-recharge').ok).toBe(true)
    expect(live(h, 'Vex')).toMatchObject({ shieldStrength: 50, shieldDownTurns: null, nanites: 60 - 14 })
  })

  it('refuses what cannot be done, and undo walks an action back', async () => {
    const h = await fight()
    const r = act(h, 'Vex', 'fast-recharge')
    expect(!r.ok && r.error.message).toMatch(/No shield/)
    act(h, 'Vex', 'position', { stance: 'prone', cover: 'partial' })
    expect(live(h, 'Vex')).toMatchObject({ stance: 'prone', cover: 'partial' })
    h.must('history/undo', {})
    expect(live(h, 'Vex')).toMatchObject({ stance: 'standing', cover: 'none' })
  })
})
