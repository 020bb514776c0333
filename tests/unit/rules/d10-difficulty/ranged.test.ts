import { describe, expect, it } from 'vitest'
import { burstHits, burstRoundHits } from '../../../../src-main/rules/d10-difficulty/ranged/burst'
import {
  aimedSize,
  rangeBand,
  rangedDifficulty,
  SIZE_RANGE,
  type RangedSituation,
} from '../../../../src-main/rules/d10-difficulty/ranged/difficulty'
import { hitCountChances } from '../../../../src-main/rules/d10-difficulty/ranged/ranged-odds'

const situation = (over: Partial<RangedSituation> = {}): RangedSituation => ({
  distance: 100,
  effectiveRange: 300,
  size: 'small',
  targetMovement: 'subtle',
  shooterMovement: 'subtle',
  shooterStance: 'standing',
  environment: 0,
  misc: 0,
  aims: 0,
  aimedZone: null,
  ...over,
})

describe('D4 ranged difficulty', () => {
  it.each([
    // E = 300: E/8 = 37.5, E/4 = 75, E/2 = 150.
    [0, 300, 'close'],
    [37.4, 300, 'close'],
    [37.5, 300, 'medium'],
    [74.9, 300, 'medium'],
    [75, 300, 'far'],
    [100, 300, 'far'],
    [149.9, 300, 'far'],
    [150, 300, 'maximum'],
    [300, 300, 'maximum'],
    [300.1, 300, null],
    // The chapter's pistol with E = 50: close under 6.25 m, medium to 12.5, far to 25, maximum to 50.
    [6, 50, 'close'],
    [6.25, 50, 'medium'],
    [12.5, 50, 'far'],
    [25, 50, 'maximum'],
  ])('D4: %f m with effective range %f is in the %s band', (distance, e, band) => {
    expect(rangeBand(distance, e)).toBe(band)
  })

  it('D4 worked check: small target at 100 m, E = 300 → far (+8); standing −1; low light +1 → difficulty 13', () => {
    const d = rangedDifficulty(situation({ environment: 1 }))
    expect(d.ok && d.band).toBe('far')
    expect(d.ok && d.difficulty).toBe(13)
    expect(d.terms.map((t) => t.value)).toEqual([5, 8, 0, 0, -1, 1])
  })

  it.each([
    { name: 'D4: a running shooter at a running target adds +8', over: { targetMovement: 'fast', shooterMovement: 'fast' }, delta: 8 },
    { name: 'D4: a still target takes 2 off', over: { targetMovement: 'still' }, delta: -2 },
    { name: 'D4: prone firing takes 3 off instead of 1', over: { shooterStance: 'prone-firing' }, delta: -2 },
    { name: 'D4: lying prone (not a firing stance) adds 2 instead of −1', over: { shooterStance: 'prone' }, delta: 3 },
    { name: 'D4: each aim action this round takes 2 off', over: { aims: 2 }, delta: -4 },
    { name: 'D4: miscellaneous modifiers add on', over: { misc: 3 }, delta: 3 },
  ] as const)('$name', ({ over, delta }) => {
    const base = rangedDifficulty(situation())
    const changed = rangedDifficulty(situation(over))
    expect(base.ok && changed.ok && changed.difficulty - base.difficulty).toBe(delta)
  })

  it.each(['tiny', 'small', 'medium', 'large', 'huge'] as const)('D4: the %s row of the size × range table is read per band', (size) => {
    for (const [distance, band] of [
      [10, 'close'],
      [50, 'medium'],
      [100, 'far'],
      [200, 'maximum'],
    ] as const) {
      const d = rangedDifficulty(situation({ size, distance }))
      expect(d.ok && d.terms[1]!.value).toBe(SIZE_RANGE[size][band])
    }
  })

  it('D4: beyond the effective range there is no band: the shot cannot be made', () => {
    const d = rangedDifficulty(situation({ distance: 301 }))
    expect(!d.ok && d.reason).toContain('beyond the weapon')
  })

  it.each([
    ['medium', 'torso', 'small'],
    ['medium', 'heart', 'tiny'],
    ['small', 'brain', null],
    ['tiny', 'arms', null],
    ['huge', 'head', 'large'],
  ] as const)('D7: aiming a %s target at the %s makes it %s', (size, zone, after) => {
    expect(aimedSize(size, zone)).toBe(after)
  })

  it('D7: an aimed zone is priced at the smaller size in the difficulty', () => {
    const d = rangedDifficulty(situation({ size: 'medium', aimedZone: 'head' }))
    expect(d.ok && d.size).toBe('small')
    expect(d.ok && d.difficulty).toBe(5 + 8 - 1)
    expect(rangedDifficulty(situation({ size: 'small', aimedZone: 'heart' })).ok).toBe(false)
  })
})

describe('D5 bursts: one roll, the i-th round hits iff roll ≥ difficulty + i × recoil', () => {
  it('D5 worked check: difficulty 16, recoil 2, roll 19 → 2 hits of 3', () => {
    expect(burstRoundHits(19, 16, 2, 3)).toEqual([true, true, false])
    expect(burstHits(19, 16, 2, 3)).toBe(2)
  })

  it("D5 and D1: the chapter's worked burst — d10 8 + DEX 1 + PER 1 + 3 ranks = 13 against 13, recoil 2 — hits once", () => {
    expect(burstHits(8 + 1 + 1 + 3, 13, 2, 3)).toBe(1)
  })

  it.each([
    [20, 16, 2, 3, 3],
    [15, 16, 2, 3, 0],
    [16, 16, 0, 5, 5],
    [22, 10, 3, 5, 5],
    [21, 10, 3, 5, 4],
  ])('D5: total %i, difficulty %i, recoil %i, %i rounds → %i hits', (total, difficulty, recoil, rounds, hits) => {
    expect(burstHits(total, difficulty, recoil, rounds)).toBe(hits)
  })

  it.each([
    [5, 13, 2, 3],
    [0, 4, 0, 1],
    [7, 16, 3, 5],
    [-2, 20, 1, 3],
  ])(
    'D5: the exact hit-count chances for bonus %i, difficulty %i, recoil %i, %i rounds match brute force',
    (bonus, difficulty, recoil, rounds) => {
      const brute = Array.from({ length: rounds + 1 }, () => 0)
      for (let face = 1; face <= 10; face++) {
        let k = 0
        for (let i = 0; i < rounds; i++) if (face + bonus >= difficulty + i * recoil) k++
        brute[k]! += 0.1
      }
      const exact = hitCountChances({ bonus, difficulty, recoil, rounds })
      exact.forEach((p, k) => expect(p).toBeCloseTo(brute[k]!, 12))
      expect(exact.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    },
  )
})
