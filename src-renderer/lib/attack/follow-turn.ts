import type { CombatantView } from '../../../src-shared/views'
import { teamOf } from '../../../src-shared/autopilot'
import type { Side } from '../../../src-shared/records'
import { isDown } from '../initiative/ribbon-text'

/**
 * The panels that act for a combatant (attack, other actions) follow the turn: when it passes,
 * they load whoever acts now and forget what was set up for the one before, so a stray Enter
 * can never fire for the previous actor (issue 32).
 */

/** A combatant as the panels weigh it for a default pick: its side, and whether it is out of the fight. */
export interface TurnCandidate<Id extends string = string> {
  readonly id: Id
  readonly side: Side
  readonly down: boolean
}

/** The combatants in acting order, each with whether the ruleset (or its health) has it out of the fight. */
export function turnCandidates(combatants: readonly CombatantView[]): TurnCandidate<CombatantView['id']>[] {
  return combatants.map((c) => ({ id: c.id, side: c.side, down: isDown(c) }))
}

/**
 * Which turn the encounter is on, as a key that changes when the turn passes (N, P, an undo of
 * either, a new round with the same combatant acting) and only then. Empty without a turn.
 */
export function turnKey(encounter: { readonly round: number; readonly currentCombatantId: string | null } | null): string {
  if (!encounter?.currentCombatantId) return ''
  return `${encounter.round}:${encounter.currentCombatantId}`
}

/**
 * Whether `b` is someone `a` fights: the party and its allies are one team against the enemies
 * (as the autopilot and the forecast count them); a side outside both teams opposes every other side.
 */
function opposes(a: Side, b: Side): boolean {
  const ta = teamOf(a)
  const tb = teamOf(b)
  return ta !== null && tb !== null ? ta !== tb : a !== b
}

/** The first standing opponent of the actor, in acting order; empty when there is none. */
export function defaultTarget<Id extends string>(candidates: readonly TurnCandidate<Id>[], actorId: Id | ''): Id | '' {
  const actor = candidates.find((c) => c.id === actorId)
  if (!actor) return ''
  return candidates.find((c) => opposes(actor.side, c.side) && !c.down)?.id ?? ''
}

/**
 * What a panel loads when the turn passes to `actingId`: that combatant as the actor (none when it
 * is out of the fight: a knocked-out combatant is never picked to act by default), aiming at the
 * first standing opponent.
 */
export function turnPick<Id extends string>(
  candidates: readonly TurnCandidate<Id>[],
  actingId: Id | null,
): { readonly actorId: Id | ''; readonly targetId: Id | '' } {
  const acting = candidates.find((c) => c.id === actingId)
  if (!acting || acting.down) return { actorId: '', targetId: '' }
  return { actorId: acting.id, targetId: defaultTarget(candidates, acting.id) }
}

/**
 * Focus left on a control inside a panel whose set-up just changed hands goes to the panel
 * itself: Enter then does nothing, and the GM's next keys (N, A…) still reach the desk.
 */
export function releaseFocus(panel: HTMLElement | undefined): void {
  const active = typeof document === 'undefined' ? null : document.activeElement
  if (!panel || !(active instanceof HTMLElement) || active === panel || !panel.contains(active)) return
  panel.focus({ preventScroll: true })
}
