import { describe, expect, it } from 'vitest'
import type { AttackPreview } from '../../../../src-shared/attack'
import { DiceRoller } from '../../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../../src-main/core/dice/random-source'
import type { D20SheetInput, WeaponInput } from '../../../../src-main/rules/d20-two-action/sheet/d20-sheet'
import type { RulesCombatant } from '../../../../src-main/rules/ruleset'
import { attack, d20, fighter, must, sheet } from './d20-fixtures'

/**
 * The numbers each case should come to, worked out by hand from the document (not read from the
 * code): the hit test's bonus, the reaction's bonus, the damage's flat part and its doublings.
 */
interface Case {
  readonly name: string
  readonly attacker: Partial<D20SheetInput>
  readonly attrs?: Partial<D20SheetInput['attributes']>
  readonly target: Partial<D20SheetInput>
  readonly targetAttrs?: Partial<D20SheetInput['attributes']>
  readonly mode?: string
  readonly options?: Record<string, string | number | boolean>
  readonly held?: number
  readonly hp: number
  readonly hand: {
    hitBonus: number
    ar: number
    critFrom: number
    defence: number | null
    count: number
    sides: number
    flat: number
    berserk: boolean
    affinity: 'resistant' | 'weak' | null
  }
}

const blade = (over: Partial<WeaponInput> = {}): WeaponInput =>
  ({ name: 'Blade', attack: 'melee', dice: { count: 1, sides: 8 }, damageType: 'slashing', ...over }) as WeaponInput

const CASES: Case[] = [
  {
    name: 'W3/W4 a Str 3 blade (crit 19–20) against AR 14 and a Dodge at Dex 2, holding One Action (+1)',
    attacker: { weapons: [blade({ critFrom: 19 })] },
    target: { armourRating: 14, defences: ['dodge'] },
    options: { reaction: 'dodge' },
    held: 1,
    hp: 9,
    hand: { hitBonus: 3, ar: 14, critFrom: 19, defence: 3, count: 1, sides: 8, flat: 3, berserk: false, affinity: null },
  },
  {
    name: 'W3/W5 a berserk 2d6 hammer (−4) against a large resistant target (+2), AR 16, no reaction',
    attacker: { weapons: [blade({ name: 'Hammer', dice: { count: 2, sides: 6 }, damageType: 'concussive' })] },
    attrs: { str: 4 },
    target: { armourRating: 16, size: 'large', affinities: { concussive: 'resistant' } },
    mode: 'berserk',
    hp: 12,
    hand: { hitBonus: 2, ar: 16, critFrom: 20, defence: null, count: 2, sides: 6, flat: 4, berserk: true, affinity: 'resistant' },
  },
  {
    name: 'W3/W4/W5 a Magic 5 fire spell against a fire-weak target behind cover (−2) that counterspells at Magic 3',
    attacker: { weapons: [{ name: 'Flare', attack: 'spell', dice: { count: 1, sides: 6 }, damageType: 'fire', actions: 1 }] },
    attrs: { mag: 5 },
    target: { armourRating: 13, defences: ['counterspell'], affinities: { fire: 'weak' } },
    targetAttrs: { mag: 3 },
    options: { reaction: 'counterspell', cover: true },
    hp: 10,
    hand: { hitBonus: 3, ar: 13, critFrom: 20, defence: 3, count: 1, sides: 6, flat: 5, berserk: false, affinity: 'weak' },
  },
  {
    name: 'W3 an untrained advanced rifle (−4) within 5 feet (−4, two-handed) needs a critical against AR 15',
    attacker: {
      weapons: [
        {
          name: 'Rifle',
          attack: 'ranged',
          dice: { count: 1, sides: 10 },
          damageType: 'piercing',
          category: 'advanced',
          proficient: false,
          handling: 'two-handed',
          critFrom: 19,
        },
      ],
    },
    target: { armourRating: 15, defences: ['dodge'] },
    options: { distance: 1, reaction: 'dodge' },
    hp: 4,
    hand: { hitBonus: -6, ar: 15, critFrom: 19, defence: 2, count: 1, sides: 10, flat: 0, berserk: false, affinity: null },
  },
]

/** Every face of every die, one by one: the hit d20, the reaction d20, then each damage die. */
function bruteForce(h: Case['hand'], hp: number) {
  const outcome = { miss: 0, stopped: 0, hit: 0, critical: 0 }
  const damage = new Map<number, number>()
  const put = (d: number, p: number) => damage.set(d, (damage.get(d) ?? 0) + p)
  const rolls: number[][] = [[]]
  for (let i = 0; i < h.count; i++)
    rolls.splice(0, rolls.length, ...rolls.flatMap((r) => Array.from({ length: h.sides }, (_, f) => [...r, f + 1])))
  for (let n = 1; n <= 20; n++) {
    const crit = n >= h.critFrom
    if (!crit && n + h.hitBonus < h.ar) {
      outcome.miss += 1 / 20
      put(0, 1 / 20)
      continue
    }
    for (let r = 1; r <= (h.defence === null ? 1 : 20); r++) {
      const p = h.defence === null ? 1 / 20 : 1 / 400
      if (h.defence !== null && r + h.defence > n + h.hitBonus && (!crit || r === 20)) {
        outcome.stopped += p
        put(0, p)
        continue
      }
      outcome[crit ? 'critical' : 'hit'] += p
      for (const faces of rolls) {
        const roll = faces.reduce((a, b) => a + b, 0) * (crit ? 2 : 1) * (h.berserk ? 2 : 1)
        let d = Math.max(0, roll + h.flat)
        if (h.affinity === 'resistant') d = Math.floor(d / 2)
        if (h.affinity === 'weak') d *= 2
        put(d, p / rolls.length)
      }
    }
  }
  const expected = [...damage].reduce((t, [d, p]) => t + d * p, 0)
  const down = [...damage].reduce((t, [d, p]) => (hp - d < 1 ? t + p : t), 0)
  return { outcome, damage, expected, down }
}

function sides(c: Case): { a: RulesCombatant; t: RulesCombatant } {
  const a = fighter('A', sheet(c.attacker, c.attrs), { acting: true })
  const t = fighter('T', sheet(c.target, c.targetAttrs), { hp: c.hp, ...(c.held ? { held: { amount: c.held, released: false } } : {}) })
  return { a, t }
}

const previewOf = (c: Case): AttackPreview => {
  const { a, t } = sides(c)
  return must(d20.attacks!.preview(attack(a, t, { mode: c.mode ?? '' }, c.options ?? {}), a, t))
}

const outcomeOf = (p: AttackPreview, prefix: string) =>
  p.outcomes.filter((o) => o.label.startsWith(prefix)).reduce((t, o) => t + o.probability, 0)

describe('W3/W4 exact odds: the preview equals a brute-force enumeration of every die face', () => {
  it.each(CASES)('$name', (c) => {
    const p = previewOf(c)
    expect(p.blocked).toBeNull()
    expect(p.outcomes.reduce((t, o) => t + o.probability, 0)).toBeCloseTo(1, 12)
    const b = bruteForce(c.hand, c.hp)
    expect(outcomeOf(p, 'Miss')).toBeCloseTo(b.outcome.miss, 12)
    expect(outcomeOf(p, 'Stopped')).toBeCloseTo(b.outcome.stopped, 12)
    expect(outcomeOf(p, 'Hit')).toBeCloseTo(b.outcome.hit, 12)
    expect(outcomeOf(p, 'Critical')).toBeCloseTo(b.outcome.critical, 12)
    expect(p.expectedDamage).toBeCloseTo(b.expected, 12)
    expect(p.downChance).toBeCloseTo(b.down, 12)
    expect(p.damage.length).toBe(b.damage.size)
    for (const d of p.damage) expect(d.probability).toBeCloseTo(b.damage.get(d.amount) ?? NaN, 12)
  })
})

describe('W3/W4 exact odds agree with 40,000 seeded resolutions through the real dice (±1 percentage point)', () => {
  const SAMPLES = 40_000
  it.each(CASES)('$name', (c) => {
    const p = previewOf(c)
    const { a, t } = sides(c)
    const dice = new DiceRoller(seededSource(`d20-odds ${c.name}`), undefined)
    const seen = { miss: 0, stopped: 0, hit: 0, critical: 0 }
    let damage = 0
    for (let i = 0; i < SAMPLES; i++) {
      const r = must(d20.attacks!.resolve(attack(a, t, { mode: c.mode ?? '' }, c.options ?? {}), a, t, dice))
      const said = /vs AR \d+: (miss|hit|critical hit|stopped)/.exec(r.summary)![1]!
      const kind = said === 'critical hit' ? 'critical' : (said as 'miss' | 'hit' | 'stopped')
      seen[kind]++
      damage += t.hp - r.targetHp === 0 ? 0 : Number(/(\d+) damage/.exec(r.summary)![1])
    }
    expect(seen.miss / SAMPLES).toBeCloseTo(outcomeOf(p, 'Miss'), 1.7)
    expect(seen.stopped / SAMPLES).toBeCloseTo(outcomeOf(p, 'Stopped'), 1.7)
    expect(seen.hit / SAMPLES).toBeCloseTo(outcomeOf(p, 'Hit'), 1.7)
    expect(seen.critical / SAMPLES).toBeCloseTo(outcomeOf(p, 'Critical'), 1.7)
    expect(Math.abs(damage / SAMPLES - p.expectedDamage)).toBeLessThan(0.1)
  })
})
