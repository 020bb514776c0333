import { describe, expect, it } from 'vitest'
import type { ActionRequest } from '../../../../src-shared/attack'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { combatant as stored, cx, live, trooper, troopStats } from './cx-harness'
import { combatant, cxOf, idOf, instance, must, sheet, withRules } from './cx-rules'
import { faces } from './fixtures'

const stats = troopStats
const act = (action: string, options: ActionRequest['options'] = {}): ActionRequest => ({
  actorId: idOf('Ash'),
  action,
  targetId: null,
  options,
})
const offered = (c: RulesCombatant, key: string) => cx.actions!.list(c).find((a) => a.key === key)

describe('03_Feats Will to Survive: the reaction at or below half health (SR-CX-81, SR-CX-83)', () => {
  const ash = (cha: number, hp: number) => combatant('Ash', sheet({ stats: stats({ cha }) }), { hp, maxHp: 110 })

  it('SR-CX-83: offered at CHA 6 only at or below half health, never to CHA 5', () => {
    expect(offered(ash(6, 55), 'will-to-survive')?.unavailable).toBeNull()
    expect(offered(ash(6, 56), 'will-to-survive')?.unavailable).toMatch(/half health/)
    expect(offered(ash(5, 20), 'will-to-survive')).toBeUndefined()
  })

  it('03_Feats Will to Survive: CHA 6, d10 3 heals up to 15, d10 6 up to 20; never more than the wound named', () => {
    const heal = (face: number, wound: number) =>
      must(cx.actions!.perform(act('will-to-survive', { wound }), ash(6, 40), null, faces(face))).actorHp
    expect(heal(3, 30)).toBe(55)
    expect(heal(6, 30)).toBe(60)
    expect(heal(6, 12)).toBe(52)
    expect(must(cx.actions!.perform(act('will-to-survive', { wound: 40 }), ash(12, 40), null, faces(8))).actorHp).toBe(80)
  })

  it('SR-CX-83: once per encounter at CHA 6; twice at CHA 8, but not twice in one turn; its turn start opens the second', () => {
    const once = ash(6, 40)
    const r1 = must(cx.actions!.perform(act('will-to-survive', { wound: 10 }), once, null, faces(3)))
    expect(offered(withRules(once, r1.actorRules, { hp: 45 }), 'will-to-survive')?.unavailable).toMatch(/Used 1 of 1/)
    const twice = ash(8, 40)
    const r2 = must(cx.actions!.perform(act('will-to-survive', { wound: 10 }), twice, null, faces(3)))
    const after = withRules(twice, r2.actorRules, { hp: 45 })
    expect(offered(after, 'will-to-survive')?.unavailable).toMatch(/Once per turn/)
    const turn = cx.edges!.startOfTurn({ ...after, acting: true }, faces())!
    expect(offered(withRules(after, turn.rules), 'will-to-survive')?.unavailable).toBeNull()
    const refused = cx.actions!.perform(act('will-to-survive', { wound: 10 }), after, null, faces(3))
    expect(!refused.ok && refused.error.code).toBe('action/unavailable')
  })

  it('03_Feats Will to Survive at CHA 14 purges one damage-over-time condition', () => {
    const bleeding = { ...ash(14, 40), conditions: [instance('b1', 'bleeding')] }
    const r = must(cx.actions!.perform(act('will-to-survive', { wound: 10 }), bleeding, null, faces(3)))
    expect(r.conditions).toEqual([{ combatantId: idOf('Ash'), remove: ['bleeding'] }])
    const r13 = must(
      cx.actions!.perform(act('will-to-survive', { wound: 10 }), { ...ash(13, 40), conditions: bleeding.conditions }, null, faces(3)),
    )
    expect(r13.conditions).toBeUndefined()
  })

  it('SR-CX-83: through the desk the uses count on the sheet and a new encounter gives them back; a bad wound is refused', async () => {
    const h = await CampaignHarness.create('wts', tempDir(), undefined, cx)
    h.must('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ stats: stats({ cha: 6 }) }) })
    const id = h.combatantId('Ash')
    h.must('combatant/setHp', { combatantId: id, hp: 40 })
    const perform = (options: ActionRequest['options']) =>
      h.run('action/perform', { request: { actorId: id, action: 'will-to-survive', targetId: null, options } }, [3])
    const bad = perform({ wound: 0 })
    expect(!bad.ok && bad.error.code).toBe('action/badOption')
    expect(perform({ wound: 10 }).ok).toBe(true)
    expect(stored(h, 'Ash').hp).toBe(50)
    expect(live(h, 'Ash').willToSurvive.used).toBe(1)
    h.must('encounter/start', { name: 'Again' })
    h.must('encounter/rollInitiative', {}, [40])
    expect(live(h, 'Ash').willToSurvive).toEqual({ used: 0, sinceTurnStart: false })
  })
})

describe('03_Feats Lucky: rerolls and advantage per long rest (SR-CX-84)', () => {
  const ash = (luck: number, luckyUsed = 0) => combatant('Ash', sheet({ stats: stats({ luck }) }, { luckyUsed }))
  const lucky = (c: RulesCombatant, options: ActionRequest['options'], ...d: number[]) =>
    cx.actions!.perform(act('lucky', options), c, null, faces(...d))

  it('SR-CX-84: LUCK 6 rerolls a save once: Will d100 50 + 8 beats DC 50, the use is spent, a second is refused until a long rest', () => {
    const c = ash(6)
    const r = must(lucky(c, { check: 'save:will', dc: 50, bonus: 0 }, 50))
    expect(r.summary).toMatch(/Lucky reroll: .*58 vs DC 50: success.*this result stands \(0\/1 left/)
    const spent = withRules(c, r.actorRules)
    expect(cxOf(spent).live.luckyUsed).toBe(1)
    expect(offered(spent, 'lucky')?.unavailable).toMatch(/No Lucky uses left/)
    const rest = must(cx.actions!.perform(act('long-rest'), spent, null, faces()))
    expect(cxOf(withRules(spent, rest.actorRules)).live.luckyUsed).toBe(0)
    expect(offered(ash(5), 'lucky')).toBeUndefined()
  })

  it('SR-CX-84: LUCK 8 rolls with advantage (two d100, the better kept); LUCK 7 rerolls with one', () => {
    expect(must(lucky(ash(8), { check: 'save:will', dc: 50, bonus: 0 }, 20, 70)).rolls).toHaveLength(2)
    expect(must(lucky(ash(8), { check: 'save:will', dc: 50, bonus: 0 }, 20, 70)).summary).toMatch(/78 vs DC 50: success/)
    expect(must(lucky(ash(7), { check: 'save:will', dc: 50, bonus: 0 }, 20, 70)).rolls).toHaveLength(1)
  })

  it('SR-CX-84: from LUCK 12 a reroll may shift ±10 (±20 from 15); any other shift is refused', () => {
    expect(must(lucky(ash(12), { check: 'save:will', dc: 50, bonus: 0, shift: '10' }, 40)).summary).toMatch(/keep either roll/)
    const refused = lucky(ash(12), { check: 'save:will', dc: 50, bonus: 0, shift: '20' }, 40)
    expect(!refused.ok && refused.error.code).toBe('action/badOption')
    expect(lucky(ash(15), { check: 'save:will', dc: 50, bonus: 0, shift: '-20' }, 40).ok).toBe(true)
  })

  it('SR-CX-84: an attack spends a use for the GM to resolve it again; an unknown check is refused with nothing spent', () => {
    const r = must(lucky(ash(6), { check: 'attack', dc: 50, bonus: 0 }))
    expect(r.summary).toMatch(/resolve it again/)
    const bad = lucky(ash(6), { check: 'nonsense', dc: 50, bonus: 0 }, 40)
    expect(!bad.ok && bad.error.code).toBe('action/badOption')
  })
})
