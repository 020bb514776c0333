import { describe, expect, it } from 'vitest'
import { rollBlackCat } from '../../../../src-main/rules/compound-x/dying/black-cat'
import { rollDeathSave } from '../../../../src-main/rules/compound-x/dying/death-save'
import {
  deathSaveChance,
  deathWithinTurns,
  shockWakeChance,
  stabiliseOdds,
  wakesByRollChance,
} from '../../../../src-main/rules/compound-x/dying/dying-odds'
import {
  freshDyingRecord,
  isDowned,
  onDeathSave,
  onDowned,
  onEncounterEnd,
  onStabilised,
  revivalLimit,
  type DownedRecord,
  type DyingRecord,
} from '../../../../src-main/rules/compound-x/dying/dying-state'
import { healWound, type Healer } from '../../../../src-main/rules/compound-x/dying/medicine-healing'
import {
  isShockUnconscious,
  onShockFailed,
  shockWakeAtTurnStart,
  shockWakeWindow,
  type ShockRecord,
} from '../../../../src-main/rules/compound-x/dying/shock-wake'
import {
  attemptStabilise,
  stabiliseModifiers,
  type StabiliseAttempt,
  type StabiliseSupport,
} from '../../../../src-main/rules/compound-x/dying/stabilise'
import { successChance } from '../../../../src-main/rules/compound-x/checks/d100-check'
import { sumModifiers as sumOf } from '../../../../src-main/rules/kit/modifier'
import type { StatBlock } from '../../../../src-main/rules/compound-x/stats/stat-block'
import { faces, stats } from './fixtures'

const downed = (failures = 0, capacity = 3, revivals = 0, successes = 0): DownedRecord => ({
  condition: { kind: 'downed', failures, successes },
  capacity,
  failedThisEncounter: failures > 0,
  revivalsThisEncounter: revivals,
})

function mustBeDowned(r: DyingRecord): DownedRecord {
  if (!isDowned(r)) throw new Error(`expected downed, got ${r.condition.kind}`)
  return r
}

function mustBeShocked(r: DyingRecord): ShockRecord {
  if (!isShockUnconscious(r)) throw new Error(`expected a shock knockout, got ${r.condition.kind}`)
  return r
}

/** Downs, rolls the given DST outcomes, and (if alive) stabilises: one downing's worth of CX27/CX28. */
function downing(record: DyingRecord, saves: readonly boolean[], fort = 5): DyingRecord {
  let r = mustBeDowned(onDowned(record).record)
  for (const s of saves) {
    const t = onDeathSave(r, s)
    if (t.died) return t.record
    r = mustBeDowned(t.record)
  }
  return onStabilised(r, fort).record
}

describe('CX27 downed and Death Saving Throws', () => {
  it('CX27: dropping below 1 health downs a standing combatant with no failures, and bleeds/burns fall off (000 Stabilize)', () => {
    const t = onDowned(freshDyingRecord())
    expect(t.record.condition).toEqual({ kind: 'downed', failures: 0, successes: 0 })
    expect(t).toMatchObject({ newlyDowned: true, persistentDamageFallsOff: true })
  })
  it('CX27: damage on a downed or dead combatant does not down it again', () => {
    for (const r of [downed(1), { ...freshDyingRecord(), condition: { kind: 'dead' } } satisfies DyingRecord]) {
      const t = onDowned(r)
      expect(t.record).toBe(r)
      expect(t).toMatchObject({ newlyDowned: false, persistentDamageFallsOff: false })
    }
  })
  it('CX27 + CX15: a downing swallows a shock knockout', () => {
    const out = onShockFailed(freshDyingRecord(), 5)
    expect(onDowned(out).record.condition.kind).toBe('downed')
  })
  it.each([
    [100, true],
    [51, true],
    [50, false],
    [1, false],
  ])('CX27: a DST of natural %i passes: %s (unmodified d100, success iff > 50)', (face, pass) => {
    const r = rollDeathSave(downed(), faces(face))
    expect(r.success).toBe(pass)
    expect(r.rolls.map((x) => x.faces)).toEqual([[face]])
    expect(mustBeDowned(r.record).condition).toEqual({ kind: 'downed', failures: pass ? 0 : 1, successes: pass ? 1 : 0 })
  })
  it.each([
    [3, 2, true],
    [3, 1, false],
    [2, 1, true],
    [1, 0, true],
  ])('CX27/CX28: capacity %i with %i failures already: another failure kills = %s', (capacity, failures, dies) => {
    const t = onDeathSave(downed(failures, capacity), false)
    expect(t.died).toBe(dies)
    expect(t.record.condition.kind).toBe(dies ? 'dead' : 'downed')
    expect(t.record.failedThisEncounter).toBe(true)
  })
  it('CX27: passed DSTs never revive on their own: ten passes later the combatant still bleeds out', () => {
    let r = downed()
    for (let i = 0; i < 10; i++) r = mustBeDowned(onDeathSave(r, true).record)
    expect(r.condition).toEqual({ kind: 'downed', failures: 0, successes: 10 })
  })
})

describe('CX28 DST capacity across downings and encounters', () => {
  it('CX28 (000 worked text): a failure in the 1st downing leaves 2 DSTs, another in the 2nd leaves 1, and it never drops below 1', () => {
    let r = downing(freshDyingRecord(), [false, true])
    expect(r.capacity).toBe(2)
    r = downing(r, [false])
    expect(r.capacity).toBe(1)
    // At capacity 1 the next failure kills; a downing without failures keeps the floor.
    r = downing(r, [true, true])
    expect(r.capacity).toBe(1)
    expect(onDeathSave(mustBeDowned(onDowned(r).record), false).died).toBe(true)
  })
  it('CX28: a downing with only passed DSTs costs no capacity', () => {
    expect(downing(freshDyingRecord(), [true, true, true]).capacity).toBe(3)
  })
  it.each([
    [1, false, 2],
    [2, false, 3],
    [3, false, 3],
    [1, true, 1],
    [2, true, 2],
  ])('CX28: encounter end at capacity %i (failed a DST: %s) → %i', (capacity, failed, after) => {
    const t = onEncounterEnd({ ...freshDyingRecord(), capacity, failedThisEncounter: failed, revivalsThisEncounter: 2 })
    expect(t.record.capacity).toBe(after)
    expect(t.capacityRegained).toBe(after > capacity)
    expect(t.record).toMatchObject({ failedThisEncounter: false, revivalsThisEncounter: 0 })
  })
  it('CX28: a failed DST in one encounter blocks the regain for that encounter only', () => {
    let r = downing(freshDyingRecord(), [false])
    r = onEncounterEnd(r).record
    expect(r.capacity).toBe(2)
    r = onEncounterEnd(r).record
    expect(r.capacity).toBe(3)
  })
})

describe('CX15 shock knockout and waking', () => {
  it.each([
    [5, 10],
    [14, 1],
    [15, 0],
    [18, 0],
  ])('CX15: FORT %i rolls to wake for at most %i turns', (fort, turns) => {
    expect(shockWakeWindow(fort)).toBe(turns)
  })
  it('CX15: a failed Shock save knocks a standing combatant out; a downed one stays downed', () => {
    expect(onShockFailed(freshDyingRecord(), 7).condition).toEqual({ kind: 'unconscious', cause: 'shock', wakeRollsLeft: 8 })
    const d = downed()
    expect(onShockFailed(d, 7)).toBe(d)
  })
  it.each([
    [63, 'woke', 'up'],
    [62, 'still-out', 'unconscious'],
  ])('CX15 + CX1: shock save +8, wake roll natural %i vs DC 70 → %s', (face, outcome, kind) => {
    const r = shockWakeAtTurnStart(mustBeShocked(onShockFailed(freshDyingRecord(), 5)), 8, faces(face))
    expect(r.outcome).toBe(outcome)
    expect(r.record.condition.kind).toBe(kind)
    expect(r.check).toMatchObject({ natural: face, total: face + 8, dc: 70 })
  })
  it('CX15 (interpretation): FORT 13 rolls twice; after the second failure it comes to at the next turn start without dice', () => {
    let r = mustBeShocked(onShockFailed(freshDyingRecord(), 13))
    const first = shockWakeAtTurnStart(r, 0, faces(10))
    r = mustBeShocked(first.record)
    expect(r.condition.wakeRollsLeft).toBe(1)
    const second = shockWakeAtTurnStart(r, 0, faces(70))
    r = mustBeShocked(second.record)
    expect(r.condition.wakeRollsLeft).toBe(0)
    // faces() with no faces throws if anything is rolled.
    const third = shockWakeAtTurnStart(r, 0, faces())
    expect(third).toMatchObject({ outcome: 'came-to', check: null, rolls: [] })
    expect(third.record.condition.kind).toBe('up')
  })
  it('CX15: FORT 15+ has no wake rolls: the combatant comes to at its first turn start', () => {
    const r = shockWakeAtTurnStart(mustBeShocked(onShockFailed(freshDyingRecord(), 16)), 20, faces())
    expect(r.outcome).toBe('came-to')
  })
})

const noHelp: StabiliseSupport = { assistant: false, kit: 'none' }

function attempt(
  over: Partial<StabiliseAttempt> = {},
  healer: Partial<StabiliseAttempt['healer']> = {},
  record = downed(),
  fort = 5,
): StabiliseAttempt {
  return {
    healer: { stats: stats(), skillRanks: 30, ...healer },
    patient: { kind: 'organic', fort, record },
    support: noHelp,
    ...over,
  }
}

describe('CX29 stabilise', () => {
  it('CX29 + CX2: DEX-based Medicine for organic targets, Repair for mechanical; a kit adds +20', () => {
    const a = attempt({ support: { assistant: true, kit: 'assistant-spends' } }, { stats: stats({ dex: 8 }), skillRanks: 25 })
    const mods = stabiliseModifiers(a)
    expect(mods.map((m) => [m.label, m.value, m.enabled])).toEqual([
      ['DEX 8 bonus', 12, true],
      ['Medicine ranks', 25, true],
      ['Medkit (assistant’s)', 20, true],
    ])
    expect(sumOf(stabiliseModifiers({ ...a, patient: { ...a.patient, kind: 'mechanical' }, support: noHelp }))).toBe(37)
    expect(stabiliseModifiers({ ...a, patient: { ...a.patient, kind: 'mechanical' } })[1]!.label).toBe('Repair ranks')
  })
  it.each<[StabiliseSupport, 'healer' | 'assistant' | null, number]>([
    [{ assistant: false, kit: 'none' }, null, 60],
    [{ assistant: false, kit: 'healer-spends' }, 'healer', 80],
    [{ assistant: true, kit: 'assistant-spends' }, 'assistant', 80],
    [{ assistant: true, kit: 'spent-this-round' }, null, 80],
  ])('CX29: kit support %j → spent by %s, total %i on a natural 30', (support, by, total) => {
    const r = attemptStabilise(attempt({ support }), faces(30))
    expect(r.kitSpentBy).toBe(by)
    expect(r.total).toBe(total)
  })
  it.each([
    [51, 'stabilised'],
    [50, 'failed'],
  ])('CX29 + CX1: bonus +30, natural %i against DC 80 → %s (a tie fails)', (face, kind) => {
    const r = attemptStabilise(attempt(), faces(face))
    expect(r.outcome.kind).toBe(kind)
  })
  it('CX29: success sets health 1, ends the downing and counts a revival; a failure changes nothing', () => {
    const ok = attemptStabilise(attempt(), faces(70))
    if (ok.outcome.kind !== 'stabilised') throw new Error('expected stabilised')
    expect(ok.outcome.revival).toMatchObject({ health: 1, revivalCounted: true, unconscious: false })
    expect(ok.record).toMatchObject({ condition: { kind: 'up' }, revivalsThisEncounter: 1 })
    const record = downed(1)
    expect(attemptStabilise(attempt({}, {}, record), faces(20)).record).toBe(record)
  })
  it.each([
    [1, 2],
    [4, 2],
    [5, 2],
    [6, 3],
    [9, 4],
    [12, 6],
  ])('CX29: FORT %i allows %i revivals per encounter', (fort, limit) => {
    expect(revivalLimit(fort)).toBe(limit)
  })
  it.each([
    [5, 1, false],
    [5, 2, true],
    [8, 3, false],
    [8, 4, true],
  ])('CX29: FORT %i with %i revivals already: the next one is unconscious = %s', (fort, before, out) => {
    const r = attemptStabilise(attempt({}, {}, downed(0, 3, before), fort), faces(70))
    expect(r.record.condition.kind).toBe(out ? 'unconscious' : 'up')
    expect(r.record.revivalsThisEncounter).toBe(before + 1)
  })
  it('CX29: a natural 91–100 that succeeds is a critical; by default the revival goes uncounted, the GM can count it', () => {
    const atLimit = downed(0, 3, 2)
    const r = attemptStabilise(attempt({}, {}, atLimit), faces(91))
    if (r.outcome.kind !== 'stabilised') throw new Error('expected stabilised')
    expect(r.outcome.critical).toBe(true)
    expect(r.record).toMatchObject({ condition: { kind: 'up' }, revivalsThisEncounter: 2 })
    const counted = attemptStabilise(attempt({ criticalCountsRevival: true }, {}, atLimit), faces(91))
    expect(counted.record).toMatchObject({ condition: { kind: 'unconscious' }, revivalsThisEncounter: 3 })
  })
  it('CX29 (interpretation): a natural 95 whose total misses the DC is no critical success', () => {
    const r = attemptStabilise(attempt({}, { stats: stats({ dex: 1 }), skillRanks: 0 }), faces(95))
    expect(r.total).toBe(79)
    expect(r.outcome.kind).toBe('failed')
  })
  it('CX29 + CX30: under Black Cat 3–4 a natural 95 is a plain success and the revival counts', () => {
    const r = attemptStabilise(attempt({}, { critsBlocked: true }), faces(95))
    expect(r.band).toBe('plain')
    expect(r.record.revivalsThisEncounter).toBe(1)
  })
  it('CX29 + CX3: rolling the average can neither crit nor fumble', () => {
    const low = attemptStabilise(attempt({ mode: 'average' }), faces(2, 5))
    expect(low).toMatchObject({ natural: 3, band: 'plain', outcome: { kind: 'failed' } })
    expect(low.rolls).toHaveLength(2)
  })
  it('CX29: a natural 1–5 forces an extra DST at once; a failed one that reaches capacity kills', () => {
    const r = attemptStabilise(attempt({}, {}, downed(2, 3)), faces(5, 50))
    expect(r.outcome).toMatchObject({ kind: 'critical-failure', then: { kind: 'died' } })
    expect(r.record.condition.kind).toBe('dead')
    expect(r.rolls.map((x) => x.faces[0])).toEqual([5, 50])
  })
  it('CX29: after a fumble the target stays downed if the total does not beat 80, carrying the extra DST', () => {
    const r = attemptStabilise(attempt(), faces(1, 80))
    expect(r.outcome).toMatchObject({ kind: 'critical-failure', then: { kind: 'still-downed' } })
    expect(r.record.condition).toEqual({ kind: 'downed', failures: 0, successes: 1 })
  })
  it('CX29 + CX28: a fumble whose total still beats 80 stabilises a surviving target, and the failed extra DST costs capacity', () => {
    // DEX 10 (+20) + 50 ranks + kit 20 = +90; natural 3 → 93.
    const r = attemptStabilise(
      attempt({ support: { assistant: false, kit: 'healer-spends' } }, { stats: stats({ dex: 10 }), skillRanks: 50 }),
      faces(3, 12),
    )
    expect(r.total).toBe(93)
    expect(r.outcome).toMatchObject({ kind: 'critical-failure', deathSave: { success: false }, then: { kind: 'stabilised' } })
    expect(r.record).toMatchObject({ condition: { kind: 'up' }, capacity: 2, failedThisEncounter: true })
  })
})

describe('001 Medicine Saving Throws: healing wounds', () => {
  const medic = (over: Partial<Extract<Healer, { kind: 'medic' }>> = {}): Healer => ({
    kind: 'medic',
    medicineSkill: 25,
    hasBag: true,
    medkit: false,
    ...over,
  })

  it('CX1 + 001 Medicine worked example: 70 damage, Medicine 25, total 86 → 41 healed, 29 left; then DC 29 heals the rest, never more', () => {
    const first = healWound([70], 0, medic(), faces(61))
    expect(first).toMatchObject({ success: true, total: 86, dc: 70, healed: 41, wounds: [29] })
    const second = healWound(first.wounds, 0, medic(), faces(50))
    expect(second).toMatchObject({ dc: 29, healed: 29, wounds: [] })
  })
  it.each([
    [20, false],
    [21, true],
  ])('CX1 + 001 Medicine: a 20-damage wound needs more than 20: total %i succeeds = %s; the other wounds are untouched', (total, ok) => {
    const r = healWound([20, 20, 20], 1, medic({ medicineSkill: 0 }), faces(total))
    expect(r.success).toBe(ok)
    expect(r.wounds).toEqual(ok ? [20, 19, 20] : [20, 20, 20])
  })
  it.each<[string, number, number, Healer]>([
    ['medic with bag', 70, 41, medic()],
    ['medic without bag: +20 DC, so the same 86 fails', 90, 0, medic({ hasBag: false })],
    ['medic with medkit, no bag: no +20, +30 healed (capped at the wound)', 70, 70, medic({ hasBag: false, medkit: true })],
    ['non-medic with medkit: skill 30', 70, 51, { kind: 'non-medic-with-medkit' }],
  ])('CX1 + 001 Medicine: %s (wound 70, natural 61) → DC %i, %i healed', (_, dc, healed, healer) => {
    const r = healWound([70], 0, healer, faces(61))
    expect(r.dc).toBe(dc)
    expect(r.healed).toBe(healed)
  })
  it('CX1 + 001 Medicine: a failed check heals nothing; treating a wound that is not there is refused', () => {
    expect(healWound([70], 0, medic(), faces(45))).toMatchObject({ success: false, healed: 0, wounds: [70] })
    expect(() => healWound([70], 1, medic(), faces(45))).toThrow(RangeError)
  })
})

describe('CX30 Black Cat', () => {
  const unlucky: StatBlock = stats({ luck: 1 })
  it.each([
    [1, 'weapon-broken'],
    [2, 'weapon-broken'],
    [3, 'no-criticals'],
    [4, 'no-criticals'],
    [5, 'stumbled'],
    [6, 'stumbled'],
    [9, 'spared'],
    [10, 'spared'],
  ])('CX30: d10 %i → %s', (face, kind) => {
    const r = rollBlackCat(unlucky, faces(face))
    expect(r?.effect.kind).toBe(kind)
    expect(r?.rolls).toHaveLength(1)
  })
  it('CX30: the effects carry their numbers: DC 60 repair; 15 damage and 3 first-turn actions', () => {
    expect(rollBlackCat(unlucky, faces(2))?.effect).toEqual({ kind: 'weapon-broken', repairDc: 60 })
    expect(rollBlackCat(unlucky, faces(6))?.effect).toMatchObject({ damage: 15, firstTurnActionsLost: 3 })
  })
  it.each([
    [7, 67, true],
    [8, 68, false],
  ])('CX30 + CX23: d10 %i rolls a DC 75 Will save (+8 at CHA 5, INT 5): natural %i gains Fear = %s', (d10, d100, fear) => {
    const r = rollBlackCat(unlucky, faces(d10, d100))
    expect(r?.effect).toMatchObject({ kind: 'nerve-check', gainsFear: fear, willSave: { total: d100 + 8, dc: 75 } })
    expect(r?.rolls.map((x) => x.sides)).toEqual([10, 100])
  })
  it('CX30: anyone with Luck above 1 rolls nothing', () => {
    expect(rollBlackCat(stats({ luck: 2 }), faces())).toBeNull()
  })
})

describe('CX27/CX15/CX29 exact odds', () => {
  it('CX27: P(DST passes) = 0.5', () => {
    expect(deathSaveChance()).toBe(0.5)
  })
  it.each([
    [3, 0, 2, 0],
    [3, 0, 3, 1 / 8],
    [3, 0, 4, 5 / 16],
    [2, 1, 1, 1 / 2],
    [1, 0, 2, 3 / 4],
  ])('CX27/CX28: capacity %i, %i failures: P(dead within %i DSTs) = %f', (capacity, failures, turns, p) => {
    expect(deathWithinTurns(downed(failures, capacity), turns)).toBeCloseTo(p, 12)
  })
  it('CX15: Shock save +8 wakes on 63+ (0.38 a roll); FORT 13 gets two rolls: 1 − 0.62²', () => {
    expect(shockWakeChance(8)).toBeCloseTo(0.38, 12)
    expect(wakesByRollChance(8, shockWakeWindow(13))).toBeCloseTo(1 - 0.62 ** 2, 12)
    expect(wakesByRollChance(8, shockWakeWindow(15))).toBe(0)
    expect(wakesByRollChance(8, 1)).toBeCloseTo(0.38, 12)
  })
  it('CX29: bonus +50: 70% stabilised, 10% critical, 5% fumbles; at capacity 1 half the fumbles kill', () => {
    const a = attempt({ support: { assistant: false, kit: 'healer-spends' } })
    expect(stabiliseOdds(a)).toMatchObject({ died: 0 })
    expect(stabiliseOdds(a).stabilised).toBeCloseTo(0.7, 12)
    expect(stabiliseOdds(a).critical).toBeCloseTo(0.1, 12)
    expect(stabiliseOdds(a).criticalFailure).toBeCloseTo(0.05, 12)
    const frail = stabiliseOdds({ ...a, patient: { ...a.patient, record: downed(0, 1) } })
    expect(frail.died).toBeCloseTo(0.025, 12)
    expect(frail.stillDowned).toBeCloseTo(0.3 - 0.025, 12)
  })
  it('CX29 + CX1: without a reachable fumble success, P(stabilised) equals successChance for every roll mode', () => {
    for (const mode of ['normal', 'advantage', 'disadvantage', 'average'] as const) {
      const a = attempt({ mode }, { skillRanks: 17 })
      expect(stabiliseOdds(a).stabilised).toBeCloseTo(successChance({ modifiers: stabiliseModifiers(a), mode }, 80), 12)
    }
    expect(stabiliseOdds(attempt({ mode: 'average' }))).toMatchObject({ critical: 0, criticalFailure: 0 })
  })
  it('CX29: the odds agree with attemptStabilise over every natural and every extra DST (bonus +90, capacity 1)', () => {
    const a = attempt({ support: { assistant: false, kit: 'healer-spends' } }, { stats: stats({ dex: 10 }), skillRanks: 50 }, downed(0, 1))
    const tally = { stabilised: 0, critical: 0, died: 0 }
    for (let n = 1; n <= 100; n++) {
      const dsts = n <= 5 ? Array.from({ length: 100 }, (_, i) => i + 1) : [null]
      for (const dst of dsts) {
        const w = 0.01 / dsts.length
        const r = attemptStabilise(a, dst === null ? faces(n) : faces(n, dst))
        if (r.record.condition.kind === 'up') tally.stabilised += w
        if (r.outcome.kind === 'stabilised' && r.outcome.critical) tally.critical += w
        if (r.record.condition.kind === 'dead') tally.died += w
      }
    }
    const odds = stabiliseOdds(a)
    expect(odds.stabilised).toBeCloseTo(tally.stabilised, 12)
    expect(odds.critical).toBeCloseTo(tally.critical, 12)
    expect(odds.died).toBeCloseTo(tally.died, 12)
    expect(odds.stabilised).toBeCloseTo(0.975, 12)
  })
})
