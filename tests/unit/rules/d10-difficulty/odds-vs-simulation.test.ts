import { describe, expect, it } from 'vitest'
import type { AttackRequest } from '../../../../src-shared/attack'
import { combatant, d10, seeded, sheet, withLive } from './d10-fixtures'

const SAMPLES = 40_000
const TOLERANCE = 0.01

const vale = combatant('Vale', sheet(), { acting: true })
const rook = combatant('Rook', withLive(sheet({ dr: { head: 1, torso: 2, arms: 0, legs: 0 } }), { stance: 'kneeling' }), {
  hp: 14,
  maxHp: 14,
  spent: {},
})

const CASES: { name: string; request: AttackRequest; bucket: (summary: string) => string }[] = [
  {
    name: 'D5: a three-round burst at the worked difficulty 13',
    request: { attackerId: vale.id, targetId: rook.id, weapon: 0, mode: 'burst', options: { distance: 100, environment: 1 } },
    bucket: (s) => `${/(\d) of 3 hit/.exec(s)![1]} of 3 hit`,
  },
  {
    name: 'D6: a knife against a dodging defender',
    request: { attackerId: vale.id, targetId: rook.id, weapon: 1, mode: 'strike', options: {} },
    bucket: (s) =>
      s.includes(': dodged') ? 'Dodged' : s.includes(': hit') ? 'Hit' : s.includes(': miss') ? 'Miss' : 'Blocked (half damage)',
  },
]

describe('exact odds against seeded resolutions through the real Dice', () => {
  it.each(CASES)('$name: outcome frequencies, mean damage and down rate agree with the preview', ({ request, bucket }) => {
    const preview = d10.attacks!.preview(request, vale, rook)
    if (!preview.ok) throw new Error(preview.error.message)
    const dice = seeded(`d10-odds-${request.mode}`)
    const seen = new Map<string, number>()
    let damage = 0
    let down = 0
    for (let i = 0; i < SAMPLES; i++) {
      const r = d10.attacks!.resolve(request, vale, rook, dice)
      if (!r.ok) throw new Error(r.error.message)
      const k = bucket(r.value.summary)
      seen.set(k, (seen.get(k) ?? 0) + 1)
      damage += rook.hp - r.value.targetHp
      if (r.value.targetHp < 1) down++
    }
    for (const o of preview.value.outcomes) expect(Math.abs((seen.get(o.label) ?? 0) / SAMPLES - o.probability)).toBeLessThan(TOLERANCE)
    expect(Math.abs(damage / SAMPLES - preview.value.expectedDamage)).toBeLessThan(0.15)
    expect(Math.abs(down / SAMPLES - preview.value.downChance)).toBeLessThan(TOLERANCE)
  })
})
