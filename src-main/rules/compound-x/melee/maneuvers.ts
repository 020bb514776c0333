import type { CombatantId } from '../../../../src-shared/records'
import { grappleStateOf, onlyTarget, type GrappleState, type GrappleStates } from './grapple-state'

/** The `000` Combat Maneuvers this module resolves. */
export type Maneuver =
  | { readonly kind: 'grapple' }
  | { readonly kind: 'pin' }
  | { readonly kind: 'disengage' }
  | { readonly kind: 'gain-control' }
  /** The attacker declares the direction; the map applies it. */
  | { readonly kind: 'shove' }
  | { readonly kind: 'kick'; readonly directlyAway: boolean }
  | { readonly kind: 'trip' }
  | { readonly kind: 'disarm'; readonly item: string; readonly defenderProficient: boolean }
  /** `000` Grappling: on a target the actor holds Pinned (the tool is the desk's to check). */
  | { readonly kind: 'restrain' }
  | { readonly kind: 'knockout' }
  | { readonly kind: 'kill' }

export type ManeuverKind = Maneuver['kind']

/** What a character in a grapple may spend its one Action on. */
export type GrappleAction = 'unarmed-strike' | ManeuverKind

/** `000` Grappling: what the one holding a Pinned target may try on it. */
export const ON_THE_PINNED: readonly ManeuverKind[] = ['restrain', 'knockout', 'kill']
const IN_CONTROL: readonly GrappleAction[] = ['unarmed-strike', 'shove', 'kick', 'trip', 'disarm', 'pin', 'disengage', ...ON_THE_PINNED]
const WITHOUT_CONTROL: readonly GrappleAction[] = ['unarmed-strike', 'disengage', 'gain-control']
const PINNED: readonly GrappleAction[] = ['disengage']
/** Outside a grapple: the maneuvers that start from free (plus any ordinary action). */
const FREE_MANEUVERS: readonly GrappleAction[] = ['grapple', 'shove', 'kick', 'trip', 'disarm']

/**
 * `000` Grappling: in control — Unarmed Strikes, the other maneuvers, Pin, Disengage; without
 * control — Unarmed Strikes, Disengage, Gain Control; pinned — Disengage only. Restrain, Knockout
 * and Kill sit with control too; `canAttempt` asks that the target be the actor's Pinned one.
 */
export function allowedActions(state: GrappleState): readonly GrappleAction[] {
  if (state.kind === 'pinned') return PINNED
  if (state.kind === 'grappled') return state.control ? IN_CONTROL : WITHOUT_CONTROL
  return FREE_MANEUVERS
}

export type Permission = { readonly ok: true } | { readonly ok: false; readonly reason: string }

const no = (reason: string): Permission => ({ ok: false, reason })

/** Whether `actor` may attempt `maneuver` against `target` given everyone's grapple state (`000` Grappling). */
export function canAttempt(states: GrappleStates, actor: CombatantId, target: CombatantId, maneuver: Maneuver): Permission {
  if (actor === target) return no('A maneuver needs another combatant as its target')
  const a = grappleStateOf(states, actor)
  const t = grappleStateOf(states, target)
  if (!allowedActions(a).includes(maneuver.kind)) {
    const where =
      a.kind === 'pinned'
        ? 'pinned'
        : a.kind === 'grappled'
          ? a.control
            ? 'in control of a grapple'
            : 'grappled without control'
          : 'not in a grapple'
    return no(`A combatant ${where} cannot ${maneuver.kind} (000 Grappling)`)
  }
  const partner = onlyTarget(a)
  if (partner !== null && partner !== target) return no('Grappled characters can only target each other (000 Grappling)')
  // Our choice: the documents say nothing of a third character grabbing someone already in a
  // grapple, so a grapple starts only between two free characters.
  if (maneuver.kind === 'grapple' && t.kind !== 'free') return no('The target is already in a grapple')
  if (maneuver.kind === 'pin' && t.kind === 'pinned') return no('The target is already pinned')
  if (ON_THE_PINNED.includes(maneuver.kind) && !(t.kind === 'pinned' && t.by === actor))
    return no('Only a target the actor holds Pinned can be restrained, knocked out or killed (000 Grappling)')
  return { ok: true }
}

/** Which roll a maneuver takes, given the actor's grapple state. */
export type CheckRule =
  /** Characters in control of a grapple disengage without rolling. */
  | { readonly kind: 'none'; readonly why: string }
  /** CX18: the actor rolls STR-Athletics, the defender its choice of STR-Athletics or DEX-Acrobatics. */
  | { readonly kind: 'opposed-maneuver' }
  /** Both choose STR-Athletics or DEX-Acrobatics (disengage without control, disarm). */
  | { readonly kind: 'both-choose'; readonly defenderDisadvantage: boolean }

export function checkRuleFor(maneuver: Maneuver, actorState: GrappleState): CheckRule {
  if (maneuver.kind === 'disengage') {
    if (actorState.kind === 'grappled' && actorState.control)
      return { kind: 'none', why: 'In control of the grapple: disengages without rolling (000 Disengage)' }
    return { kind: 'both-choose', defenderDisadvantage: false }
  }
  // `000` Disarm: the defender rolls at disadvantage for an item it is not proficient with.
  if (maneuver.kind === 'disarm') return { kind: 'both-choose', defenderDisadvantage: !maneuver.defenderProficient }
  return { kind: 'opposed-maneuver' }
}
