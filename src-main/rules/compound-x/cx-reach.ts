import type { AttackRequest } from '../../../src-shared/attack'
import { centreDistance, tenths, withinReach } from '../../../src-shared/geometry'
import { ok, type Result } from '../../../src-shared/result'
import { actDistance, withinReachOf } from '../kit/positions'
import { optionNumber, type OptionValues } from '../kit/options'
import type { RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import type { MeleeWeapon } from './content/pack-schema'
import { isOpportunity, MELEE_RANGE, OPPORTUNITY } from './cx-attack-shared'
import { drawnWeapon } from './cx-draw'
import type { ManeuverKind } from './melee/maneuvers'
import type { CxCombatant } from './sheet/cx-sheet'

/*
 * Where the two sides stand, as Compound X judges it (issue 31). The core has placed both (on
 * the map each carries its token's base) or neither (off the map, or the GM set positions aside
 * for this act): then reach is the GM's call and distances are typed.
 */

/** With no token to measure from and nothing typed: the Attack panel's 10 m (an opportunity attack: melee range). */
const OFF_MAP_SHOT = 10

/**
 * The prompt's option that freezes how far apart (centre to centre) the two stood when an
 * opportunity attack was set off (SR-CX-112): the mover may have walked on before the GM
 * resolves it. Read only on an opportunity attack, never a typed `distance`, which the core
 * refuses when it is not the map's.
 */
export const OPPORTUNITY_AT = 'opportunityAt'

/** An opportunity attack answers out of the attacker's turn; one in its own turn is no such answer (SR-CX-112). */
const answersOutOfTurn = (request: Pick<AttackRequest, 'options'>, a: RulesCombatant): boolean =>
  isOpportunity(request.options) && a.acting !== true

/**
 * The metres a shot or throw is judged at (CX5 brackets, SR-CX-113): an opportunity answer where
 * it was set off (SR-CX-112); else the tokens' centre distance when both stand on the map; else
 * the typed distance; else 10 m, or melee range for an opportunity attack.
 */
export function judgedDistance(request: AttackRequest, a: RulesCombatant, t: RulesCombatant): number {
  const frozen = answersOutOfTurn(request, a) ? optionNumber(request.options, OPPORTUNITY_AT) : undefined
  if (frozen !== undefined) return Math.max(0, frozen)
  return actDistance(request.options, a, t, isOpportunity(request.options) ? MELEE_RANGE : OFF_MAP_SHOT)
}

/** The request with the distance it is judged at, so every bracket and log line reads the same figure. */
export const withJudgedDistance = (request: AttackRequest, a: RulesCombatant, t: RulesCombatant): AttackRequest => ({
  ...request,
  options: { ...request.options, distance: judgedDistance(request, a, t) },
})

/** Both stand on the map: the tokens give the distance, and no form asks for one (SR-CX-113). */
export const bothPlaced = (a: RulesCombatant, t: RulesCombatant): boolean => a.position !== undefined && t.position !== undefined

/**
 * `000` Melee Combat "melee range (1m)" (SR-CX-111): on the map, the two bases within 1 m edge to
 * edge (adjacent 1 m spaces, diagonals included); off it, the distance typed or judged.
 */
export function atMeleeRange(a: RulesCombatant, t: RulesCombatant, offMapDistance: number): boolean {
  if (a.position && t.position) return withinReach(a.position, t.position, MELEE_RANGE)
  return offMapDistance <= MELEE_RANGE
}

/** SR-CX-110: a melee weapon reaches as far as its listed Range: "Adjacent (1m)", the Guri Carbon Whip 3 m (the pack's `reach`). */
export const reachOf = (weapon: MeleeWeapon): number => weapon.reach

/**
 * SR-CX-110: a strike with a melee weapon or bare hands needs its target within the weapon's
 * reach, base to base, when both stand on the map. An opportunity attack is exempt (SR-CX-112):
 * it was set off within reach and is struck as the mover goes, whatever the map shows by the
 * time the GM resolves it.
 */
export function strikeReach(request: AttackRequest, a: RulesCombatant, t: RulesCombatant, weapon: MeleeWeapon): Result<null> {
  if (answersOutOfTurn(request, a)) return ok(null)
  return withinReachOf(a, t, reachOf(weapon), `A strike with the ${weapon.name} (SR-CX-110)`)
}

/** The maneuvers a grapple already holds the two together for: the grapple is the contact (SR-CX-110). */
const IN_THE_GRAPPLE: readonly ManeuverKind[] = ['pin', 'disengage', 'gain-control', 'restrain', 'knockout', 'kill']

/** The Guri Carbon Whip's note: "Grapple, Shove, and Disarm attempts" may be made at its range. */
const AT_WHIP_RANGE: readonly ManeuverKind[] = ['grapple', 'shove', 'disarm']

/**
 * SR-CX-110: how far a maneuver reaches, or null when no reach is asked (a grapple's own efforts).
 * `000` Combat Maneuvers are taken "in melee combat" (1 m); the drawn weapon's rules take
 * precedence: a drawn melee weapon reaching further (the whip) carries grapple, shove and disarm.
 */
export function maneuverReach(kind: ManeuverKind, c: CxCombatant, library: ContentLibrary): number | null {
  if (IN_THE_GRAPPLE.includes(kind)) return null
  const inHand = drawnWeapon(c)?.carried
  const weapon = inHand?.kind === 'melee' ? library.get('melee-weapons', inHand.itemId) : undefined
  return weapon && AT_WHIP_RANGE.includes(kind) ? Math.max(MELEE_RANGE, reachOf(weapon)) : MELEE_RANGE
}

/**
 * CX29 "adjacent" (stabilise) and, by SR-CX-114, healing a wound: hands on the patient, within
 * 1 m base to base on the map. Oneself is always at hand.
 */
export function handsOnReach(actor: RulesCombatant, target: RulesCombatant | null, what: string): Result<null> {
  if (!target || target.id === actor.id) return ok(null)
  return withinReachOf(actor, target, MELEE_RANGE, what)
}

/**
 * SR-CX-112: whether an engaged opponent can answer the act with an opportunity attack: on the
 * map only one still within melee range of the actor; off the map (either unplaced), every one.
 */
export const canAnswer = (actor: RulesCombatant, opponent: RulesCombatant | undefined): boolean =>
  !actor.position || !opponent?.position || withinReach(actor.position, opponent.position, MELEE_RANGE)

/** The centre distance the prompt freezes (SR-CX-112), or null off the map. */
export function frozenAt(mover: Pick<RulesCombatant, 'position'>, reactor: RulesCombatant | undefined): number | null {
  return mover.position && reactor?.position ? tenths(centreDistance(mover.position, reactor.position)) : null
}

/** The options an opportunity prompt's attack carries. */
export const opportunityOptions = (at: number | null): OptionValues => ({
  [OPPORTUNITY]: true,
  ...(at === null ? {} : { [OPPORTUNITY_AT]: at }),
})
