import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import { asRulesCombatant } from '../../../../src-main/core/state/rules-combatants'
import { combatant, cx } from './cx-harness'
import {
  act,
  attack,
  brawl,
  conditionOf,
  lastLog,
  logOf,
  optionValue,
  pistol,
  preview,
  prompts,
  request,
  sheetOf,
  spent,
  swingAndMiss,
  type H,
} from './cx-brawl'

const engagedIds = (h: H, name: string) => {
  const data = conditionOf(h, name, 'engaged')?.data as { opponents: { id: string }[] } | undefined
  return (data?.opponents ?? []).map((o) => o.id)
}

/** The prompt's odds are the attack preview's own numbers for its prepared request. */
function expectOddsOf(h: H, p: ReturnType<typeof prompts>[number]) {
  const r = (p.resolve as { request: AttackRequest }).request
  const pv = preview(h, r)
  const miss = pv.outcomes.find((o) => o.label === 'Miss')!.probability
  expect(p.odds).toBe(
    `hit ${((1 - miss) * 100).toFixed(1)}% · expected ${pv.expectedDamage.toFixed(1)} damage · down ${(pv.downChance * 100).toFixed(1)}%`,
  )
}

describe('engagement (000 Melee Combat)', () => {
  it('000 Melee Combat: a melee attack, hit or miss, puts both in melee with each other, until removed', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Vex', 'Raider')
    for (const [who, other] of [
      ['Vex', 'Raider'],
      ['Raider', 'Vex'],
    ] as const) {
      expect(conditionOf(h, who, 'engaged')).toMatchObject({ sourceId: h.combatantId(other), duration: { kind: 'indefinite' } })
      expect(engagedIds(h, who)).toEqual([h.combatantId(other)])
    }
    expect(lastLog(h, 'strikes')).toMatch(/Vex and Raider are in melee \(000 Melee Combat\)/)
    // A second blow between the same pair changes nothing (no restart in the log).
    const before = h.campaign.store.ofType('log').length
    swingAndMiss(h, 'Vex', 'Raider')
    expect(h.campaign.store.ofType('log').length).toBe(before + 1)
  })

  it('000 Melee Combat: one combatant can be in melee with several; each side lists the other', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Vex', 'Raider')
    swingAndMiss(h, 'Vex', 'Brute')
    expect(engagedIds(h, 'Vex')).toEqual([h.combatantId('Raider'), h.combatantId('Brute')])
    expect(conditionOf(h, 'Vex', 'engaged')!.sourceId).toBe(h.combatantId('Brute'))
    expect(engagedIds(h, 'Brute')).toEqual([h.combatantId('Vex')])
  })

  it('000 Melee Combat: a shot from within 1 m is an attack at melee range and engages too; one from 10 m does not', async () => {
    const h = await brawl({ vex: { weapons: [pistol] } })
    // Hip fire at 1 m: d10 2 misses (no jam check on a 2).
    expect(attack(h, request(h, 'Vex', 'Raider', 0, 'semi', { distance: 1 }), [2]).ok).toBe(true)
    expect(engagedIds(h, 'Raider')).toEqual([h.combatantId('Vex')])
    expect(attack(h, request(h, 'Vex', 'Brute', 0, 'semi', { distance: 10 }), [2]).ok).toBe(true)
    expect(conditionOf(h, 'Brute', 'engaged')).toBeUndefined()
  })

  it('CX27: a blow that downs an engaged combatant takes it out of the melee, on both sides', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Vex', 'Raider')
    h.must('combatant/setHp', { combatantId: h.combatantId('Raider'), hp: 20 })
    // Accuracy d10 6 + 1 = 7 vs Guard d10 5 − 1 = 4: 3 over, past the armour: 28 damage downs it.
    expect(attack(h, request(h, 'Vex', 'Raider', 1, 'strike'), [6, 5]).ok).toBe(true)
    expect(sheetOf(h, 'Raider').live.dying.condition.kind).toBe('downed')
    expect(conditionOf(h, 'Raider', 'engaged')).toBeUndefined()
    expect(conditionOf(h, 'Vex', 'engaged')).toBeUndefined()
    expect(lastLog(h, 'strikes')).toMatch(/Raider is out of the melee/)
  })
})

describe('opportunity attacks (000 Opportunity Attack)', () => {
  it('000 Opportunity Attack: moving away prompts each engaged opponent with its odds; resolving one spends its reaction and lands the hit; the other can be dismissed', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Vex', 'Raider')
    swingAndMiss(h, 'Vex', 'Brute')
    act(h, 'Vex', 'move', null, { actions: '2' })
    expect(spent(h, 'Vex', 'actions')).toBe(4)
    // Moving away ends the melee on every side.
    for (const who of ['Vex', 'Raider', 'Brute']) expect(conditionOf(h, who, 'engaged')).toBeUndefined()
    expect(logOf(h, 'Vex moves')).toMatch(/leaves the melee with Raider and Brute: opportunity attacks \(000 Opportunity Attack\)/)

    const [fists, blade] = prompts(h)
    expect(fists).toMatchObject({
      reactorId: h.combatantId('Raider'),
      targetId: h.combatantId('Vex'),
      text: 'Vex moves away while in melee with Raider: Raider may make an opportunity attack with the Unarmed Strike (000 Opportunity Attack)',
      resolve: {
        kind: 'attack',
        request: {
          attackerId: h.combatantId('Raider'),
          targetId: h.combatantId('Vex'),
          weapon: 1,
          mode: 'strike',
          options: { opportunity: true },
        },
      },
    })
    expect(blade).toMatchObject({ reactorId: h.combatantId('Brute'), resolve: { request: { weapon: 0, mode: 'strike' } } })
    expect(blade!.text).toMatch(/with the Gurber G1 Combat Knife/)
    expectOddsOf(h, fists!)
    expectOddsOf(h, blade!)

    // Raider answers with typed dice: accuracy d10 9 vs Vex's Guard d10 1 (+0): 8 over, past the armour, 20 damage.
    const hp = combatant(h, 'Vex').hp
    h.must('prompt/resolve', { promptId: fists!.id }, [9, 1])
    expect(spent(h, 'Raider', 'reactions')).toBe(1)
    expect(combatant(h, 'Vex').hp).toBe(hp - 20)
    expect(lastLog(h, 'opportunity attack (000) on Vex')).toMatch(
      /^Raider makes an opportunity attack \(000\) on Vex with the Unarmed Strike: hit, 20 damage/,
    )
    // The answer is no new melee: Vex has left it.
    expect(conditionOf(h, 'Vex', 'engaged')).toBeUndefined()

    h.must('prompt/dismiss', { promptId: blade!.id })
    expect(prompts(h)).toEqual([])
    expect(spent(h, 'Brute', 'reactions')).toBe(0)
  })

  it('000 Melee Combat: a move the GM marks as staying in the melee draws nothing and keeps it', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Vex', 'Raider')
    const def = cx.actions!.list(asRulesCombatant(combatant(h, 'Vex'))).find((a) => a.key === 'move')!
    expect(def.options.map((o) => o.key)).toContain('leavesMelee')
    act(h, 'Vex', 'move', null, { actions: '1', leavesMelee: false })
    expect(prompts(h)).toEqual([])
    expect(conditionOf(h, 'Vex', 'engaged')).toBeDefined()
    expect(logOf(h, 'Vex moves')).toMatch(/stays in the melee/)
  })

  const shots = [
    {
      what: 'shooting someone 12 m away',
      target: 'Brute',
      distance: 12,
      weapon: 'c25',
      prompts: 1,
      text: 'Vex shoots at Brute 12 m away while in melee with Raider',
    },
    {
      what: 'firing a non-CQB gun at the opponent at 1 m',
      target: 'Raider',
      distance: 1,
      weapon: 'c25',
      prompts: 1,
      text: 'Vex fires the non-CQB Anvil Arms C25 while in melee with Raider',
    },
    { what: 'a CQB pistol at the opponent at 1 m', target: 'Raider', distance: 1, weapon: 'pistol', prompts: 0, text: '' },
  ]
  for (const c of shots) {
    it(`000 Opportunity Attack: ${c.what} while engaged ${c.prompts ? 'prompts the opponent' : 'draws nothing'}`, async () => {
      const h = await brawl(c.weapon === 'pistol' ? { vex: { weapons: [pistol] } } : {})
      swingAndMiss(h, 'Vex', 'Raider')
      // d10 2: a miss, and no jam check.
      expect(attack(h, request(h, 'Vex', c.target, 0, 'semi', { distance: c.distance }), [2]).ok).toBe(true)
      expect(prompts(h)).toHaveLength(c.prompts)
      if (c.prompts) {
        expect(prompts(h)[0]!.text).toBe(
          `${c.text}: Raider may make an opportunity attack with the Unarmed Strike (000 Opportunity Attack)`,
        )
        expectOddsOf(h, prompts(h)[0]!)
        // The shooter stays in the melee.
        expect(conditionOf(h, 'Vex', 'engaged')).toBeDefined()
      }
    })
  }

  it('000 Opportunity Attack: the preview warns before a shot from inside a melee', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Vex', 'Raider')
    const p = preview(h, request(h, 'Vex', 'Brute', 0, 'semi', { distance: 12 }))
    expect(p.explanation[0]).toMatchObject({
      title: 'Opportunity attacks',
      lines: [
        { label: 'Vex shoots at Brute 12 m away from inside the melee' },
        { label: 'Raider may answer', value: '1 of its reactions' },
      ],
    })
  })

  it('000 Opportunity Attack: stabilising an ally in melee is a skill check with the hands, and is prompted', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Vex', 'Raider')
    const brute = sheetOf(h, 'Brute')
    const downed = {
      ...brute,
      live: { ...brute.live, dying: { ...brute.live.dying, condition: { kind: 'downed', failures: 0, successes: 0 } } },
    }
    h.must('combatant/setRules', { combatantId: h.combatantId('Brute'), rules: downed })
    h.must('combatant/setHp', { combatantId: h.combatantId('Brute'), hp: 0 })
    // d100 10 + 24 = 34: not stabilised; the attempt is what draws the attack.
    expect(act(h, 'Vex', 'stabilise', 'Brute', { kit: true }, [10]).ok).toBe(true)
    expect(prompts(h).map((p) => p.text)).toEqual([
      'Vex works to stabilise Brute (a Medicine check with its hands) while in melee with Raider: Raider may make an opportunity attack with the Unarmed Strike (000 Opportunity Attack)',
    ])
  })

  it('000 Opportunity Attack: a CQB gun answers from the hip unless already aimed at the mover', async () => {
    const h = await brawl({ brute: { weapons: [pistol] } })
    swingAndMiss(h, 'Vex', 'Brute')
    act(h, 'Vex', 'move', null, { actions: '1' })
    const [shot] = prompts(h)
    const r = (shot!.resolve as { request: AttackRequest }).request
    expect(r).toMatchObject({ weapon: 0, mode: 'semi', options: { opportunity: true } })
    expect(preview(h, r).options.find((o) => o.key === 'aim')?.value).toBe('hip')
    expectOddsOf(h, shot!)
    // Had Brute held aim on Vex, the same answer would be aimed, whatever the panel says.
    const brute = sheetOf(h, 'Brute')
    h.must('combatant/setRules', {
      combatantId: h.combatantId('Brute'),
      rules: { ...brute, live: { ...brute.live, aim: { targetId: h.combatantId('Vex'), name: 'Vex' } } },
    })
    expect(preview(h, { ...r, options: { ...r.options, aim: 'hip' } }).options.find((o) => o.key === 'aim')?.value).toBe('aimed')
    h.must('prompt/resolve', { promptId: shot!.id }, [2])
    expect(lastLog(h, 'opportunity attack')).toMatch(/^Brute makes an opportunity attack \(000\) with the G&W 10mm Auto at Vex: miss/)
    expect(spent(h, 'Brute', 'reactions')).toBe(1)
  })

  it('000 Opportunity Attack: a gun that is not CQB cannot make one', async () => {
    const h = await brawl()
    const r = attack(h, request(h, 'Raider', 'Vex', 0, 'semi', { opportunity: true }), [2])
    expect(!r.ok && r.error.code).toBe('attack/opportunityWeapon')
    expect(!r.ok && r.error.message).toMatch(/the Anvil Arms C25 is not CQB \(000 Opportunity Attack\)/)
  })

  it('000 Firing into Melee: a shot at someone in melee with others defaults to the Luck check', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Raider', 'Brute')
    expect(optionValue(preview(h, request(h, 'Vex', 'Brute', 0, 'semi', { distance: 12 })), 'stray')).toBe('into-melee')
    // Raider is in that melee itself: it is not firing into it.
    expect(optionValue(preview(h, request(h, 'Raider', 'Brute', 0, 'semi', { distance: 1 })), 'stray')).toBe('none')
  })
})

describe('the end of a fight', () => {
  it('000 Melee Combat: the end-of-encounter edge hands back the conditions without the melee and the grapple', async () => {
    const h = await brawl()
    swingAndMiss(h, 'Vex', 'Raider')
    const vex = asRulesCombatant(combatant(h, 'Vex'))
    const bleeding = { ...vex.conditions[0]!, key: 'b1', conditionId: 'bleeding', label: 'Bleeding' }
    const edge = cx.edges!.endOfEncounter({ ...vex, conditions: [...vex.conditions, bleeding] })
    expect(edge?.conditions).toEqual([bleeding])
  })
})
