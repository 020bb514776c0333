import { describe, expect, it } from 'vitest'
import { reachVerdicts } from '../../../src-renderer/lib/map/reach-verdicts'
import { refusedByWalls, withWallsAside } from '../../../src-renderer/lib/attack/act-positions'

/** Issue 34: the map marks a target behind a wall "no line of fire", in the core's words; the panels' walls switch. */

const wall = 'Vex cannot see Raider: a wall stands between them. Open a door, move, or set walls aside for this act.'

describe('the map’s marks and the walls switch (issue 34, SR-CORE-30)', () => {
  it('marks a target behind a wall as no line of fire, and one out of range as the ruleset says', () => {
    const v = reachVerdicts([
      { targetId: 'combatant:raider', blocked: wall },
      { targetId: 'combatant:gunner', blocked: 'Gunner is 40 m away: out of range' },
      { targetId: 'combatant:brute', blocked: null },
    ])
    expect(v.attacker).toBeNull()
    expect(v.blocked.get('combatant:raider')).toBe(`No line of fire: ${wall}`)
    expect(v.blocked.get('combatant:gunner')).toBe('Gunner is 40 m away: out of range')
    expect(v.blocked.has('combatant:brute')).toBe(false)
  })

  it('offers the walls switch for the core’s refusal only, and sends ignoreWalls only when on', () => {
    expect(refusedByWalls('position/noLineOfFire', null)).toBe(true)
    expect(refusedByWalls(null, wall)).toBe(true)
    expect(refusedByWalls('position/outOfRange', 'Raider is 40 m away')).toBe(false)
    expect(withWallsAside({ aim: 'hip' }, true)).toEqual({ aim: 'hip', ignoreWalls: true })
    expect(withWallsAside({ aim: 'hip' }, false)).toEqual({ aim: 'hip' })
  })
})
