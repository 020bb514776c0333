import { teamOf, type ForecastTeam } from '../../../src-shared/autopilot'
import type { CombatantRecord } from '../../../src-shared/records'
import type { StandingView } from '../../../src-shared/views'
import type { Ruleset } from '../../rules/ruleset'
import { activeEncounter } from '../commands/decide-context'
import type { RecordReader } from '../state/record-store'
import { standingOf } from '../state/rules-combatants'

/** Who is in a fight for the forecast and the autopilot, and who is still standing: one reading for both. */

/** The combatants a forecast counts: on a team, and in the order once turns run. */
export function fighters(state: RecordReader): CombatantRecord[] {
  const running = activeEncounter(state)?.round ?? 0
  return state.ofType('combatant').filter((c) => teamOf(c.side) !== null && (running === 0 || c.orderKey !== null))
}

/**
 * Standing read once per record (issue 35): a record is an immutable value, replaced whenever its
 * health, conditions or sheet change, so the ruleset's answer for that object never changes. A
 * simulated fight asks it for every fighter before every act. Off (`fast` false) it asks each time.
 */
const standings = new WeakMap<Ruleset, WeakMap<CombatantRecord, StandingView>>()

export function standingIn(ruleset: Ruleset, c: CombatantRecord, fast = false): StandingView {
  if (!fast) return standingOf(ruleset, c)
  let byRecord = standings.get(ruleset)
  if (!byRecord) standings.set(ruleset, (byRecord = new WeakMap()))
  let s = byRecord.get(c)
  if (!s) byRecord.set(c, (s = standingOf(ruleset, c)))
  return s
}

/** The team still standing when the other has nobody up; null while both have someone. */
export function winnerOf(
  state: RecordReader,
  ruleset: Ruleset,
  fast = false,
  among: readonly CombatantRecord[] = fighters(state),
): ForecastTeam | 'nobody' | null {
  let party = false
  let enemy = false
  for (const c of among) {
    if (standingIn(ruleset, c, fast).state !== 'up') continue
    if (teamOf(c.side) === 'party') party = true
    else enemy = true
  }
  if (party && enemy) return null
  return party ? 'party' : enemy ? 'enemy' : 'nobody'
}

/** Every pool its turn gives (not the reactions) is spent: whatever it tries now would be refused. */
export function turnSpent(ruleset: Ruleset, actor: Pick<CombatantRecord, 'rules' | 'spent'>): boolean {
  const pools = ruleset.economy(actor.rules).filter((p) => p.per === 'turn' && !p.reaction)
  return pools.length > 0 && pools.every((p) => (actor.spent[p.key] ?? 0) >= p.count)
}
