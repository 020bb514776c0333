import { describe, expect, it } from 'vitest'
import type { CombatantView } from '../../../src-shared/views'
import { defaultTarget, turnCandidates, turnKey, turnPick, type TurnCandidate } from '../../../src-renderer/lib/attack/follow-turn'

// Vex and Ash against three Raiders; Raider 3 is knocked out.
const fight: TurnCandidate[] = [
  { id: 'raider-3', side: 'enemy', down: true },
  { id: 'vex', side: 'party', down: false },
  { id: 'raider-1', side: 'enemy', down: false },
  { id: 'ash', side: 'party', down: false },
  { id: 'raider-2', side: 'enemy', down: false },
]

describe('the panels follow the turn', () => {
  it('changes its key when the turn passes, a new round with the same actor included, and only then', () => {
    expect(turnKey(null)).toBe('')
    expect(turnKey({ round: 0, currentCombatantId: null })).toBe('')
    const vex = turnKey({ round: 1, currentCombatantId: 'vex' })
    expect(turnKey({ round: 1, currentCombatantId: 'vex' })).toBe(vex)
    expect(turnKey({ round: 1, currentCombatantId: 'ash' })).not.toBe(vex)
    expect(turnKey({ round: 2, currentCombatantId: 'vex' })).not.toBe(vex)
  })

  it('loads whoever acts now, aimed at the first standing opponent: never a knocked-out one', () => {
    expect(turnPick(fight, 'vex')).toEqual({ actorId: 'vex', targetId: 'raider-1' })
    expect(turnPick(fight, 'raider-1')).toEqual({ actorId: 'raider-1', targetId: 'vex' })
  })

  it('an ally fights on the party’s side: it is aimed at an enemy, never at the party it stands with', () => {
    const withAlly: TurnCandidate[] = [{ id: 'shade', side: 'ally', down: false }, ...fight]
    expect(turnPick(withAlly, 'shade')).toEqual({ actorId: 'shade', targetId: 'raider-1' })
    expect(turnPick(withAlly, 'raider-1')).toEqual({ actorId: 'raider-1', targetId: 'shade' })
    expect(turnPick(withAlly, 'vex')).toEqual({ actorId: 'vex', targetId: 'raider-1' })
  })

  it('picks no actor when the acting combatant is out of the fight, or unknown', () => {
    expect(turnPick(fight, 'raider-3')).toEqual({ actorId: '', targetId: '' })
    expect(turnPick(fight, null)).toEqual({ actorId: '', targetId: '' })
    expect(turnPick(fight, 'gone')).toEqual({ actorId: '', targetId: '' })
  })

  it('leaves the target empty when every opponent is down', () => {
    const won = fight.map((c) => (c.side === 'enemy' ? { ...c, down: true } : c))
    expect(turnPick(won, 'ash')).toEqual({ actorId: 'ash', targetId: '' })
    expect(defaultTarget(won, 'ash')).toBe('')
    expect(defaultTarget(fight, '')).toBe('')
  })

  it('reads out of the fight from the ruleset standing, else from the health', () => {
    const view = (id: string, standing: string | null, hp: number) =>
      ({
        id,
        side: 'enemy',
        standing: standing && { state: standing },
        numbers: { kind: 'exact', hp, maxHp: 10 },
      }) as unknown as CombatantView
    expect(turnCandidates([view('a', 'up', 0), view('b', 'knocked-out', 7), view('c', null, 0), view('d', null, 4)])).toEqual([
      { id: 'a', side: 'enemy', down: false },
      { id: 'b', side: 'enemy', down: true },
      { id: 'c', side: 'enemy', down: true },
      { id: 'd', side: 'enemy', down: false },
    ])
  })
})
