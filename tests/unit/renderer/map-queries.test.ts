import { describe, expect, it } from 'vitest'
import { LatestOnly } from '../../../src-renderer/lib/map/latest-only'
import { tokensUnder } from '../../../src-renderer/lib/map/area-cover'
import { reachVerdicts } from '../../../src-renderer/lib/map/reach-verdicts'

/** A request the test answers by hand, in any order. */
function manualAsk() {
  const asked: { q: number; answer: (a: string) => void }[] = []
  const ask = (q: number) => new Promise<string>((answer) => asked.push({ q, answer }))
  return { asked, ask }
}
const settle = () => new Promise((r) => setTimeout(r, 0))

describe('the latest-only queue (map previews asked of the core)', () => {
  it('keeps one question in flight and asks only the latest of those that came meanwhile', async () => {
    const { asked, ask } = manualAsk()
    const answers: string[] = []
    const queue = new LatestOnly<number, string>(ask, (a, q) => answers.push(`${q}:${a}`))
    for (const q of [1, 2, 3, 4]) queue.request(q)
    expect(asked.map((a) => a.q)).toEqual([1])
    asked[0]!.answer('one')
    await settle()
    expect(asked.map((a) => a.q)).toEqual([1, 4])
    asked[1]!.answer('four')
    await settle()
    expect(answers).toEqual(['1:one', '4:four'])
  })

  it('ignores the answer in flight after a clear, and asks nothing that was waiting', async () => {
    const { asked, ask } = manualAsk()
    const answers: string[] = []
    const queue = new LatestOnly<number, string>(ask, (a) => answers.push(a))
    queue.request(1)
    queue.request(2)
    queue.clear()
    asked[0]!.answer('stale')
    await settle()
    expect(answers).toEqual([])
    expect(asked).toHaveLength(1)
    queue.request(3)
    await settle()
    asked[1]!.answer('fresh')
    await settle()
    expect(answers).toEqual(['fresh'])
  })
})

describe('tokens under area templates', () => {
  it('counts a token whose base the circle touches, touching edge included', () => {
    const token = (combatantId: `combatant:${string}`, x: number, y: number) => ({ token: { combatantId, x, y } })
    const placed = [token('combatant:a', 0, 0), token('combatant:b', 3.5, 0), token('combatant:c', 3.6, 0), token('combatant:d', 20, 20)]
    expect([...tokensUnder([{ x: 0, y: 0, radius: 3 }], placed, 0.5)].sort()).toEqual(['combatant:a', 'combatant:b'])
    expect(
      [
        ...tokensUnder(
          [
            { x: 0, y: 0, radius: 3 },
            { x: 21, y: 21, radius: 2 },
          ],
          placed,
          0.5,
        ),
      ].sort(),
    ).toEqual(['combatant:a', 'combatant:b', 'combatant:d'])
    expect(tokensUnder([], placed, 0.5).size).toBe(0)
  })
})

describe('what the map shows of a previewReach answer', () => {
  const a = 'combatant:a' as const
  const b = 'combatant:b' as const
  const c = 'combatant:c' as const
  it('marks each target out of reach with its own reason', () => {
    const v = reachVerdicts([
      { targetId: a, blocked: null },
      { targetId: b, blocked: '30 m is beyond the pistol' },
      { targetId: c, blocked: '40 m is beyond the pistol' },
    ])
    expect([...v.blocked]).toEqual([
      [b, '30 m is beyond the pistol'],
      [c, '40 m is beyond the pistol'],
    ])
    expect(v.attacker).toBeNull()
  })
  it('says once, by the attacker, why it can attack nobody, rather than marking everyone out of range', () => {
    const v = reachVerdicts([
      { targetId: a, blocked: 'The magazine is empty: reload first.' },
      { targetId: b, blocked: 'The magazine is empty: reload first.' },
    ])
    expect(v).toEqual({ blocked: new Map(), attacker: 'The magazine is empty: reload first.' })
    // One target alone cannot tell the two apart: it is marked.
    expect(reachVerdicts([{ targetId: a, blocked: 'jammed' }]).blocked.get(a)).toBe('jammed')
    expect(reachVerdicts([])).toEqual({ blocked: new Map(), attacker: null })
  })
})
