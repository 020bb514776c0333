import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import type { D20Sheet } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { attack, condition, d20, faces, fighter, live, must, sheet } from './d20-fixtures'

const withRules = (c: RulesCombatant, rules: JsonValue | null): RulesCombatant => ({ ...c, rules: rules ?? c.rules })
const reactionChoices = (a: RulesCombatant, t: RulesCombatant, mode = '') => {
  const p = must(d20.attacks!.preview(attack(a, t, { mode }), a, t))
  const o = p.options.find((x) => x.key.startsWith('reaction'))
  return o && o.kind === 'choice' ? o.choices.map((c) => c.value) : []
}

describe('W2 the economy: Two Actions a turn, one reaction a round (two with Grace and Finesse)', () => {
  it.each([
    {
      name: 'W2 without Grace and Finesse: 2 actions a turn, 1 reaction a round (and SR-D20-10 one free action a turn)',
      graceAndFinesse: false,
      reactions: 1,
    },
    {
      name: 'W2 with Grace and Finesse: 2 actions a turn, 2 reactions a round (and SR-D20-10 one free action a turn)',
      graceAndFinesse: true,
      reactions: 2,
    },
  ])('$name', ({ graceAndFinesse, reactions }) => {
    const pools = d20.economy(sheet({ feats: { combatProwess: false, graceAndFinesse } }) as unknown as JsonValue)
    expect(pools.map((p) => [p.key, p.count, p.per, p.reaction ?? false])).toEqual([
      ['actions', 2, 'turn', false],
      ['reactions', reactions, 'round', true],
      ['free', 1, 'turn', false],
    ])
  })

  it.each([
    { name: 'W2 a basic attack costs One Action', weapon: 0, mode: 'basic', cost: 1 },
    { name: 'W2 an all out attack costs Two Actions', weapon: 0, mode: 'all-out', cost: 2 },
    { name: 'W2 a two-action spell costs Two Actions', weapon: 1, mode: 'cast', cost: 2 },
  ])('$name', ({ weapon, mode, cost }) => {
    const a = fighter(
      'A',
      sheet({
        weapons: [
          { name: 'Blade', attack: 'melee', dice: { count: 1, sides: 6 }, damageType: 'slashing' },
          { name: 'Lance', attack: 'spell', dice: { count: 2, sides: 4 }, damageType: 'aether', actions: 2 },
        ],
      }),
      { acting: true },
    )
    const t = fighter('T', sheet())
    const r = must(d20.attacks!.resolve(attack(a, t, { weapon, mode }), a, t, faces(1)))
    expect(r.cost).toEqual([{ pool: 'actions', amount: cost }])
  })

  it('W2 an attack that needs Two Actions is refused with One left, and the preview says why', () => {
    const a = fighter('A', sheet(), { acting: true, spent: { actions: 1 } })
    const t = fighter('T', sheet())
    const p = must(d20.attacks!.preview(attack(a, t, { mode: 'all-out' }), a, t))
    expect(p.blocked).toMatch(/takes 2 actions; A has 1 left/)
  })

  it.each([
    { name: 'W2 without Combat Prowess a second attack in the turn is refused, and the preview says why', prowess: false, blocked: true },
    { name: 'W2 with Combat Prowess a second attack in the turn is allowed', prowess: true, blocked: false },
  ])('$name', ({ prowess, blocked }) => {
    let a = fighter('A', sheet({ feats: { combatProwess: prowess, graceAndFinesse: false } }), { acting: true })
    const t = fighter('T', sheet())
    const first = must(d20.attacks!.resolve(attack(a, t), a, t, faces(1)))
    a = withRules(a, first.attackerRules)
    expect(live(a).attacksThisTurn).toBe(1)
    const p = must(d20.attacks!.preview(attack(a, t), a, t))
    if (blocked) {
      expect(p.blocked).toMatch(/already made an attack or magical ability this turn; a second needs Combat Prowess \(W2\)/)
      const r = d20.attacks!.resolve(attack(a, t), a, t, faces(10))
      expect(r.ok).toBe(false)
    } else expect(p.blocked).toBeNull()
  })

  it('W2 the count of attacks this turn starts again at the start of its turn', () => {
    const a = fighter('A', sheet({ live: { attacksThisTurn: 1, reactions: [], armourDamage: 0 } }))
    const e = d20.edges!.startOfTurn(a, faces())!
    expect((e.rules as unknown as D20Sheet).live.attacksThisTurn).toBe(0)
  })

  it('W2 a defensive stance means no attack this turn', () => {
    const a = fighter('A', sheet(), { acting: true, conditions: [condition('defensive-stance')] })
    const t = fighter('T', sheet())
    expect(must(d20.attacks!.preview(attack(a, t), a, t)).blocked).toMatch(/defensive stance: no attack this turn/)
  })
})

describe('W2 reactions: one a round (two with Grace and Finesse), never the same twice; holding actions helps them', () => {
  const defender = (over: Partial<D20Sheet['feats']> = {}, defences: D20Sheet['defences'] = ['dodge', 'parry', 'riposte']) =>
    fighter('T', sheet({ defences, feats: { combatProwess: false, graceAndFinesse: false, ...over } }))

  /** Attacks the defender once with it reacting, the hit test a natural 15 (hits AR 12), the reaction a 2 (fails). */
  function reactOnce(t: RulesCombatant, reaction: string): RulesCombatant {
    const a = fighter('A', sheet(), { acting: true })
    const r = must(d20.attacks!.resolve(attack(a, t, {}, { reaction }), a, t, faces(15, 2, 3)))
    return withRules({ ...t, hp: r.targetHp }, r.targetRules)
  }

  it.each([
    { name: 'W2 one reaction a round: after a Dodge, nothing is left to react with', feats: {}, first: 'dodge', left: ['none'] },
    {
      name: 'W2 Grace and Finesse: a second reaction, but not the same one twice',
      feats: { graceAndFinesse: true },
      first: 'dodge',
      left: ['none', 'parry', 'riposte'],
    },
    {
      name: 'W2 Grace and Finesse: Parry and Riposte exclude each other in a round',
      feats: { graceAndFinesse: true },
      first: 'parry',
      left: ['none', 'dodge'],
    },
  ])('$name', ({ feats, first, left }) => {
    const t = reactOnce(defender(feats), first)
    expect(live(t).reactions).toEqual([{ kind: first, pool: true }])
    expect(reactionChoices(fighter('A', sheet(), { acting: true }), t)).toEqual(left)
  })

  it('W2 a reaction is spent even when it fails, and only on a hit (a miss leaves it unspent)', () => {
    const a = fighter('A', sheet(), { acting: true })
    const miss = must(d20.attacks!.resolve(attack(a, defender(), {}, { reaction: 'dodge' }), a, defender(), faces(2)))
    expect((miss.targetRules as unknown as D20Sheet).live.reactions).toEqual([])
  })

  it('W2 the reactions the core counted (acts out of turn) come off the same round: none left to dodge with', () => {
    const t = { ...defender(), spent: { reactions: 1 } }
    expect(reactionChoices(fighter('A', sheet(), { acting: true }), t)).toEqual(['none'])
  })

  it('W2 a pip the GM clicks to match a Dodge is not counted twice (Grace and Finesse still has its second)', () => {
    const t = { ...reactOnce(defender({ graceAndFinesse: true }), 'dodge'), spent: { reactions: 1 } }
    expect(reactionChoices(fighter('A', sheet(), { acting: true }), t)).toEqual(['none', 'parry', 'riposte'])
  })

  it('W4 the reaction is chosen per defender: a Parry picked against one target does not follow the GM to another', () => {
    const a = fighter('A', sheet(), { acting: true })
    const duelist = defender()
    const brute = fighter('B', sheet())
    const options = { [`reaction:${duelist.id}`]: 'parry' }
    expect(must(d20.attacks!.preview(attack(a, duelist, {}, options), a, duelist)).outcomes.map((o) => o.label)).toContain(
      'Stopped (Parry)',
    )
    const other = must(d20.attacks!.preview(attack(a, brute, {}, options), a, brute))
    expect(other.blocked).toBeNull()
    expect(other.options.some((o) => o.key.startsWith('reaction'))).toBe(false)
  })

  it('003 Round Ends (SR-D20-2): the start of its own turn gives the reactions back', () => {
    const t = reactOnce(defender(), 'dodge')
    const e = d20.edges!.startOfTurn(t, faces())!
    expect((e.rules as unknown as D20Sheet).live.reactions).toEqual([])
    expect(d20.edges!.startOfRound).toBeUndefined()
  })

  it.each([
    { name: 'W2 holding One Action: +1 to its reactions', held: 1, expected: '+1' },
    { name: 'W2 holding Two Actions: +2 to its reactions', held: 2, expected: '+2' },
  ])('$name', ({ held, expected }) => {
    const t = { ...defender(), held: { amount: held, released: false } }
    const a = fighter('A', sheet(), { acting: true })
    const p = must(d20.attacks!.preview(attack(a, t, {}, { reaction: 'dodge' }), a, t))
    const dodge = p.explanation.find((s) => s.title.startsWith('Dodge'))!
    expect(dodge.lines.find((l) => l.label.startsWith('Holding'))).toMatchObject({ value: expected, source: 'W2' })
    expect(dodge.title).toBe(`Dodge: d20 + ${2 + held}`)
  })

  it('W2 out of its turn an attack is an attack of opportunity: a basic attack paid from the reaction pool, with the held bonus', () => {
    const a = fighter('A', sheet({ feats: { combatProwess: false, graceAndFinesse: true } }), {
      acting: false,
      held: { amount: 1, released: false },
    })
    const t = fighter('T', sheet())
    expect(must(d20.attacks!.preview(attack(a, t, { mode: 'all-out' }), a, t)).blocked).toMatch(
      /only make an attack of opportunity: a basic attack/,
    )
    const p = must(d20.attacks!.preview(attack(a, t), a, t))
    expect(p.cost).toBe('1 reaction (attack of opportunity)')
    expect(p.explanation[0]!.title).toBe('Hit test: d20 + 4 (Basic attack)')
    const r = must(d20.attacks!.resolve(attack(a, t), a, t, faces(1)))
    expect(r.cost).toEqual([{ pool: 'reactions', amount: 1 }])
    expect(r.outOfTurn).toBe('reaction')
    const after = withRules({ ...a, spent: { reactions: 1 } }, r.attackerRules)
    expect(live(after).attacksThisTurn).toBe(0) // a reaction is not one of its turn's attacks
    expect(must(d20.attacks!.preview(attack(after, t), after, t)).blocked).toMatch(
      /already used opportunity this round: not the same reaction twice/,
    )
  })
})
