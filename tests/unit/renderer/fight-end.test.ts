import { describe, expect, it } from 'vitest'
import { belongsToFight, fightEnded, forgetFightIntent, type FightIntent } from '../../../src-renderer/lib/encounter/fight-end'

describe('when a fight ends', () => {
  it('is noticed when the running encounter goes away or is replaced, not when one starts', () => {
    expect(fightEnded('encounter:a', null)).toBe(true)
    expect(fightEnded('encounter:a', 'encounter:b')).toBe(true)
    expect(fightEnded(null, 'encounter:a')).toBe(false)
    expect(fightEnded('encounter:a', 'encounter:a')).toBe(false)
    expect(fightEnded(null, null)).toBe(false)
  })

  it('forgets the attack the GM had lined up, so the map judges no attacker', () => {
    const intent: FightIntent & { focus: number } = {
      attackerId: 'combatant:vex',
      targetId: 'combatant:raider',
      distance: 12.5,
      arms: { attackerId: 'combatant:vex', weapon: 1, mode: 'burst' },
      focus: 4,
    }
    forgetFightIntent(intent)
    expect(intent).toEqual({ attackerId: '', targetId: '', distance: null, arms: null, focus: 4 })
  })

  it('lets refusals about combatants and acts go, and keeps those about the campaign, files and the link', () => {
    for (const code of ['attack/unavailable', 'action/unavailable', 'combatant/downed', 'prompt/gone', 'desk/unavailable', 'economy/spent'])
      expect(belongsToFight(code), code).toBe(true)
    for (const code of ['campaign/locked', 'storage/full', 'backup/failed', 'import/syntax', 'connection/lost', 'image/too-large'])
      expect(belongsToFight(code), code).toBe(false)
  })
})
