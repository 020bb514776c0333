import { z } from 'zod'
import { toJson } from '../kit/stored-sheet'
import type { CombatantId, ConditionInstance } from '../../../src-shared/records'
import type { ConditionChange, ConditionGrant, RulesCombatant } from '../ruleset'
import { HOLD_IDS } from './cx-subdue'
import { FREE, grappleStateOf, partnerOf, type GrappleState, type GrappleStates } from './melee/grapple-state'

/** The ruleset's condition ids for the two sides of a grapple (`000` Grappling). */
export const GRAPPLED = 'grappled'
export const PINNED = 'pinned'

const grappledDataSchema = z.strictObject({ control: z.boolean() })

/**
 * One combatant's grapple state, read from its conditions: the partner is the condition's
 * source. A 'grappled' the GM put on by hand carries no control flag; we read it as without
 * control, the side that can still only strike, disengage or gain control. Without a source
 * nobody is on the other end, so it counts as free.
 */
export function grappleStateFrom(conditions: readonly ConditionInstance[]): GrappleState {
  const pinned = conditions.find((x) => x.conditionId === PINNED)
  if (pinned?.sourceId) return { kind: 'pinned', by: pinned.sourceId }
  const grappled = conditions.find((x) => x.conditionId === GRAPPLED)
  if (!grappled?.sourceId) return FREE
  const data = grappledDataSchema.safeParse(grappled.data)
  return { kind: 'grappled', with: grappled.sourceId, control: data.success ? data.data.control : false }
}

/** The other end of a grapple as implied by one side: pairs always agree (melee/grapple-state.ts). */
function otherSide(id: CombatantId, state: GrappleState): readonly [CombatantId, GrappleState] | null {
  if (state.kind === 'pinned') return [state.by, { kind: 'grappled', with: id, control: true }]
  if (state.kind === 'grappled') return [state.with, { kind: 'grappled', with: id, control: !state.control }]
  return null
}

/**
 * Everyone's grapple state as far as the two combatants at hand show it: their own, and their
 * partners' as implied by them (a partner's own conditions are not at hand, but must agree).
 */
export function grappleStatesOf(...combatants: readonly RulesCombatant[]): GrappleStates {
  const states: Partial<Record<CombatantId, GrappleState>> = {}
  for (const c of combatants) {
    const own = grappleStateFrom(c.conditions)
    const other = otherSide(c.id, own)
    if (other && !combatants.some((x) => x.id === other[0])) states[other[0]] = other[1]
  }
  for (const c of combatants) {
    const own = grappleStateFrom(c.conditions)
    if (own.kind !== 'free') states[c.id] = own
  }
  return states
}

function grantFor(state: GrappleState): ConditionGrant[] {
  if (state.kind === 'pinned') return [{ conditionId: PINNED, stacks: 1, duration: { kind: 'indefinite' }, sourceId: state.by, data: null }]
  if (state.kind === 'grappled') {
    const data: z.infer<typeof grappledDataSchema> = { control: state.control }
    return [{ conditionId: GRAPPLED, stacks: 1, duration: { kind: 'indefinite' }, sourceId: state.with, data: toJson(data) }]
  }
  return []
}

const same = (a: GrappleState, b: GrappleState) => JSON.stringify(a) === JSON.stringify(b)

/** The condition changes that take everyone from `before` to `after`: each changed side loses its old grapple conditions and gets its new ones. */
export function grappleChanges(before: GrappleStates, after: GrappleStates): ConditionChange[] {
  const ids = new Set([...Object.keys(before), ...Object.keys(after)] as CombatantId[])
  return [...ids].flatMap((id) => {
    const was = grappleStateOf(before, id)
    const now = grappleStateOf(after, id)
    if (same(was, now)) return []
    // A Knockout or Kill run on a pinned target ends with the pin (SR-CX-61).
    return [{ combatantId: id, remove: [GRAPPLED, PINNED, ...HOLD_IDS], add: grantFor(now) }]
  })
}

/** `000` Grappling: "can only target each other" and "only one Action per round", for refusals and notes. */
export const grapplePartner = (c: RulesCombatant): CombatantId | null => partnerOf(grappleStateFrom(c.conditions))
