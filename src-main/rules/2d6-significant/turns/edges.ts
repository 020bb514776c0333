import type { EdgeEffects, RulesCombatant } from '../../ruleset'
import { newRound } from '../actions/extended-task'
import { twoD6Sheets } from '../sheet/sheet-access'
import type { Live } from '../sheet/sheet-schema'

const effects = (c: RulesCombatant, live: Live, lines: string[], rest: Partial<EdgeEffects> = {}): EdgeEffects => ({
  rules: twoD6Sheets.store({ ...twoD6Sheets.of(c)!, live }),
  hp: c.hp,
  lines,
  rolls: [],
  ...rest,
})

/**
 * A new round: the heft and recoil owed from last round's attacks come off initiative (T6);
 * the round's reaction count and a task's "this round" start fresh (T3, T7).
 */
export function startOfRound(c: RulesCombatant): EdgeEffects | null {
  const s = twoD6Sheets.of(c)
  if (!s) return null
  const live = s.live
  const owed = live.pendingInitiative
  const fresh: Live = { ...live, pendingInitiative: 0, reactionsThisRound: 0, extended: live.extended ? newRound(live.extended) : null }
  if (owed === 0 && live.reactionsThisRound === 0 && live.extended?.thisRound === fresh.extended?.thisRound) return null
  const lines = owed > 0 ? [`${c.name} loses ${owed} initiative to heft/recoil from last round (T6)`] : []
  return effects(c, fresh, lines, owed > 0 ? { initiativeDelta: -owed } : {})
}

/** A fight begins: no aim held, nothing owed, Tactics unrolled, no task under way. */
export function startOfEncounter(c: RulesCombatant): EdgeEffects | null {
  const s = twoD6Sheets.of(c)
  if (!s) return null
  const live: Live = { ...s.live, aim: null, pendingInitiative: 0, reactionsThisRound: 0, tacticsUsed: false, extended: null }
  return JSON.stringify(live) === JSON.stringify(s.live) ? null : effects(c, live, [])
}

/** A fight ends: aim, owed initiative, the ambush flag and any unfinished task go (finishing it is the GM's story now). */
export function endOfEncounter(c: RulesCombatant): EdgeEffects | null {
  const s = twoD6Sheets.of(c)
  if (!s) return null
  const live: Live = { ...s.live, aim: null, pendingInitiative: 0, reactionsThisRound: 0, extended: null }
  if (JSON.stringify(live) === JSON.stringify(s.live) && !s.ambusher) return null
  return {
    rules: twoD6Sheets.store({ ...s, ambusher: false, live }),
    hp: c.hp,
    lines: s.ambusher ? [`${c.name}'s ambush is over`] : [],
    rolls: [],
  }
}
