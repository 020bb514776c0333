import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { D20Sheet, WeaponInput } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import { attack, condition, d20, faces, fighter, must, sheet, sword } from './d20-fixtures'

const bolt: WeaponInput = { name: 'Bolt', attack: 'spell', dice: { count: 1, sides: 6 }, damageType: 'fire', actions: 1 }
const pistol: WeaponInput = { name: 'Pistol', attack: 'ranged', dice: { count: 1, sides: 8 }, damageType: 'piercing', handling: 'handgun' }
const allDefences: D20Sheet['defences'] = ['dodge', 'parry', 'riposte', 'counterspell', 'rebound']

/** Attacker Str 3 (sword) or Magic 4 (bolt); defender Dex 2, Magic 5, AR 12, every reaction skill. */
const attacker = (weapon: WeaponInput = sword) => fighter('A', sheet({ weapons: [weapon] }, { mag: 4 }), { acting: true })
const defender = (over: Parameters<typeof fighter>[2] = {}) =>
  fighter(
    'T',
    sheet({ defences: allDefences, weapons: [{ ...sword, name: 'Parrying blade', dice: { count: 1, sides: 6 } }] }, { mag: 5 }),
    over,
  )

describe('W4 a reaction must EXCEED the hit test; a critical is only stopped by a critical reaction', () => {
  // Sword hit test: natural + 3. Dodge: d20 + 2. Counterspell: d20 + 5.
  it.each([
    {
      name: 'W4 Dodge 13 + 2 = 15 equals hit test 12 + 3 = 15: a tie does not stop it',
      reaction: 'dodge',
      f: [12, 13, 4, 1],
      stopped: false,
    },
    { name: 'W4 Dodge 14 + 2 = 16 exceeds hit test 15: stopped, no damage', reaction: 'dodge', f: [12, 14], stopped: true },
    { name: 'W4 Parry is a Dexterity roll too (14 + 2 > 15)', reaction: 'parry', f: [12, 14], stopped: true },
    { name: 'W4 against a critical (natural 20, total 23) a Dodge of 19 + 2 fails', reaction: 'dodge', f: [20, 19, 4, 1], stopped: false },
    {
      name: 'W4 against a critical a natural-20 Dodge that does not exceed the hit test (22 vs 23) still fails',
      reaction: 'dodge',
      f: [20, 20, 4, 1],
      stopped: false,
    },
    {
      name: 'W4 Counterspell is a Magic roll: a natural 20 + 5 exceeds a critical bolt (20 + 4)',
      reaction: 'counterspell',
      f: [20, 20],
      stopped: true,
      weapon: bolt,
    },
    {
      name: 'W4 Counterspell 10 + 5 = 15 does not exceed 11 + 4 = 15',
      reaction: 'counterspell',
      f: [11, 10, 3],
      stopped: false,
      weapon: bolt,
    },
  ])('$name', ({ reaction, f, stopped, weapon }) => {
    const a = attacker(weapon)
    const t = defender()
    const r = must(d20.attacks!.resolve(attack(a, t, {}, { reaction }), a, t, faces(...f)))
    expect(r.summary.includes('stopped by')).toBe(stopped)
    expect(r.targetHp < t.hp).toBe(!stopped)
  })

  it.each([
    { name: 'W4 Parry and Riposte answer melee only', weapon: pistol, mode: '', offered: ['none', 'dodge'] },
    {
      name: 'W4 Counterspell and Rebound answer magic only',
      weapon: bolt,
      mode: '',
      offered: ['none', 'dodge', 'counterspell', 'rebound'],
    },
    { name: 'W4 a feint cannot be dodged, parried or riposted', weapon: sword, mode: 'feint', offered: ['none'] },
    { name: 'W4 against a melee attack: Dodge, Parry, Riposte', weapon: sword, mode: '', offered: ['none', 'dodge', 'parry', 'riposte'] },
  ])('$name', ({ weapon, mode, offered }) => {
    const a = attacker(weapon)
    const t = defender()
    const p = must(d20.attacks!.preview(attack(a, t, { mode }), a, t))
    const o = p.options.find((x) => x.key.startsWith('reaction'))!
    expect(o.kind === 'choice' && o.choices.map((c) => c.value)).toEqual(offered)
  })

  it('W4 a stunned defender cannot react: a reaction asked for blocks the preview with the reason', () => {
    const a = attacker()
    const t = defender({ conditions: [condition('stunned')] })
    expect(must(d20.attacks!.preview(attack(a, t, {}, { reaction: 'dodge' }), a, t)).blocked).toMatch(/stunned and cannot react/)
  })

  it('W4 a defensive strike adds +2 to its Dodge, Parry and Riposte this round, not to a Counterspell', () => {
    const t = defender({ conditions: [condition('guarded')] })
    const titles = (reaction: string, weapon: WeaponInput) => {
      const a = attacker(weapon)
      return must(d20.attacks!.preview(attack(a, t, {}, { reaction }), a, t)).explanation.map((s) => s.title)
    }
    expect(titles('parry', sword)).toContain('Parry: d20 + 4')
    expect(titles('counterspell', bolt)).toContain('Counterspell: d20 + 5')
  })

  it('W4 a Riposte that holds: the defender deals its weapon damage without modifiers, through a prompt it resolves for free', () => {
    const a = attacker()
    const t = defender()
    const r = must(d20.attacks!.resolve(attack(a, t, {}, { reaction: 'riposte' }), a, t, faces(12, 14)))
    expect(r.prompts).toHaveLength(1)
    const prompt = r.prompts![0]!
    expect(prompt.reactorId).toBe(t.id)
    expect(prompt.resolve.kind).toBe('action')
    if (prompt.resolve.kind !== 'action') return
    const strike = must(d20.actions!.perform(prompt.resolve.request, { ...t, acting: false }, a, faces(5)))
    expect(strike.targetHp).toBe(a.hp - 5) // a d6 showing 5, no Str
    expect(strike.outOfTurn).toBe('free')
    expect(strike.cost).toEqual([])
  })

  it('W4 a Rebound Spell that holds sends 1d6 of the spell’s type back (the caster’s fire weakness doubles it)', () => {
    const a = fighter('A', sheet({ weapons: [bolt], affinities: { fire: 'weak' } }, { mag: 4 }), { acting: true })
    const t = defender()
    const r = must(d20.attacks!.resolve(attack(a, t, {}, { reaction: 'rebound' }), a, t, faces(12, 14)))
    const prompt = r.prompts![0]!
    if (prompt.resolve.kind !== 'action') throw new Error('expected an action prompt')
    const back = must(d20.actions!.perform(prompt.resolve.request, t, a, faces(4)))
    expect(back.targetHp).toBe(a.hp - 8)
    expect(back.summary).toContain('8 fire damage')
  })

  it('W4 the reaction is recorded on the defender and shows on its card', () => {
    const a = attacker()
    const t = defender()
    const r = must(d20.attacks!.resolve(attack(a, t, {}, { reaction: 'dodge' }), a, t, faces(12, 14)))
    const card = d20.combatantRules!.card(r.targetRules as JsonValue)
    expect(card.flatMap((s) => s.lines).find((l) => l.label === 'Reactions')!.value).toContain('used: dodge')
  })
})
