import { describe, expect, it } from 'vitest'
import type { ActionRequest } from '../../../../src-shared/attack'
import type { CxCombatant } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { cloakLevelRow } from '../../../../src-main/rules/compound-x/turns/cloak'
import type { CampaignHarness } from '../../helpers/campaign-harness'
import { combatant, cx, fight, live, trooper, troopStats } from './cx-harness'
import { combatant as rc, cxOf, idOf, must, sheet, withRules } from './cx-rules'
import { faces } from './fixtures'

/*
 * `001` Cloaking (Cloaking Modules, Cloaking Detection, CLOAKING DURATIONS AND LEVELING BONUSES):
 * the Cloak action, the end-of-turn upkeep and count, the Charge Delay, the once-an-encounter
 * limit of levels 1–4, the search at the Detect DC, and a combat action ending it.
 */

const MK1 = 'mk1-microfoil-cloaker' // Detect 75, moving 50, bonus +0, delay 3, activation 7, upkeep 7
/**
 * A wearer the loadout rules let cloak: a Hunter (Cloaking proficiency, SR-CX-194; PER 6 keeps its
 * nanite maximum at the trooper's 60), advanced Light rigs with 3 Hard Points (SR-CX-191), and the
 * Stealth the Mk3 asks (SR-CX-192).
 */
const CLOAKER = {
  classId: 'hunter',
  stats: troopStats({ per: 6 }),
  armour: { rigIds: ['light-advanced-chest-rig', 'light-advanced-arm-rig', 'light-advanced-leg-rig'], materialId: 'standard-l1-kevlar' },
  skills: { Stealth: 25 },
}
const on = (turnsLeft: number | null, acted = false, moduleId = MK1) => ({
  on: { moduleId, turnsLeft, acted },
  chargeActions: 0,
  cloakedThisEncounter: true,
})
const act = (
  action: string,
  options: ActionRequest['options'] = {},
  targetId: ActionRequest['targetId'] = null,
  actor = 'Vex',
): ActionRequest => ({
  actorId: idOf(actor),
  action,
  targetId,
  options,
})
const cloakOffer = (c: ReturnType<typeof rc>) => cx.actions!.list(c).find((a) => a.key === 'cloak')

async function cloakedTurn(level: number) {
  const h = await fight()
  const vex = h.combatantId('Vex')
  h.must('combatant/setRules', { combatantId: vex, rules: trooper({ ...CLOAKER, cloakId: MK1, level, skills: { Stealth: 10 } }) })
  h.must('encounter/start', { name: 'Ambush' })
  h.must('encounter/rollInitiative', {})
  if (h.campaign.store.ofType('encounter')[0]!.currentCombatantId !== vex) h.must('encounter/nextTurn', {})
  const perform = (who: string, action: string, options: ActionRequest['options'] = {}, target: string | null = null, dice?: number[]) =>
    h.run(
      'action/perform',
      { request: { actorId: h.combatantId(who), action, targetId: target ? h.combatantId(target) : null, options } },
      dice,
    )
  /** Ends the current turn and plays on to Vex's next one. */
  const toVexAgain = () => {
    h.must('encounter/nextTurn', {})
    while (h.campaign.store.ofType('encounter')[0]!.currentCombatantId !== vex) h.must('encounter/nextTurn', {})
  }
  return { h, vex, perform, toVexAgain }
}

const cloakOf = (h: CampaignHarness) => live(h, 'Vex').cloak
const log = (h: CampaignHarness) => h.campaign.store.ofType('log').map((l) => l.text)

describe('001 Cloaking Modules at the desk', () => {
  it('001 Cloaking Modules: the Cloak action spends the activation nanites; the card shows the cloak and its turns left', async () => {
    const { h, perform } = await cloakedTurn(1)
    expect(live(h, 'Vex').nanites).toBe(60)
    expect(perform('Vex', 'cloak').ok).toBe(true)
    expect(live(h, 'Vex').nanites).toBe(53)
    expect(cloakOf(h)?.on).toEqual({ moduleId: MK1, turnsLeft: 3, acted: false })
    const card = cx.combatantRules!.card!(combatant(h, 'Vex').rules)
    const line = card.flatMap((s) => s.lines).find((l) => l.label === 'Mk1 Microfoil Cloaker')
    expect(line?.value).toBe('CLOAKED · 3 turns left · upkeep 7')
  })

  it('001 Cloaking Modules: the upkeep is paid at the end of a turn with actions, free while only watching; the time runs out after Cloak Turns', async () => {
    const { h, perform, toVexAgain } = await cloakedTurn(1)
    perform('Vex', 'cloak')
    expect(perform('Vex', 'flashlight').ok).toBe(true) // 1 action: the turn has actions
    toVexAgain()
    // 53 − 7 upkeep = 46, then +3 at the start of the next turn (CX22).
    expect(live(h, 'Vex').nanites).toBe(49)
    expect(cloakOf(h)?.on).toMatchObject({ turnsLeft: 2, acted: false })
    expect(log(h).some((t) => /cloak upkeep −7 nanites → 46/.test(t))).toBe(true)
    toVexAgain() // only watching: no upkeep
    expect(live(h, 'Vex').nanites).toBe(52)
    expect(log(h).some((t) => /cloak held for free: no actions this turn/.test(t))).toBe(true)
    expect(cloakOf(h)?.on?.turnsLeft).toBe(1)
    toVexAgain()
    expect(cloakOf(h)).toMatchObject({ on: null, cloakedThisEncounter: true })
    expect(log(h).some((t) => /the cloak's time runs out; 3 actions to recharge/.test(t))).toBe(true)
    // SR-CX-92, 001 levels 1–4: once per encounter, even when charged.
    const again = perform('Vex', 'cloak')
    expect(again.ok ? '' : again.error.message).toMatch(/only once per encounter/)
    expect(live(h, 'Vex').nanites).toBe(55)
  })

  it('SR-CX-90 with SR-CX-74: the actions a carried reload takes at the turn start make that turn one with actions, so the upkeep is due', async () => {
    const h = await fight()
    const vex = h.combatantId('Vex')
    const empty = [{ kind: 'ranged' as const, itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 0, spareMagazines: 3 }]
    h.must('combatant/setRules', { combatantId: vex, rules: trooper({ ...CLOAKER, cloakId: MK1, level: 5, weapons: empty }) })
    h.must('encounter/start', { name: 'Ambush' })
    h.must('encounter/rollInitiative', {})
    if (h.campaign.store.ofType('encounter')[0]!.currentCombatantId !== vex) h.must('encounter/nextTurn', {})
    const perform = (action: string, options: ActionRequest['options'] = {}, dice?: number[]) =>
      h.must('action/perform', { request: { actorId: vex, action, targetId: null, options } }, dice)
    const toVexAgain = () => {
      h.must('encounter/nextTurn', {})
      while (h.campaign.store.ofType('encounter')[0]!.currentCombatantId !== vex) h.must('encounter/nextTurn', {})
    }
    perform('cloak')
    h.must('economy/set', { combatantId: vex, pool: 'actions', spent: 3 })
    // d100 20 + 4 fails DC 30: 4 actions, 1 now and 3 owed (SR-CX-74).
    perform('reload', { weapon: '0' }, [20])
    toVexAgain() // this turn had actions: upkeep 7; the next starts by paying the reload's 3
    const before = log(h).length
    toVexAgain() // only the carried reload acted in that turn: the upkeep is still due
    expect(
      log(h)
        .slice(before)
        .some((t) => /cloak upkeep −7 nanites/.test(t)),
    ).toBe(true)
    expect(
      log(h)
        .slice(before)
        .some((t) => /cloak held for free/.test(t)),
    ).toBe(false)
  })

  it('001 Cloaking: a combat action ends the cloak; an attack from the Attack panel fizzes it out', async () => {
    const { h, perform } = await cloakedTurn(5)
    perform('Vex', 'cloak')
    h.must(
      'attack/resolve',
      { request: { attackerId: h.combatantId('Vex'), targetId: h.combatantId('Raider'), weapon: 0, mode: 'semi', options: {} } },
      [2],
    )
    expect(cloakOf(h)?.on).toBeNull()
    // SR-CX-91: the Charge Delay counts from this turn's start: the shot's action does not wait it out.
    expect(cloakOf(h)?.chargeActions).toBe(3 + 1)
    expect(log(h).some((t) => /the cloak fizzes out \(a combat action/.test(t))).toBe(true)
    const refused = perform('Vex', 'cloak')
    expect(refused.ok ? '' : refused.error.message).toMatch(/still charging: 3 more actions/)
  })

  it('001 Cloaking Detection: a search is a PER check at Detect DC + level bonus + the wearer’s Stealth; the moving Detect DC is lower', async () => {
    const { h, perform } = await cloakedTurn(5)
    perform('Vex', 'cloak')
    // Level 5: +5. Mk1 75 + 5 + Stealth 10 = 90; Raider PER 5 (bonus 0) rolls 90: a tie fails (CX1).
    expect(perform('Raider', 'search-cloaked', { moving: false }, 'Vex', [90]).ok).toBe(true)
    expect(log(h).at(-1)).toMatch(/90 vs DC 90: failure.*does not see Vex.*Detect DC 75 \+ level bonus 5 \+ Stealth 10 = 90/)
    expect(perform('Raider', 'search-cloaked', { moving: true }, 'Vex', [66]).ok).toBe(true)
    expect(log(h).at(-1)).toMatch(/66 vs DC 65: success.*spots Vex.*moving Detect DC 50/)
    const nobody = perform('Vex', 'search-cloaked', {}, 'Raider')
    expect(nobody.ok ? '' : nobody.error.code).toBe('action/notCloaked')
  })
})

describe('001 Cloaking rules through the ruleset', () => {
  it('001 CLOAKING DURATIONS AND LEVELING BONUSES: the table by level, not cumulative (SR-CX-92)', () => {
    expect([0, 1, 3, 4, 6, 7, 10, 13, 16, 18, 20].map((l) => cloakLevelRow(l).cloakTurns)).toEqual([3, 3, 3, 4, 4, 5, 6, 7, 8, 9, 10])
    expect([1, 4, 5, 9, 10, 14, 15, 19, 20].map((l) => cloakLevelRow(l).detectBonus)).toEqual([0, 0, 5, 5, 10, 10, 15, 15, 20])
    expect([1, 5, 6, 11, 16, 20].map((l) => cloakLevelRow(l).shadowAssassinTurns)).toEqual([1, 1, 2, 3, 4, 5])
    expect([0, 4, 5].map((l) => cloakLevelRow(l).oncePerEncounter)).toEqual([true, true, false])
  })

  it('SR-CX-92: an Assassin adds its Shadow Assassin turns; the Mk3 its +4 Cloak Turn Bonus', () => {
    const assassin = rc('Vex', sheet({ ...CLOAKER, classId: 'assassin', level: 6, cloakId: MK1 }))
    const cloaked = cxOf(withRules(assassin, must(cx.actions!.perform(act('cloak'), assassin, null, faces())).actorRules))
    expect(cloaked.live.cloak?.on?.turnsLeft).toBe(4 + 0 + 2)
    const mk3 = rc('Vex', sheet({ ...CLOAKER, level: 10, cloakId: 'mk3-experimental-body-cloaker' }))
    expect(cxOf(withRules(mk3, must(cx.actions!.perform(act('cloak'), mk3, null, faces())).actorRules)).live.cloak?.on?.turnsLeft).toBe(
      6 + 4,
    )
  })

  it('001 Cloaking Modules: the cloak ends when the nanites cannot pay the upkeep, then waits its Charge Delay in actions (SR-CX-91)', () => {
    const vex = rc('Vex', sheet({ ...CLOAKER, level: 5, cloakId: MK1 }, { nanites: 5, cloak: on(3, true) }), { acting: true })
    const end = cx.edges!.endOfTurn!(vex, faces())!
    expect(end.lines).toEqual(['the cloak ends: 5 nanites cannot pay the 7 upkeep; 3 actions to recharge (001 Cloaking Modules)'])
    const after = withRules(vex, end.rules!, { spent: { actions: 2 } })
    expect(cxOf(after).live.cloak).toMatchObject({ on: null, chargeActions: 3 })
    expect(cxOf(after).live.nanites).toBe(5)
    expect(
      cloakOffer({ ...after, rules: { ...(after.rules as object), live: { ...cxOf(after).live, nanites: 20 } } as never })?.unavailable,
    ).toMatch(/still charging: 1 more action/)
    // A whole own turn passes (its 4 actions, spent or forgone): charged.
    const charged = withRules(after, cx.edges!.endOfTurn!(after, faces())!.rules, { spent: {} })
    expect(cxOf(charged).live.cloak?.chargeActions).toBe(0)
  })

  it('001 Cloaking Modules: not enough nanites to activate, or already cloaked, is refused by name and changes nothing', () => {
    const poor = rc('Vex', sheet({ ...CLOAKER, cloakId: MK1 }, { nanites: 6 }))
    const r = cx.actions!.perform(act('cloak'), poor, null, faces())
    expect(r.ok ? '' : r.error.message).toMatch(/needs 7 nanites to activate; 6 left/)
    const cloaked = rc('Vex', sheet({ ...CLOAKER, cloakId: MK1 }, { cloak: on(2) }))
    expect(cloakOffer(cloaked)?.unavailable).toMatch(/Already cloaked/)
    expect(cloakOffer(rc('Vex', sheet()))).toBeUndefined()
  })

  it('001 Cloaking: the Passive Camouflage Module holds through an attack and has no turn limit', () => {
    const vex = rc('Vex', sheet({ ...CLOAKER, level: 5, cloakId: 'mk1-passive-camouflage-module' }), { acting: true })
    const cloaked = withRules(vex, must(cx.actions!.perform(act('cloak'), vex, null, faces())).actorRules)
    expect(cxOf(cloaked).live.cloak?.on?.turnsLeft).toBeNull()
    const raider = rc('Raider', sheet())
    const shot = must(
      cx.attacks!.resolve({ attackerId: cloaked.id, targetId: raider.id, weapon: 0, mode: 'semi', options: {} }, cloaked, raider, faces(2)),
    )
    const after = withRules(cloaked, shot.attackerRules)
    expect(cxOf(after).live.cloak?.on).toMatchObject({ acted: true, turnsLeft: null })
  })

  it('001 Cloaking: suppressing is a combat action and ends the cloak; the encounter’s end clears it all', () => {
    const vex = rc('Vex', sheet({ ...CLOAKER, level: 5, cloakId: MK1 }, { cloak: on(3) }), { acting: true })
    const raider = rc('Raider', sheet())
    const r = must(cx.actions!.perform(act('suppress', { weapon: '0', level: 'light', distance: 10 }, raider.id), vex, raider, faces()))
    expect(r.summary).toMatch(/the cloak fizzes out/)
    const after = cxOf(withRules(vex, r.actorRules))
    expect(after.live.cloak?.on).toBeNull()
    const ended = cx.edges!.endOfEncounter(withRules(vex, r.actorRules))!
    expect((ended.rules as unknown as CxCombatant).live.cloak).toEqual({ on: null, chargeActions: 0, cloakedThisEncounter: false })
  })
})

describe('001 Cloaking Modules: the module on the sheet', () => {
  it('Armors, Cloaking Equipment: the shipped primary modules carry the reference numbers', () => {
    const vex = rc('Vex', sheet())
    const form = cx.combatantRules!.form(vex.rules)
    const field = form.find((f) => f.key === 'cloakId')
    expect(field?.kind === 'choice' ? field.choices.map((c) => c.value) : []).toEqual([
      '',
      'mk1-microfoil-cloaker',
      'mk1-passive-camouflage-module',
      'mk2-advanced-microfoil-cloaker',
      'mk3-experimental-body-cloaker',
    ])
  })

  it('the sheet form fits a cloaking module, and the Action panel then offers the Cloak', () => {
    const vex = rc('Vex', sheet(CLOAKER))
    const values = cx.combatantRules!.fromForm({ cloakId: 'mk2-advanced-microfoil-cloaker' }, vex.rules)
    const parsed = must(cx.combatantRules!.parse(values))
    const fitted = withRules(vex, parsed.data)
    expect(cloakOffer(fitted)).toMatchObject({
      label: 'Cloak (Mk2 Advanced Microfoil Cloaker: 13 nanites)',
      cost: 'free (nanites)',
      unavailable: null,
    })
    const bad = cx.combatantRules!.parse(trooper({ cloakId: 'invisibility-cloak' }))
    expect(bad.ok ? '' : bad.error.message).toMatch(/cloakId: no cloaking module "invisibility-cloak"/)
  })
})
