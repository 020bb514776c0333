import type { CombatantId } from '../../../../src-shared/records'
import { grappleStateOf, partnerOf, releaseGrapple, startGrapple, withStates, type GrappleStates } from './grapple-state'
import type { Maneuver } from './maneuvers'

/** Who did it, to whom, and whether the actor won the opposed check (true when no roll was needed). */
export interface ManeuverContext {
  readonly states: GrappleStates
  readonly actor: CombatantId
  readonly target: CombatantId
  /** The actor's STR: shoves and kicks move half of it in metres. */
  readonly actorStr: number
  readonly actorWon: boolean
  /** Knockout / Kill: the actor's checks of this maneuver on this target already won in a row (SR-CX-61). */
  readonly streak?: number
}

/** What a maneuver changed. Movement is in metres along the direction the actor declared. */
export interface ManeuverEffects {
  readonly states: GrappleStates
  readonly actorMoves: number
  readonly targetMoves: number
  readonly targetProne: boolean
  readonly targetDrops: string | null
  /** The grapple the target (or the actor) was in ended. */
  readonly grappleEnded: boolean
  /** After breaking free of a grapple: Actions the disengager has left this round (`000` Disengage). */
  readonly actionsLeftThisRound: number | null
  /** `000` Grappling: the target is bound, helpless (a won Restrain). */
  readonly targetRestrained: boolean
  /** `000` Grappling: the second won Knockout or Kill in a row landed. */
  readonly subdued: 'knockout' | 'kill' | null
  /** Knockout / Kill: the run of won checks after this one (0 after a loss or the finish); null for other maneuvers. */
  readonly streak: number | null
  readonly notes: readonly string[]
}

const nothing = (c: ManeuverContext, note: string): ManeuverEffects => ({
  states: c.states,
  actorMoves: 0,
  targetMoves: 0,
  targetProne: false,
  targetDrops: null,
  grappleEnded: false,
  actionsLeftThisRound: null,
  targetRestrained: false,
  subdued: null,
  streak: null,
  notes: [note],
})

const LOST = 'The defender wins: nothing happens (CX18)'

/** `000` Grappling: both Grappled, the grappler in control. */
export function grapple(c: ManeuverContext): ManeuverEffects {
  if (!c.actorWon) return nothing(c, LOST)
  return { ...nothing(c, 'Both are Grappled; the attacker has control (000 Grappling)'), states: startGrapple(c.states, c.actor, c.target) }
}

/** `000` Pin: the defender becomes Pinned; the actor stays in control. */
export function pin(c: ManeuverContext): ManeuverEffects {
  if (!c.actorWon) return nothing(c, LOST)
  return { ...nothing(c, 'The defender is Pinned (000 Pin)'), states: withStates(c.states, [[c.target, { kind: 'pinned', by: c.actor }]]) }
}

/**
 * `000` Disengage: from control or after winning, the grapple ends and the disengager has 3
 * Actions this round (we read the text's "3 Actions" as applying to both ways out; SR-CX-63
 * counts them against the turn's pool, at the desk). A pinned character who wins only gets back
 * to Grappled, without control.
 */
export function disengage(c: ManeuverContext): ManeuverEffects {
  if (!c.actorWon) return nothing(c, 'The disengage fails: still in the grapple (000 Disengage)')
  const partner = partnerOf(grappleStateOf(c.states, c.actor))
  if (partner === null) return nothing(c, 'Not in a grapple')
  if (grappleStateOf(c.states, c.actor).kind === 'pinned') {
    const states = withStates(c.states, [
      [c.actor, { kind: 'grappled', with: partner, control: false }],
      [partner, { kind: 'grappled', with: c.actor, control: true }],
    ])
    return { ...nothing(c, 'No longer Pinned: Grappled, without control (000 Grappling)'), states }
  }
  return {
    ...nothing(c, 'The grapple ends (000 Disengage)'),
    states: releaseGrapple(c.states, c.actor),
    grappleEnded: true,
    actionsLeftThisRound: 3,
  }
}

/** `000` Gain Control: the actor takes control of the grapple. */
export function gainControl(c: ManeuverContext): ManeuverEffects {
  if (!c.actorWon) return nothing(c, LOST)
  const states = withStates(c.states, [
    [c.actor, { kind: 'grappled', with: c.target, control: true }],
    [c.target, { kind: 'grappled', with: c.actor, control: false }],
  ])
  return { ...nothing(c, 'The actor gains control of the grapple (000 Gain Control)'), states }
}

/** `000` Shoving: half the attacker's STR in metres (not rounded: STR 7 → 3.5 m). */
export const shoveDistance = (str: number): number => str / 2

/** `000` Shoving: both move; a grapple holds. */
export function shove(c: ManeuverContext): ManeuverEffects {
  if (!c.actorWon) return nothing(c, LOST)
  const d = shoveDistance(c.actorStr)
  return { ...nothing(c, `Both move ${d} m (000 Shoving)`), actorMoves: d, targetMoves: d }
}

/** Ends the target's grapple, if it is in one. */
function breakTargetGrapple(c: ManeuverContext): { states: GrappleStates; grappleEnded: boolean } {
  const inGrapple = grappleStateOf(c.states, c.target).kind !== 'free'
  return { states: inGrapple ? releaseGrapple(c.states, c.target) : c.states, grappleEnded: inGrapple }
}

/** `000` Kicking: only the target moves, 50% farther straight away; a grapple it was in ends. */
export function kick(c: ManeuverContext, directlyAway: boolean): ManeuverEffects {
  if (!c.actorWon) return nothing(c, LOST)
  const d = shoveDistance(c.actorStr) * (directlyAway ? 1.5 : 1)
  return { ...nothing(c, `The target moves ${d} m (000 Kicking)`), ...breakTargetGrapple(c), targetMoves: d }
}

/** `000` Trip: the target is knocked prone; a grapple it was in ends. */
export function trip(c: ManeuverContext): ManeuverEffects {
  if (!c.actorWon) return nothing(c, LOST)
  return { ...nothing(c, 'The target is Prone (000 Trip)'), ...breakTargetGrapple(c), targetProne: true }
}

/** `000` Disarm: the defender drops the declared item. */
export function disarm(c: ManeuverContext, item: string): ManeuverEffects {
  if (!c.actorWon) return nothing(c, LOST)
  return { ...nothing(c, `The defender drops ${item} (000 Disarm)`), targetDrops: item }
}

/**
 * `000` Grappling: restraining a Pinned target with a tool renders it helpless. The pair stays
 * as it was ("still grappled and must spend an Action to disengage").
 */
export function restrain(c: ManeuverContext): ManeuverEffects {
  if (!c.actorWon) return nothing(c, LOST)
  return { ...nothing(c, 'The target is Restrained: helpless until it breaks the bonds (000 Grappling)'), targetRestrained: true }
}

/** `000` Grappling: Knockout and Kill "require two consecutively won opposed maneuver checks". */
export const WINS_TO_SUBDUE = 2

/**
 * `000` Grappling: Knockout and Kill on a Pinned target. A win adds to the run (SR-CX-61), a loss
 * ends it; the second win in a row lands it. The pair stays grappled either way.
 */
export function subdue(c: ManeuverContext, kind: 'knockout' | 'kill'): ManeuverEffects {
  const word = kind === 'kill' ? 'Kill' : 'Knockout'
  if (!c.actorWon) return { ...nothing(c, `${LOST}; the ${word} must start over (SR-CX-61)`), streak: 0 }
  const wins = (c.streak ?? 0) + 1
  if (wins < WINS_TO_SUBDUE)
    return { ...nothing(c, `${word}: ${wins} of ${WINS_TO_SUBDUE} won checks in a row (000 Grappling, SR-CX-61)`), streak: wins }
  return { ...nothing(c, `${word}: ${wins} won checks in a row (000 Grappling)`), streak: 0, subdued: kind }
}

export function applyManeuver(m: Maneuver, c: ManeuverContext): ManeuverEffects {
  switch (m.kind) {
    case 'grapple':
      return grapple(c)
    case 'pin':
      return pin(c)
    case 'disengage':
      return disengage(c)
    case 'gain-control':
      return gainControl(c)
    case 'shove':
      return shove(c)
    case 'kick':
      return kick(c, m.directlyAway)
    case 'trip':
      return trip(c)
    case 'disarm':
      return disarm(c, m.item)
    case 'restrain':
      return restrain(c)
    case 'knockout':
    case 'kill':
      return subdue(c, m.kind)
  }
}
