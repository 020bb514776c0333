import { randomUUID } from 'node:crypto'
import type { AutopilotCommand, AutopilotRun, Suggestion } from '../../../src-shared/autopilot'
import { FORECAST_LIMITS } from '../../../src-shared/autopilot'
import type { CommandAck } from '../../../src-shared/contract'
import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import { activeEncounter } from '../commands/decide-context'
import { seededSource } from '../dice/random-source'
import type { RecordReader } from '../state/record-store'
import { aimAtFrom, placeAct } from '../geometry/act-placement'
import { winnerOf } from './fighters'
import { rankActs, type Candidate, type OddsSource } from './policy'
import { comparisonReason } from './reason-compare'
import { decideOn } from './sim-table'

/**
 * The autopilot on the live campaign (issue 17): what the acting combatant would do, worked out
 * with exact previews of the state on screen, and NPC turns played as ordinary commands. Checking
 * that the rules take an act runs its decider with dice of its own: the campaign's generator is
 * never drawn on until the GM (or Run NPC turns) issues the act.
 */

/**
 * Each attack placed as the core would place it (`placeAct`): a target behind a wall is refused
 * there, so the policy never ranks it (SR-CORE-30), and one behind low cover is judged with it.
 */
export const liveOdds =
  (ruleset: Ruleset): OddsSource =>
  (request, a, t, state) => {
    if (!ruleset.attacks) return fail('attack/unsupported', `The ${ruleset.name} ruleset does not resolve attacks.`)
    const placed = placeAct(state, request.options, a, t)
    if (!placed.ok) return placed
    // As the desk's preview (`previewAttack`): a stray's candidates judged where they stand, through the walls (SR-CX-180).
    return ruleset.attacks.preview(
      { ...request, options: placed.value.options },
      placed.value.actor,
      placed.value.target!,
      aimAtFrom(state, request.options, a),
    )
  }

function actingCombatant(state: RecordReader, wanted?: CombatantId): Result<CombatantRecord> {
  const e = activeEncounter(state)
  if (!e || e.round < 1 || !e.currentCombatantId) return fail('autopilot/noTurn', 'Roll initiative first: the autopilot plays turns.')
  const acting = state.get(e.currentCombatantId)
  if (acting?.typeName !== 'combatant') return fail('autopilot/noTurn', 'Nobody is acting right now; pass the turn on first.')
  if (wanted && wanted !== acting.id) {
    const other = state.get(wanted)
    const name = other?.typeName === 'combatant' ? other.name : 'That combatant'
    return fail('autopilot/notTheirTurn', `${name} is not acting: it is ${acting.name}'s turn. The autopilot plays the acting combatant.`)
  }
  return ok(acting)
}

/** The act the policy would take now, the first of its ranking the rules accept, with the runners-up. */
export function suggestTurn(state: RecordReader, ruleset: Ruleset, combatantId?: CombatantId): Result<Suggestion> {
  const actor = actingCombatant(state, combatantId)
  if (!actor.ok) return actor
  const ranked = rankActs({ state, ruleset, actor: actor.value, odds: liveOdds(ruleset) })
  // Its own dice: whether the rules take an act must not move the campaign's generator.
  const scratch = seededSource(`autopilot-check:${actor.value.id}`)
  const chosen = ranked.findIndex((c) => decideOn(state, ruleset, scratch, c.command.type, c.command.payload as never).ok)
  if (chosen === -1) return fail('autopilot/stuck', `The rules take none of ${actor.value.name}'s acts, not even ending the turn.`)
  const best = ranked[chosen]!
  const rest = ranked.filter((c, i) => i !== chosen && c.command.type !== 'encounter/nextTurn')
  return ok({
    actorId: actor.value.id,
    actorName: actor.value.name,
    label: best.label,
    command: best.command,
    odds: best.odds,
    reasons: [...best.reasons(), ...comparison(best, rest[0])],
    alternatives: rest.slice(0, 4).map((c) => ({ label: c.label, command: c.command, odds: c.odds })),
  })
}

/** One line on why the best beat the runner-up, naming the measure that decided (reason-compare.ts). */
function comparison(best: Candidate, next: Candidate | undefined): string[] {
  if (!next || best.command.type === 'encounter/nextTurn') return []
  return [comparisonReason(best, next)]
}

/** Issues one act as the GM's "Do it" would: an ordinary command, marked as the autopilot's. */
export type IssueCommand = (command: AutopilotCommand & { meta: { commandId: string; autopilot: true } }) => Result<CommandAck>

/**
 * Plays NPC turns: each act is the suggestion, issued as an ordinary command (journaled, logged as
 * the autopilot's, undone one at a time). Stops at a player character's turn, a reaction waiting
 * for the GM, the end of the fight, a refusal, or `maxActs`. It yields after each act, so each
 * one's diff leaves for the windows (and is painted) before the next is worked out.
 */
export async function runNpcTurns(
  read: () => { readonly state: RecordReader; readonly ruleset: Ruleset } | null,
  issue: IssueCommand,
  maxActs: number = FORECAST_LIMITS.maxRunActs,
): Promise<AutopilotRun> {
  let acts = 0
  const stop = (stopped: AutopilotRun['stopped'], message: string): AutopilotRun => ({ acts, stopped, message })
  for (;;) {
    const live = read()
    if (!live) return stop('noTurn', 'No campaign is open.')
    const { state, ruleset } = live
    const acting = actingCombatant(state)
    if (!acting.ok) return stop('noTurn', acting.error.message)
    const won = winnerOf(state, ruleset)
    if (won !== null)
      return stop(
        'over',
        won === 'nobody' ? 'Nobody is left standing.' : `The fight is decided: the ${won === 'party' ? 'party' : 'enemies'} stand alone.`,
      )
    const waiting = state.ofType('prompt')
    if (waiting.length > 0) return stop('prompt', `A reaction waits for the GM: ${waiting[0]!.text}`)
    if (acting.value.kind === 'pc') return stop('player', `${acting.value.name}'s turn: a player acts.`)
    if (acts >= maxActs) return stop('limit', `Stopped after ${acts} acts; press again to go on.`)
    const s = suggestTurn(state, ruleset)
    if (!s.ok) return stop('refused', s.error.message)
    const done = issue({ ...s.value.command, meta: { commandId: `autopilot-${randomUUID()}`, autopilot: true } })
    if (!done.ok) return stop('refused', `${s.value.actorName}: ${done.error.message}`)
    acts++
    await new Promise<void>((resolve) => setImmediate(resolve))
  }
}
