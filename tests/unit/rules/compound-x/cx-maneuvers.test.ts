import { describe, expect, it } from 'vitest'
import { cx } from './cx-harness'
import { act, attack, brawl, conditionOf, logOf, request, sheetOf, spent, swingAndMiss, type H } from './cx-brawl'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { combatant } from './cx-harness'

/**
 * Vex (STR 6, DEX 6: +4 on STR-Athletics and on DEX-Acrobatics, no ranks) against Raider
 * (all 5s: +0 on both, so its better pick is STR-Athletics). Dice are typed as from the table:
 * the actor's d100 first, then the defender's.
 */
const WIN = [50, 40] // 54 vs 40
const TIE = [50, 54] // 54 vs 54: the defender wins ties (CX18)

const grappleOf = (h: H, name: string) => {
  const g = conditionOf(h, name, 'grappled')
  return g ? { with: g.sourceId, control: (g.data as { control: boolean }).control } : conditionOf(h, name, 'pinned') ? 'pinned' : 'free'
}
const must = (r: ReturnType<typeof act>) => {
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

describe('CX18 maneuvers from free, through the pipeline', () => {
  const cases = [
    {
      key: 'grapple',
      won: (h: H) => {
        expect(grappleOf(h, 'Vex')).toEqual({ with: h.combatantId('Raider'), control: true })
        expect(grappleOf(h, 'Raider')).toEqual({ with: h.combatantId('Vex'), control: false })
      },
      lost: (h: H) => expect([grappleOf(h, 'Vex'), grappleOf(h, 'Raider')]).toEqual(['free', 'free']),
      note: /Both are Grappled; the attacker has control \(000 Grappling\)/,
    },
    {
      key: 'shove',
      won: (h: H) => expect(logOf(h, 'Vex tries')).toMatch(/Both move 3 m \(000 Shoving\)/),
      lost: (h: H) => expect(logOf(h, 'Vex tries')).toMatch(/The defender wins: nothing happens \(CX18\)/),
      note: /Both move 3 m/,
    },
    {
      key: 'kick',
      // Half of STR 6, and half again straight away: 4.5 m, clear of the melee.
      won: (h: H) => {
        expect(logOf(h, 'Vex tries')).toMatch(/The target moves 4\.5 m \(000 Kicking\)/)
        expect(conditionOf(h, 'Raider', 'engaged')).toBeUndefined()
      },
      lost: (h: H) => expect(conditionOf(h, 'Raider', 'engaged')).toBeDefined(),
      note: /kicked out of the melee, drawing no opportunity attack/,
    },
    {
      key: 'trip',
      won: (h: H) => expect(sheetOf(h, 'Raider').live.stance).toBe('prone'),
      lost: (h: H) => expect(sheetOf(h, 'Raider').live.stance).toBe('standing'),
      note: /The target is Prone \(000 Trip\)/,
    },
    {
      key: 'disarm',
      won: (h: H) => expect(sheetOf(h, 'Raider').weapons).toEqual([]),
      lost: (h: H) => expect(sheetOf(h, 'Raider').weapons.map((w) => w.itemId)).toEqual(['anvil-arms-c25']),
      note: /The defender drops Anvil Arms C25 \(000 Disarm\)/,
    },
  ]
  for (const c of cases) {
    it(`CX18 ${c.key}: 54 vs 40 wins, with its effect; 54 vs 54 is the defender's (ties go to the defender)`, async () => {
      const h = await brawl()
      must(act(h, 'Vex', c.key, 'Raider', {}, WIN))
      c.won(h)
      expect(logOf(h, 'Vex tries')).toMatch(new RegExp(`^Vex tries to ${c.key} Raider: STR-Athletics 54 vs STR-Athletics 40, wins — `))
      expect(logOf(h, 'Vex tries')).toMatch(c.note)
      const entry = h.campaign.store.ofType('log').find((l) => l.text.startsWith('Vex tries'))!
      expect(entry.rolls.map((r) => [r.faces[0], r.source])).toEqual([
        [50, 'typed'],
        [40, 'typed'],
      ])
      expect(spent(h, 'Vex', 'actions')).toBe(1)

      const again = await brawl()
      must(act(again, 'Vex', c.key, 'Raider', {}, TIE))
      c.lost(again)
      expect(logOf(again, 'Vex tries')).toMatch(/STR-Athletics 54 vs STR-Athletics 54, Raider wins/)
    })
  }

  it('000 Kicking: a kicked opponent leaves the melee on both sides, draws no opportunity attack, and its aim ends (thrown)', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Vex', 'Raider')
    const raider = sheetOf(h, 'Raider')
    h.must('combatant/setRules', {
      combatantId: h.combatantId('Raider'),
      rules: { ...raider, live: { ...raider.live, aim: { targetId: h.combatantId('Vex'), name: 'Vex' } } },
    })
    must(act(h, 'Vex', 'kick', 'Raider', {}, WIN))
    expect(conditionOf(h, 'Vex', 'engaged')).toBeUndefined()
    expect(conditionOf(h, 'Raider', 'engaged')).toBeUndefined()
    expect(h.campaign.store.ofType('prompt')).toEqual([])
    expect(sheetOf(h, 'Raider').live.aim).toBeNull()
    expect(logOf(h, 'Vex tries')).toMatch(/Raider's aim ends \(000 Aiming\)/)
  })

  it('CX18: every attempt, won or lost, puts both in melee (000 Melee Combat)', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'trip', 'Raider', {}, TIE))
    expect(conditionOf(h, 'Vex', 'engaged')?.sourceId).toBe(h.combatantId('Raider'))
    expect(conditionOf(h, 'Raider', 'engaged')?.sourceId).toBe(h.combatantId('Vex'))
  })

  it('CX18: the working shows each d100 with its modifiers and the chance the actor had', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'trip', 'Raider', {}, WIN))
    const detail = h.campaign.store.ofType('log').find((l) => l.text.startsWith('Vex tries'))!.detail!
    expect(detail.map((s) => [s.title, s.total])).toEqual([
      ['Vex: maneuver (STR-Athletics)', '54'],
      ['Raider: maneuver defence (STR-Athletics)', '40'],
      ['Opposed maneuver check', undefined],
    ])
    expect(detail[0]!.lines.map((l) => `${l.label} ${l.value}`)).toEqual(['d100 +50', 'STR 6 bonus +4', 'Athletics ranks 0'])
    // P(d100 + 4 > d100) = P(a − b ≥ −3) = (100·100 − (96·97)/2) / 100² = 0.5344.
    expect(detail[2]!.lines[1]).toMatchObject({ label: 'Chance Vex had', value: '53.4%' })
  })

  it('000 Disarm: a defender not proficient with the item rolls at disadvantage (a Gunslinger holding a carbine)', async () => {
    const h = await brawl({ raider: { classId: 'gunslinger' } })
    // Vex 50 + 4 = 54; Raider keeps the worse of 60 and 45: 45.
    must(act(h, 'Vex', 'disarm', 'Raider', { slot: 1 }, [50, 60, 45]))
    expect(sheetOf(h, 'Raider').weapons).toEqual([])
    expect(logOf(h, 'Vex tries')).toMatch(/54 vs STR-Athletics 45, wins/)
  })

  it('000 Disarm / SR-CX-74: a reload under way follows its gun when a slot before it is dropped, and ends with a dropped gun', async () => {
    const knife = { kind: 'melee' as const, itemId: 'gurber-g1-combat-knife', attachmentIds: [], ammo: 0, spareMagazines: 0 }
    const reloadingAt = async (slot: number) => {
      const h = await brawl()
      const rules = combatant(h, 'Raider').rules as unknown as { weapons: unknown[]; live: Record<string, unknown> }
      const withKnife = {
        ...rules,
        weapons: [knife, ...rules.weapons],
        live: { ...rules.live, drawn: 0, reloading: { slot, actionsLeft: 1 } },
      }
      h.must('combatant/setRules', { combatantId: h.combatantId('Raider'), rules: withKnife as never })
      return h
    }
    // The knife (slot 1 on the card) goes; the carbine reloading in slot 2 moves up to the first.
    const h = await reloadingAt(1)
    must(act(h, 'Vex', 'disarm', 'Raider', { slot: 1 }, [50, 40]))
    expect(sheetOf(h, 'Raider').live.reloading).toEqual({ slot: 0, actionsLeft: 1 })
    // The gun being reloaded is the one dropped: the reload ends with it.
    const g = await reloadingAt(0)
    must(act(g, 'Vex', 'disarm', 'Raider', { slot: 1 }, [50, 40]))
    expect(sheetOf(g, 'Raider').live.reloading).toBeNull()
  })

  it('000 Grappling with 01_05 Fear (SR-CX-87, SR-CX-14): an afraid combatant in a grapple may not walk out of it', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'grapple', 'Raider', {}, [50, 40]))
    h.must('condition/add', { combatantId: h.combatantId('Raider'), condition: 'fear', duration: { kind: 'indefinite' }, stacks: 1 })
    const list = cx.actions!.list(asRulesCombatant(combatant(h, 'Raider')))
    expect(list.find((a) => a.key === 'move')?.unavailable).toMatch(/In a grapple/)
    expect(list.find((a) => a.key === 'disengage')?.unavailable).toMatch(/fear|Fear|afraid/)
  })

  it('SR-CX-61: a Knockout or Kill hold ends with the fight, as the grapple does', async () => {
    const h = await brawl()
    must(act(h, 'Vex', 'grapple', 'Raider', {}, [50, 40]))
    h.must('condition/add', {
      combatantId: h.combatantId('Raider'),
      condition: 'knockout-hold',
      duration: { kind: 'indefinite' },
      stacks: 1,
      sourceId: h.combatantId('Vex'),
    })
    expect(conditionOf(h, 'Raider', 'knockout-hold')).toBeDefined()
    h.must('encounter/end', {})
    expect(conditionOf(h, 'Raider', 'knockout-hold')).toBeUndefined()
    expect(conditionOf(h, 'Raider', 'grappled')).toBeUndefined()
  })

  it('CX18: the defender may roll DEX-Acrobatics instead, and a GM override of the pick is honoured', async () => {
    const h = await brawl({ raider: { stats: { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 9, luck: 5 } } })
    // DEX 9 is +16: its better pick. 54 vs 40 + 16 = 56: Raider dodges.
    must(act(h, 'Vex', 'trip', 'Raider', {}, WIN))
    expect(logOf(h, 'Vex tries')).toMatch(/STR-Athletics 54 vs DEX-Acrobatics 56, Raider wins/)
    must(act(h, 'Vex', 'trip', 'Raider', { defenderSkill: 'str-athletics' }, WIN))
    expect(sheetOf(h, 'Raider').live.stance).toBe('prone')
  })
})

describe('CX18 maneuvers inside a grapple (000 Grappling)', () => {
  async function grappling() {
    const h = await brawl()
    must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN))
    return h
  }

  it('000 Pin: from control, a win pins the defender; the pinner keeps control', async () => {
    const h = await grappling()
    must(act(h, 'Vex', 'pin', 'Raider', {}, WIN))
    expect(grappleOf(h, 'Raider')).toBe('pinned')
    expect(conditionOf(h, 'Raider', 'pinned')?.sourceId).toBe(h.combatantId('Vex'))
    expect(grappleOf(h, 'Vex')).toEqual({ with: h.combatantId('Raider'), control: true })
  })

  it('000 Gain Control: on its own turn, the grappler without control takes it with a win', async () => {
    const h = await grappling()
    h.must('encounter/nextTurn', {})
    // Raider +0 against Vex's better +4: 90 vs 14.
    must(act(h, 'Raider', 'gain-control', 'Vex', {}, [90, 10]))
    expect(grappleOf(h, 'Raider')).toEqual({ with: h.combatantId('Vex'), control: true })
    expect(grappleOf(h, 'Vex')).toEqual({ with: h.combatantId('Raider'), control: false })
    expect(spent(h, 'Raider', 'actions')).toBe(1)
  })

  it('000 Disengage: the grappler in control lets go without a roll', async () => {
    const h = await grappling()
    must(act(h, 'Vex', 'disengage', 'Raider'))
    expect([grappleOf(h, 'Vex'), grappleOf(h, 'Raider')]).toEqual(['free', 'free'])
    // Vex grappled and let go in one turn: 2 of its 4 Actions left (SR-CX-63).
    expect(logOf(h, 'Vex lets go')).toMatch(/The grapple ends \(000 Disengage\); 2 Actions left this round \(000 Disengage, SR-CX-63\)/)
  })

  it('000 Disengage: without control both choose a skill; a win breaks free, a loss holds', async () => {
    const h = await grappling()
    h.must('encounter/nextTurn', {})
    must(act(h, 'Raider', 'disengage', 'Vex', {}, [10, 90]))
    expect(grappleOf(h, 'Raider')).toEqual({ with: h.combatantId('Vex'), control: false })
    // One action a round in a grapple (000 Grappling): the next try comes on Raider's next turn.
    for (let i = 0; i < 3; i++) h.must('encounter/nextTurn', {})
    must(act(h, 'Raider', 'disengage', 'Vex', {}, [90, 10]))
    expect([grappleOf(h, 'Vex'), grappleOf(h, 'Raider')]).toEqual(['free', 'free'])
  })

  it('000 Grappling: a pinned character who wins a disengage is back to grappled, without control', async () => {
    const h = await grappling()
    must(act(h, 'Vex', 'pin', 'Raider', {}, WIN))
    h.must('encounter/nextTurn', {})
    must(act(h, 'Raider', 'disengage', 'Vex', {}, [90, 10]))
    expect(grappleOf(h, 'Raider')).toEqual({ with: h.combatantId('Vex'), control: false })
    expect(conditionOf(h, 'Raider', 'pinned')).toBeUndefined()
  })

  it('000 Trip: tripping a grappled target ends the grapple on both sides', async () => {
    const h = await grappling()
    must(act(h, 'Vex', 'trip', 'Raider', {}, WIN))
    expect([grappleOf(h, 'Vex'), grappleOf(h, 'Raider')]).toEqual(['free', 'free'])
    expect(sheetOf(h, 'Raider').live.stance).toBe('prone')
  })

  it('000 Grappling: only each other, only Unarmed Strikes, no moving, reloading or shooting', async () => {
    const h = await grappling()
    const list = cx.actions!.list(asRulesCombatant(combatant(h, 'Vex')))
    const why = (key: string) => list.find((a) => a.key === key)!.unavailable
    expect(why('move')).toBe('In a grapple: only Unarmed Strikes and grapple maneuvers until it ends (000 Grappling).')
    expect(why('reload')).toBe('In a grapple: only Unarmed Strikes and grapple maneuvers until it ends (000 Grappling).')
    expect(why('stop-aiming')).toBe('Not aiming at anyone.')
    expect(why('pin')).toBeNull()
    const elsewhere = attack(h, request(h, 'Vex', 'Brute', 0, 'semi', { distance: 5 }), [2])
    expect(!elsewhere.ok && elsewhere.error.message).toBe(
      'Vex is in a grapple: grappled characters can only target each other (000 Grappling).',
    )
    const gun = attack(h, request(h, 'Vex', 'Raider', 0, 'semi', { distance: 1 }), [2])
    expect(!gun.ok && gun.error.message).toBe('Vex is in a grapple: only Unarmed Strikes (000 Grappling).')
    expect(attack(h, request(h, 'Vex', 'Raider', 1, 'strike'), [1, 10]).ok).toBe(true)
  })
})

describe('CX18 refusals', () => {
  const refusals: {
    what: string
    setup?: (h: H) => void
    actor: string
    action: string
    target: string | null
    options?: Record<string, number>
    code: string
    message: RegExp
  }[] = [
    {
      what: 'no target picked',
      actor: 'Vex',
      action: 'trip',
      target: null,
      code: 'action/noTarget',
      message: /Pick whom Vex tries to trip/,
    },
    {
      what: 'itself',
      actor: 'Vex',
      action: 'trip',
      target: 'Vex',
      code: 'maneuver/notAllowed',
      message: /A maneuver needs another combatant as its target/,
    },
    {
      what: 'a pin outside a grapple',
      actor: 'Vex',
      action: 'pin',
      target: 'Raider',
      code: 'action/unavailable',
      message: /Not in a grapple/,
    },
    {
      what: 'gaining control outside a grapple',
      actor: 'Vex',
      action: 'gain-control',
      target: 'Raider',
      code: 'action/unavailable',
      message: /Not in a grapple/,
    },
    {
      what: 'a disarm of an empty hand',
      actor: 'Vex',
      action: 'disarm',
      target: 'Raider',
      options: { slot: 3 },
      code: 'maneuver/noItem',
      message: /Raider carries nothing in slot 3 \(its card lists 1 weapon\)/,
    },
    {
      what: 'grappling someone already in a grapple',
      setup: (h) => must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN)),
      actor: 'Brute',
      action: 'grapple',
      target: 'Raider',
      code: 'maneuver/notAllowed',
      message: /The target is already in a grapple/,
    },
    {
      what: 'a grappler reaching for someone else',
      setup: (h) => must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN)),
      actor: 'Vex',
      action: 'trip',
      target: 'Brute',
      code: 'maneuver/notAllowed',
      message: /Grappled characters can only target each other \(000 Grappling\)/,
    },
    {
      what: 'a grappler without control trying to shove',
      setup: (h) => must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN)),
      actor: 'Raider',
      action: 'shove',
      target: 'Vex',
      code: 'action/unavailable',
      message: /Grappled without control: only Unarmed Strikes, Disengage or Gain Control \(000 Grappling\)/,
    },
    {
      what: 'a pinned character trying anything but disengage',
      setup: (h) => {
        must(act(h, 'Vex', 'grapple', 'Raider', {}, WIN))
        must(act(h, 'Vex', 'pin', 'Raider', {}, WIN))
      },
      actor: 'Raider',
      action: 'gain-control',
      target: 'Vex',
      code: 'action/unavailable',
      message: /Pinned: only Disengage \(000 Grappling\)/,
    },
    {
      what: 'a downed actor',
      setup: (h) => {
        h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 20 })
        h.must('attack/resolve', { request: request(h, 'Vex', 'Raider', 1, 'strike') }, [6, 5])
      },
      actor: 'Raider',
      action: 'trip',
      target: 'Vex',
      code: 'action/unavailable',
      message: /Raider is downed: no actions but the death save \(CX27\)/,
    },
  ]
  for (const c of refusals) {
    it(`CX18: refuses ${c.what}, saying why`, async () => {
      const h = await brawl()
      c.setup?.(h)
      const r = act(h, c.actor, c.action, c.target, c.options ?? {})
      expect(!r.ok && r.error.code).toBe(c.code)
      expect(!r.ok && r.error.message).toMatch(c.message)
    })
  }
})
