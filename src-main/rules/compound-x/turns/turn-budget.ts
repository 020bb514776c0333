/**
 * The Compound X numbers of the action economy the core does not know by itself. The turn's
 * actions, reactions and held actions are the core's economy pools (`cx-ruleset.ts` declares
 * them); what is left here is the counting the sprint rules do on top of them.
 */

/** CX20: up to 3 reactions per round (held actions included: `000` calls them a type of reaction). */
export const REACTIONS_PER_ROUND = 3
/** CX20: at most 2 actions may be held. */
export const MAX_HELD_ACTIONS = 2
/** `000` Movement and Sprinting: the sprint penalty lasts through the 2 actions after a sprint. */
export const SPRINT_AFTERGLOW_ACTIONS = 2

/**
 * `000` Movement and Sprinting, counted on the combatant's own actions (so across turn ends):
 * the consecutive sprint actions so far, and the actions still under the sprint penalty (CX6).
 * Kept on the live state (`live.sprint`): the Move action sprints, `cx-costs.ts` ages it.
 */
export type SprintTrack = {
  readonly streak: number
  readonly window: number
}

export const NO_SPRINT: SprintTrack = { streak: 0, window: 0 }

/**
 * Time passing for the sprint rules: a sprint lengthens the streak and opens the 2-action
 * window; any other action, and any action left unspent or lost (hitting the dirt), breaks the
 * streak and ages the window.
 */
export function afterActions(t: SprintTrack, actions: number, sprinting: boolean): SprintTrack {
  if (actions <= 0) return t
  if (sprinting) return { streak: t.streak + actions, window: SPRINT_AFTERGLOW_ACTIONS }
  return { streak: 0, window: Math.max(0, t.window - actions) }
}

/** `000` Movement and Sprinting: at most FORT consecutive sprint actions. */
export function sprintRefusal(t: SprintTrack, actions: number, fort: number): string | null {
  return t.streak + actions > fort
    ? `Sprinting is limited to FORT (${fort}) consecutive actions; ${t.streak} already sprinted (000 Movement and Sprinting)`
    : null
}

/** CX6: whether a shot taken now counts as "sprinted this action or the 2 before". */
export const shooterSprinted = (t: SprintTrack): boolean => t.window > 0
