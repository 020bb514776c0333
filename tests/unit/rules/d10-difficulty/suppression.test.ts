import { describe, expect, it } from 'vitest'
import type { JsonValue } from '../../../../src-shared/json'
import type { MapArea } from '../../../../src-main/rules/ruleset'
import { pathTouches, segmentGap } from '../../../../src-main/rules/d10-difficulty/suppression/lane-move'
import type { D10Sheet } from '../../../../src-main/rules/d10-difficulty/sheet/d10-sheet'
import { combatant, condition, d10, sheet, typed } from './d10-fixtures'

const gunner = combatant('Gunner', sheet(), { position: { x: 0, y: 0, radius: 0.5 }, acting: true })
const runner = combatant('Runner', sheet(), { position: { x: 30, y: 0, radius: 0.5 } })

function suppress(options: Record<string, number | string> = {}) {
  return d10.actions!.perform(
    { actorId: gunner.id, action: 'suppress', targetId: runner.id, options: { weapon: '0', width: 3, bullets: 2, actions: 2, ...options } },
    gunner,
    runner,
    typed(),
  )
}

describe('002 Suppressing Fire', () => {
  it('the GM sets the lane and bullets per action; the rounds leave the magazine; the lane is drawn from the shooter to the target', () => {
    const r = suppress()
    if (!r.ok) throw new Error(r.error.message)
    expect((r.value.actorRules as unknown as D10Sheet).weapons[0]!.ammo).toBe(30 - 4)
    expect(r.value.cost).toEqual([{ pool: 'action', amount: 1 }])
    const [lane, target] = r.value.conditions!
    expect(lane).toMatchObject({
      combatantId: gunner.id,
      add: [{ conditionId: 'suppressing', areaRadius: 1.5, areaTo: runner.id, duration: { kind: 'turnStart', of: gunner.id } }],
    })
    expect(target).toMatchObject({
      combatantId: runner.id,
      add: [{ conditionId: 'suppressed', sourceId: gunner.id, duration: { kind: 'turnStart', of: gunner.id } }],
    })
    expect(r.value.summary).toContain('4 rounds (2 per action)')
  })

  it('more bullets than the magazine holds is refused', () => {
    const r = suppress({ bullets: 20, actions: 2 })
    expect(!r.ok && r.error.code).toBe('suppress/ammo')
  })

  it('a suppressed target that moves draws its suppressor’s out-of-turn shot, prompted with exact odds', () => {
    const r = suppress()
    if (!r.ok) throw new Error(r.error.message)
    const grant = r.value.conditions![1]!.add![0]!
    const held = combatant('Runner', sheet(), {
      position: { x: 30, y: 0, radius: 0.5 },
      conditions: [condition('suppressed', { sourceId: gunner.id, data: grant.data })],
    })
    const moved = d10.onMapMove!(held, { from: { x: 30, y: 0 }, to: { x: 30, y: 6 } }, [])
    if (!moved?.ok) throw new Error('expected a prompt')
    const [prompt] = moved.value.prompts!
    expect(prompt!.reactorId).toBe(gunner.id)
    expect(prompt!.resolve).toEqual({
      kind: 'attack',
      request: {
        attackerId: gunner.id,
        targetId: held.id,
        weapon: 0,
        mode: 'single',
        options: { suppressionShot: true, targetMovement: 'slow' },
      },
    })
    // 30.6 m of E 300 is close: medium +1, moving slowly +2, shooter standing −1 → 7; d10 + 5 ≥ 7 hits on 2–10.
    expect(prompt!.odds).toContain('difficulty 7 at 30.6 m · hit 90.0%')
    expect(moved.value.outOfTurn).toBe('free')
  })

  it('a suppression the GM put on by hand still flags the move, for the GM to settle', () => {
    const held = combatant('Runner', sheet(), { conditions: [condition('suppressed', { sourceId: gunner.id })] })
    const moved = d10.onMapMove!(held, { from: { x: 30, y: 0 }, to: { x: 30, y: 6 } }, [])
    expect(moved?.ok && moved.value.prompts!.map((p) => [p.reactorId, p.resolve.kind])).toEqual([[gunner.id, 'note']])
  })

  it('the out-of-turn shot the prompt resolves is free and priced the way the prompt said', () => {
    const gunnerHere = combatant('Gunner', sheet(), { position: { x: 0, y: 0, radius: 0.5 } })
    const moved = combatant('Runner', sheet(), { position: { x: 30, y: 6, radius: 0.5 } })
    const request = {
      attackerId: gunnerHere.id,
      targetId: moved.id,
      weapon: 0,
      mode: 'single',
      options: { suppressionShot: true, targetMovement: 'slow' },
    }
    const p = d10.attacks!.preview(request, gunnerHere, moved)
    expect(p.ok && p.value.headline).toContain('difficulty 7')
    expect(p.ok && p.value.cost).toBe('free (suppressing fire)')
    const r = d10.attacks!.resolve(request, gunnerHere, moved, typed(2, 3, 4, 3))
    expect(r.ok && r.value.outOfTurn).toBe('free')
    expect(r.ok && r.value.cost).toEqual([])
  })

  it('someone else crossing a lane is flagged for the GM; a path clear of it sets nothing off', () => {
    const lane: MapArea = { bearerId: gunner.id, conditionId: 'suppressing', area: { x: 0, y: 0, radius: 1.5, to: { x: 30, y: 0 } } }
    const passer = combatant('Passer', sheet())
    const crossing = d10.onMapMove!(passer, { from: { x: 10, y: -5 }, to: { x: 12, y: 5 } }, [lane])
    expect(crossing?.ok && crossing.value.prompts!.map((p) => p.resolve.kind)).toEqual(['note'])
    expect(d10.onMapMove!(passer, { from: { x: 10, y: 5 }, to: { x: 20, y: 5 } }, [lane])).toBeNull()
  })

  it('a lane touches a passer’s base, as any area does (SR-CORE-10): a path 1.8 m off a 1.5 m lane’s line is flagged for a 0.4 m base', () => {
    const lane: MapArea = { bearerId: gunner.id, conditionId: 'suppressing', area: { x: 0, y: 0, radius: 1.5, to: { x: 30, y: 0 } } }
    const passer = combatant('Passer', sheet(), { position: { x: 4, y: 1.8, radius: 0.4 } })
    const moved = d10.onMapMove!(passer, { from: { x: 4, y: 1.8 }, to: { x: 9, y: 1.8 } }, [lane])
    expect(moved?.ok && moved.value.prompts!.map((p) => p.resolve.kind)).toEqual(['note'])
    expect(pathTouches({ from: { x: 4, y: 1.8 }, to: { x: 9, y: 1.8 } }, lane.area)).toBe(false)
  })

  it.each([
    [{ x: 0, y: 1 }, { x: 10, y: 1 }, { x: 0, y: 0 }, { x: 10, y: 0 }, 1],
    [{ x: 5, y: -3 }, { x: 5, y: 3 }, { x: 0, y: 0 }, { x: 10, y: 0 }, 0],
    [{ x: 13, y: 4 }, { x: 20, y: 4 }, { x: 0, y: 0 }, { x: 10, y: 0 }, 5],
  ])('the gap between segments %o–%o and %o–%o is %f', (a, b, c, d, gap) => {
    expect(segmentGap(a, b, c, d)).toBeCloseTo(gap, 9)
  })

  it('a lane is every point within its radius of the segment, a plain zone a circle', () => {
    expect(pathTouches({ from: { x: 5, y: 2 }, to: { x: 5, y: 1.4 } }, { x: 0, y: 0, radius: 1.5, to: { x: 10, y: 0 } })).toBe(true)
    expect(pathTouches({ from: { x: 5, y: 2 }, to: { x: 6, y: 2 } }, { x: 0, y: 0, radius: 1.5, to: { x: 10, y: 0 } })).toBe(false)
    expect(pathTouches({ from: { x: 3, y: 0 }, to: { x: 4, y: 0 } }, { x: 0, y: 0, radius: 2 })).toBe(false)
  })

  it('reloading ends the suppression: the lane and the suppressed target both', () => {
    const holding = combatant('Gunner', sheet(), {
      conditions: [condition('suppressing', { data: { targetId: runner.id, bullets: 2, width: 3 } as unknown as JsonValue })],
    })
    const r = d10.actions!.perform(
      { actorId: holding.id, action: 'reload', targetId: null, options: { weapon: '0' } },
      holding,
      null,
      typed(),
    )
    expect(r.ok && r.value.conditions).toEqual([
      { combatantId: holding.id, remove: ['suppressing'] },
      { combatantId: runner.id, remove: ['suppressed'] },
    ])
    expect(r.ok && r.value.summary).toContain('the suppressing fire ends')
    expect(r.ok && (r.value.actorRules as unknown as D10Sheet).weapons[0]).toMatchObject({ ammo: 30, spareMagazines: 1 })
  })
})
