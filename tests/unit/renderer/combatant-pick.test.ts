import { describe, expect, it } from 'vitest'
import { aimDefault, fitsAim, type PickCandidate } from '../../../src-renderer/lib/forms/combatant-pick'

/* Whom a field that picks a combatant starts on: the one the act is for. */

const people: PickCandidate[] = [
  { id: 'pirate', side: 'enemy', down: true },
  { id: 'vale', side: 'party', down: false },
  { id: 'oso', side: 'ally', down: false },
  { id: 'thug', side: 'enemy', down: false },
  { id: 'trader', side: 'neutral', down: false },
]
const who = (id: string) => people.find((p) => p.id === id)!

describe('aimDefault', () => {
  it('a buff starts on the actor itself, and never keeps the enemy picked before', () => {
    expect(aimDefault('friend', people, 'vale', '')).toBe('vale')
    expect(aimDefault('friend', people, 'vale', 'thug')).toBe('vale')
    // An ally already picked still fits (the party and its allies stand together).
    expect(aimDefault('friend', people, 'vale', 'oso')).toBe('oso')
  })

  it('a harmful act starts on the first standing foe, and drops a pick that is now on the actor’s side', () => {
    expect(aimDefault('foe', people, 'vale', '')).toBe('thug')
    expect(aimDefault('foe', people, 'thug', 'thug')).toBe('vale')
    expect(aimDefault('foe', people, 'thug', 'oso')).toBe('oso')
  })

  it('an act for either keeps the GM’s pick, unless it is the actor itself; no actor, no pick', () => {
    expect(aimDefault(undefined, people, 'vale', '')).toBe('')
    expect(aimDefault(undefined, people, 'vale', 'thug')).toBe('thug')
    expect(aimDefault(undefined, people, 'vale', 'vale')).toBe('')
    expect(aimDefault('foe', people, '', 'thug')).toBe('')
  })

  it('a neutral stands with no one but itself', () => {
    expect(fitsAim('friend', who('trader'), who('vale'))).toBe(false)
    expect(fitsAim('foe', who('trader'), who('vale'))).toBe(true)
    expect(fitsAim('friend', who('trader'), who('trader'))).toBe(true)
  })
})
