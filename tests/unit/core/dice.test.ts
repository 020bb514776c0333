import { describe, expect, it } from 'vitest'
import { describeRoll, parseDiceExpression } from '../../../src-shared/dice'
import { DiceError, DiceRoller } from '../../../src-main/core/dice/dice-roller'
import { scriptedSource, seededSource } from '../../../src-main/core/dice/random-source'
import { CampaignHarness } from '../helpers/campaign-harness'

describe('dice', () => {
  it('maps the generator onto 1..N (R0.1: the d100 00 face reads 100)', () => {
    const dice = new DiceRoller(scriptedSource([0, 0.999999, 0.5]), undefined)
    const r = dice.roll({ count: 3, sides: 100, modifier: 2 }, 'test')
    expect(r.faces).toEqual([1, 100, 51])
    expect(r.total).toBe(154)
    expect(r.source).toBe('seeded')
  })

  it('a scripted source fails loudly when it runs out', () => {
    const dice = new DiceRoller(scriptedSource([0.1]), undefined)
    dice.roll({ count: 1, sides: 6, modifier: 0 }, 'a')
    expect(() => dice.roll({ count: 1, sides: 6, modifier: 0 }, 'b')).toThrow(/exhausted/)
  })

  it('restores a generator from its saved state', () => {
    const a = seededSource('s')
    a.next()
    const saved = a.state()
    const b = seededSource('s', saved)
    expect([b.next(), b.next()]).toEqual([a.next(), a.next()])
  })

  it('parses and refuses expressions', () => {
    expect(parseDiceExpression('2d6+3')).toEqual({ count: 2, sides: 6, modifier: 3 })
    expect(parseDiceExpression(' d100 ')).toEqual({ count: 1, sides: 100, modifier: 0 })
    expect(parseDiceExpression('d1')).toBeNull()
    expect(parseDiceExpression('1000d6')).toBeNull()
    expect(parseDiceExpression('2d6*3')).toBeNull()
  })

  it('typed dice from the table are used as given and marked in the log', async () => {
    const h = await CampaignHarness.create()
    h.must('dice/roll', { expression: '2d10', purpose: 'Vex shoots' }, [7, 3])
    const entry = h.campaign.store.ofType('log')[0]!
    expect(entry.rolls[0]).toMatchObject({ faces: [7, 3], total: 10, source: 'typed' })
    expect(describeRoll(entry.rolls[0]!)).toBe('2d10 [7, 3] = 10 (typed)')
    // The seeded generator did not move: the next seeded roll equals a fresh campaign's first.
    const fresh = await CampaignHarness.create()
    h.must('dice/roll', { expression: 'd100' })
    fresh.must('dice/roll', { expression: 'd100' })
    expect(h.campaign.store.ofType('log').at(-1)!.rolls[0]!.faces).toEqual(fresh.campaign.store.ofType('log')[0]!.rolls[0]!.faces)
  })

  it('refuses too few, too many or impossible typed faces, changing nothing', async () => {
    const h = await CampaignHarness.create()
    const seq = h.campaign.seq
    const short = h.run('dice/roll', { expression: '3d6' }, [1, 2])
    expect(!short.ok && short.error.code).toBe('dice/needMoreTyped')
    const extra = h.run('dice/roll', { expression: 'd6' }, [1, 2])
    expect(!extra.ok && extra.error.code).toBe('dice/tooManyTyped')
    const high = h.run('dice/roll', { expression: 'd6' }, [7])
    expect(!high.ok && high.error.message).toMatch(/d6 shows 1–6/)
    expect(h.campaign.seq).toBe(seq)
    expect(h.campaign.store.ofType('log')).toHaveLength(0)
    expect(new DiceError('dice/needMoreTyped', 'x')).toBeInstanceOf(Error)
  })
})
