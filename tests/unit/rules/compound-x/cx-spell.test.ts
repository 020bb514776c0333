import { describe, expect, it } from 'vitest'
import type { ActionRequest } from '../../../../src-shared/attack'
import type { JsonValue } from '../../../../src-shared/json'
import type { CxCombatant, CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'
import { cx, trooper } from './cx-harness'
import { combatant, idOf, must } from './cx-rules'
import { faces } from './fixtures'

/*
 * `001` Casting Spells and Actions ("Cast a Spell: 1 Action"): Paladins, Mages and Sorcerers
 * cast; DC = nanites spent + the target's cover bonus; Mages and Sorcerers add Sorcery, Paladins
 * Knowledge [Nanites] (SR-CX-94, SR-CX-95). The shipped pack has no caster class (the reference
 * lists none), so the campaign adds them as its own classes.
 */

const casterClass = (id: string, name: string): { section: string; entry: JsonValue } => ({
  section: 'classes',
  entry: {
    id,
    name,
    primaryAttribute: 'int',
    initiativeBonus: 0,
    weaponProficiencies: ['Pistols'],
    meleeProficiencies: ['light'],
    armourProficiencies: ['Light'],
    skillProficiencies: [],
  },
})
const withCasters = cx.content!.withCustom([casterClass('mage', 'Mage'), casterClass('paladin', 'Paladin')])

const sheetOf = (over: Partial<CxCombatantInput>) => must(withCasters.combatantRules!.parse(trooper(over))).data as unknown as CxCombatant
const cast = (options: ActionRequest['options']): ActionRequest => ({ actorId: idOf('Vex'), action: 'cast-spell', targetId: null, options })
const cxOf = (rules: JsonValue | null) => rules as unknown as CxCombatant

describe('001 Casting Spells', () => {
  it('001 Casting Spells: a Mage rolls Sorcery against nanites spent + cover; 1 action; the nanites are spent (SR-CX-95)', () => {
    // INT 5 (bonus 0), Sorcery 20; primary INT 5: 50 nanites.
    const mage = combatant(
      'Vex',
      sheetOf({ classId: 'mage', stats: { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 6, luck: 5 }, skills: { Sorcery: 20 } }),
    )
    expect(cxOf(mage.rules).live.nanites).toBe(50)
    const offer = withCasters.actions!.list(mage).find((a) => a.key === 'cast-spell')
    expect(offer).toMatchObject({ cost: '1 action', unavailable: null })
    // DC 30 + 10 cover = 40: 21 + 20 = 41 beats it.
    const won = must(withCasters.actions!.perform(cast({ nanites: 30, cover: 10 }), mage, null, faces(21)))
    expect(won.cost).toEqual([{ pool: 'actions', amount: 1 }])
    expect(won.summary).toMatch(/casts a spell with 30 nanites \(→ 20\): DC 30 \+ cover 10 = 40; .*41 vs DC 40: success.*the spell takes/)
    expect(cxOf(won.actorRules).live.nanites).toBe(20)
    // 20 + 20 = 40: a tie fails (CX1); the nanites are gone all the same.
    const lost = must(withCasters.actions!.perform(cast({ nanites: 30, cover: 10 }), mage, null, faces(20)))
    expect(lost.summary).toMatch(/40 vs DC 40: failure \(CX1\) → the spell fails/)
    expect(cxOf(lost.actorRules).live.nanites).toBe(20)
  })

  it('001 Casting Spells: a Paladin rolls Knowledge - Nanites instead', () => {
    const paladin = combatant('Vex', sheetOf({ classId: 'paladin', skills: { 'Knowledge - Nanites': 15, Sorcery: 40 } }))
    const r = must(withCasters.actions!.perform(cast({ nanites: 10 }), paladin, null, faces(1)))
    // INT 5: 1 + 0 + 15 = 16 vs DC 10 + 0.
    expect(r.summary).toMatch(/Knowledge - Nanites \(INT\) 16 vs DC 10: success/)
  })

  it('001 Casting Spells: not a caster class, more nanites than it has, or a bad number is refused by name and changes nothing', () => {
    const soldier = combatant('Vex', sheetOf({ classId: 'soldier' }))
    expect(withCasters.actions!.list(soldier).some((a) => a.key === 'cast-spell')).toBe(false)
    const notCaster = withCasters.actions!.perform(cast({ nanites: 5 }), soldier, null, faces(99))
    expect(notCaster.ok ? '' : notCaster.error).toMatchObject({
      code: 'action/notCaster',
      message: expect.stringMatching(/only Paladins, Mages and Sorcerers/),
    })
    const mage = combatant('Vex', sheetOf({ classId: 'mage' }))
    const tooMany = withCasters.actions!.perform(cast({ nanites: 51 }), mage, null, faces(99))
    expect(tooMany.ok ? '' : tooMany.error).toMatchObject({
      code: 'action/notEnoughNanites',
      message: 'Vex has 50 nanites: it cannot spend 51 on a spell.',
    })
    const bads: ActionRequest['options'][] = [{ nanites: 0 }, { nanites: 2.5 }, {}, { nanites: 5, cover: -1 }]
    for (const options of bads) {
      const bad = withCasters.actions!.perform(cast(options), mage, null, faces(99))
      expect(bad.ok ? '' : bad.error.code).toBe('action/badOption')
    }
  })

  it('000 Actions, Cast a Spell, 1 Action: at the desk the cast spends 1 of the turn’s 4 actions and is logged', async () => {
    const h = await CampaignHarness.create('cx-seed', tempDir(), undefined, withCasters)
    h.must('combatant/add', {
      name: 'Vex',
      side: 'party',
      kind: 'pc',
      maxHp: 1,
      rules: trooper({ classId: 'mage', skills: { Sorcery: 20 } }),
    })
    h.must('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    h.must('encounter/start', { name: 'Duel' })
    h.must('encounter/rollInitiative', {})
    const vex = h.combatantId('Vex')
    if (h.campaign.store.ofType('encounter')[0]!.currentCombatantId !== vex) h.must('encounter/nextTurn', {})
    h.must('action/perform', { request: { actorId: vex, action: 'cast-spell', targetId: null, options: { nanites: 12, cover: 0 } } }, [50])
    const me = h.campaign.store.ofType('combatant').find((c) => c.id === vex)!
    expect(me.spent['actions']).toBe(1)
    expect(cxOf(me.rules).live.nanites).toBe(38)
    expect(h.campaign.store.ofType('log').at(-1)!.text).toMatch(/Vex casts a spell with 12 nanites .*70 vs DC 12: success/)
  })
})
