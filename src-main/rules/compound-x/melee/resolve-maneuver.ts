import type { RollRecord } from '../../../../src-shared/dice'
import type { CombatantId } from '../../../../src-shared/records'
import type { Dice } from '../../dice'
import { attackerWinsOpposed, rollD100, type D100Check, type D100Result } from '../checks/d100-check'
import { grappleStateOf, type GrappleStates } from './grapple-state'
import { maneuverChecks, opposedWinChance, type ManeuverParticipant, type ManeuverSkill } from './maneuver-checks'
import { applyManeuver, type ManeuverEffects } from './maneuver-transitions'
import { canAttempt, checkRuleFor, type CheckRule, type Maneuver } from './maneuvers'

export interface ManeuverAttempt {
  readonly maneuver: Maneuver
  readonly actor: ManeuverParticipant & { readonly id: CombatantId }
  readonly defender: ManeuverParticipant & { readonly id: CombatantId }
  /** The defender always picks its skill; the actor's pick counts only where both choose (disengage, disarm). */
  readonly choices: { readonly actor?: ManeuverSkill; readonly defender: ManeuverSkill }
  /** Knockout / Kill: the checks already won in a row (SR-CX-61). */
  readonly streak?: number
}

export interface RolledCheck {
  readonly check: D100Check
  readonly result: D100Result
}

export type ManeuverOutcome =
  | { readonly kind: 'not-allowed'; readonly reason: string }
  | {
      readonly kind: 'resolved'
      readonly rule: CheckRule
      /** Null when no roll was needed (disengaging from control). */
      readonly checks: { readonly actor: RolledCheck; readonly defender: RolledCheck } | null
      readonly actorWins: boolean
      readonly effects: ManeuverEffects
      readonly rolls: readonly RollRecord[]
    }

export type ManeuverOdds =
  | { readonly kind: 'not-allowed'; readonly reason: string }
  | { readonly kind: 'odds'; readonly rule: CheckRule; readonly actorWins: number }

/** Resolves a maneuver with real dice: the permission check (`000` Grappling), the opposed CX1 checks (CX18), then its effects. */
export function resolveManeuver(attempt: ManeuverAttempt, states: GrappleStates, dice: Dice): ManeuverOutcome {
  const { maneuver, actor, defender } = attempt
  const permission = canAttempt(states, actor.id, defender.id, maneuver)
  if (!permission.ok) return { kind: 'not-allowed', reason: permission.reason }
  const rule = checkRuleFor(maneuver, grappleStateOf(states, actor.id))
  let checks: { actor: RolledCheck; defender: RolledCheck } | null = null
  if (rule.kind !== 'none') {
    const built = maneuverChecks(rule, actor, defender, attempt.choices)
    checks = {
      actor: { check: built.actor, result: rollD100(built.actor, dice) },
      defender: { check: built.defender, result: rollD100(built.defender, dice) },
    }
  }
  // CX1 / CX18: the higher total wins and the defender wins ties.
  const actorWins = checks === null || attackerWinsOpposed(checks.actor.result.total, checks.defender.result.total)
  const effects = applyManeuver(maneuver, {
    states,
    actor: actor.id,
    target: defender.id,
    actorStr: actor.stats.str,
    actorWon: actorWins,
    streak: attempt.streak ?? 0,
  })
  const rolls = checks ? [...checks.actor.result.rolls, ...checks.defender.result.rolls] : []
  return { kind: 'resolved', rule, checks, actorWins, effects, rolls }
}

/** Exact P(the actor succeeds) for the odds preview, from the d100 distributions (CX1, CX3, CX18). */
export function maneuverOdds(attempt: ManeuverAttempt, states: GrappleStates): ManeuverOdds {
  const { maneuver, actor, defender } = attempt
  const permission = canAttempt(states, actor.id, defender.id, maneuver)
  if (!permission.ok) return { kind: 'not-allowed', reason: permission.reason }
  const rule = checkRuleFor(maneuver, grappleStateOf(states, actor.id))
  if (rule.kind === 'none') return { kind: 'odds', rule, actorWins: 1 }
  const built = maneuverChecks(rule, actor, defender, attempt.choices)
  return { kind: 'odds', rule, actorWins: opposedWinChance(built.actor, built.defender) }
}
