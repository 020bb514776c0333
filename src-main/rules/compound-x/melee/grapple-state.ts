import type { CombatantId } from '../../../../src-shared/records'

/**
 * One combatant's part in a grapple (`000` Grappling). The two sides of a grapple always
 * agree: A `{ grappled, with: B, control }` pairs with B `{ grappled, with: A, control: !control }`,
 * or, once B is pinned, A `{ grappled, with: B, control: true }` with B `{ pinned, by: A }`.
 */
export type GrappleState =
  | { readonly kind: 'free' }
  | { readonly kind: 'grappled'; readonly with: CombatantId; readonly control: boolean }
  | { readonly kind: 'pinned'; readonly by: CombatantId }

/** Every combatant's grapple state by id; a combatant not listed is free. */
export type GrappleStates = Readonly<Partial<Record<CombatantId, GrappleState>>>

export const FREE: GrappleState = { kind: 'free' }

export const grappleStateOf = (states: GrappleStates, id: CombatantId): GrappleState => states[id] ?? FREE

/** The other side of this combatant's grapple, if any. */
export function partnerOf(state: GrappleState): CombatantId | null {
  if (state.kind === 'grappled') return state.with
  if (state.kind === 'pinned') return state.by
  return null
}

export function withStates(states: GrappleStates, changes: readonly (readonly [CombatantId, GrappleState])[]): GrappleStates {
  const next: Partial<Record<CombatantId, GrappleState>> = { ...states }
  for (const [id, state] of changes) {
    if (state.kind === 'free') delete next[id]
    else next[id] = state
  }
  return next
}

/** Ends the grapple `id` is part of, freeing both sides. */
export function releaseGrapple(states: GrappleStates, id: CombatantId): GrappleStates {
  const partner = partnerOf(grappleStateOf(states, id))
  return partner === null
    ? states
    : withStates(states, [
        [id, FREE],
        [partner, FREE],
      ])
}

/** Starts a grapple: both Grappled, the grappler in control. */
export const startGrapple = (states: GrappleStates, grappler: CombatantId, target: CombatantId): GrappleStates =>
  withStates(states, [
    [grappler, { kind: 'grappled', with: target, control: true }],
    [target, { kind: 'grappled', with: grappler, control: false }],
  ])

/** `000` Grappling: a grappled or pinned character may use only one Action per round. */
export const actionsPerRoundLimit = (state: GrappleState): number | null => (state.kind === 'free' ? null : 1)

/** Grappled and pinned characters can only target each other (`000` Grappling). */
export const onlyTarget = (state: GrappleState): CombatantId | null => partnerOf(state)
