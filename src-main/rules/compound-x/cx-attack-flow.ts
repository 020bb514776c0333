import type { AttackRequest } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { AimAt, AttackResolution, ConditionChange, Everyone, RulesCombatant } from '../ruleset'
import type { Dice } from '../dice'
import { previewArmed, resolveArmed, type AttackPreviewer } from './cx-attack'
import { isOpportunity, shotDistance, sidesOf, type Armament } from './cx-attack-shared'
import { atMeleeRange, canAnswer, strikeReach } from './cx-reach'
import { optionString } from '../kit/options'
import { mergeChanges } from './cx-changes'
import { engageChanges, engagedWith, isEngaged, leaveMeleeChanges, opponentsOf } from './cx-engagement'
import { chargeActions, grappleActionRefusal, grappleLimitReached } from './cx-costs'
import { grappleStateFrom } from './cx-grapple'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { opportunityPrompts } from './cx-opportunity'
import { cannotAct } from './cx-standing'
import { actionsSpentBefore, cloakAfterAct } from './cx-cloak'
import type { ContentLibrary } from './content/content-library'
import { WIDE_SHARE } from './ranged/stray-shot'

/**
 * An attack with what it does to the melee around it: `000` Melee Combat's engagement, the
 * opportunity attacks a shot from inside a melee draws, and `000` Grappling's limits. The
 * attack rules themselves (cx-attack.ts) know nothing of who is in melee with whom.
 */

/** `000` Grappling: grappled characters can only target each other, with Unarmed Strikes; the pinned only try to disengage. */
function grappleRefusal(a: RulesCombatant, t: RulesCombatant, arm: Armament): string | null {
  const s = grappleStateFrom(a.conditions)
  if (s.kind === 'pinned') return `${a.name} is pinned: it may only try to disengage (000 Grappling).`
  if (s.kind !== 'grappled') return null
  if (t.id !== s.with) return `${a.name} is in a grapple: grappled characters can only target each other (000 Grappling).`
  if (arm.kind !== 'melee' || arm.carried !== null) return `${a.name} is in a grapple: only Unarmed Strikes (000 Grappling).`
  return null
}

/** `000` Grappling: one action a round, and none is left (SR-CX-14). */
const grappleLimit = (a: RulesCombatant, c: CxCombatant): string | null =>
  grappleLimitReached(a.name, grappleStateFrom(a.conditions), c.live.grappleActionsUsed)

/** The attack's actions on the sheet: they must fit a grapple's one action a round (SR-CX-14), they age the sprint clock (SR-CX-30) and end a cloak (SR-CX-91). */
function charged(a: RulesCombatant, c: CxCombatant, res: AttackResolution, library: ContentLibrary): Result<AttackResolution> {
  const state = grappleStateFrom(a.conditions)
  const refused = state.kind === 'free' ? null : grappleActionRefusal(a.name, state, c.live.grappleActionsUsed, res.cost)
  if (refused) return fail('attack/grappleLimit', refused)
  const after = cxSheets.read(res.attackerRules ?? a.rules) ?? c
  // The shot's own action also ages the sprint window it was judged under (SR-CX-30).
  const counted = chargeActions(after, state, res.cost, { sprinting: false, outOfTurn: a.acting === false })
  // `001` Cloaking Detection: an attack is a combat action; the cloak fizzes out.
  const cloak = cloakAfterAct(counted, library, { cost: res.cost, combat: true, spentBefore: actionsSpentBefore(a) })
  const final = cloak?.combatant ?? counted
  const summary = cloak?.note ? `${res.summary}; ${cloak.note}` : res.summary
  return ok(final === after ? res : { ...res, summary, attackerRules: cxSheets.store(final) })
}

/**
 * A reaction answers; it does not start or end a melee, nor draw reactions of its own. Nor does
 * the partner's share of a wide-effect firing (SR-CX-64): the firing itself already did.
 */
const isReaction = (request: AttackRequest) =>
  isOpportunity(request.options) ||
  (optionString(request.options, 'suppressionReaction') ?? 'none') !== 'none' ||
  optionString(request.options, WIDE_SHARE) !== undefined

/**
 * `000` Melee Combat: a shot from inside a melee draws opportunity attacks when it goes past 1 m or
 * comes from a non-CQB gun; a thrown weapon is no CQB gun, so its throw always does (as SR-CX-25's grenade).
 * "More than 1m away" is judged as melee range is: base to base on the map (SR-CX-111).
 */
function shotTrigger(request: AttackRequest, a: RulesCombatant, t: RulesCombatant, arm: Armament): string | null {
  if (arm.kind === 'melee' || isReaction(request) || !isEngaged(a)) return null
  if (arm.kind === 'thrown') return `throws the ${arm.item.name} at ${t.name}`
  const distance = shotDistance(request.options)
  if (!atMeleeRange(a, t, distance)) return `shoots at ${t.name} ${distance} m away`
  return arm.item.cqb ? null : `fires the non-CQB ${arm.item.name}`
}

/**
 * `000` Melee Combat: "Once a character has attempted to attack another at melee range (1m)".
 * SR-CX-111: on the map the bases within 1 m, whatever the weapon (a whip's blow at 3 m starts
 * no melee); off the map any melee blow, or a shot within 1 m as typed.
 */
const engagesAt = (request: AttackRequest, arm: Armament, a: RulesCombatant, t: RulesCombatant) =>
  atMeleeRange(a, t, arm.kind === 'melee' ? 0 : shotDistance(request.options))

/** SR-CX-110: a melee strike's reach on the map, or null (every other attack, and off the map). */
function reachRefusal(request: AttackRequest, a: RulesCombatant, t: RulesCombatant, arm: Armament) {
  if (arm.kind !== 'melee') return null
  const r = strikeReach(request, a, t, arm.item)
  return r.ok ? null : r.error
}

/**
 * SR-CX-112: on the map, only the opponents still within melee range of the shooter may answer
 * (`everyone` says where they stand); off the map, every engaged opponent.
 */
function outOfReachOpponents(a: RulesCombatant, everyone: Everyone): (id: string) => boolean {
  if (!a.position) return () => false
  const where = new Map(everyone().map((c) => [c.id as string, c]))
  return (id) => !canAnswer(a, where.get(id))
}

export const previewCxAttackInMelee: AttackPreviewer = (request, a, t, library, strayAim) => {
  const sides = sidesOf(request, a, t, library)
  if (!sides.ok) return sides
  const preview = previewArmed(request, sides.value, a, t, library, strayAim)
  const far = reachRefusal(request, a, t, sides.value.armament)
  const refusal = far?.message ?? grappleRefusal(a, t, sides.value.armament) ?? grappleLimit(a, sides.value.attacker)
  const trigger = shotTrigger(request, a, t, sides.value.armament)
  const warn = trigger
    ? [
        {
          title: 'Opportunity attacks',
          lines: [
            { label: `${a.name} ${trigger} from inside the melee`, value: '', source: '000 Melee Combat' },
            ...opponentsOf(a).map((o) => ({
              label: `${o.name} may answer`,
              value: '1 of its reactions',
              source: '000 Opportunity Attack',
            })),
          ],
        },
      ]
    : []
  return ok({ ...preview, blocked: preview.blocked ?? refusal, explanation: [...warn, ...preview.explanation] })
}

export function resolveCxAttackInMelee(
  request: AttackRequest,
  a: RulesCombatant,
  t: RulesCombatant,
  library: ContentLibrary,
  dice: Dice,
  everyone: Everyone = () => [],
  strayAim?: AimAt,
): Result<AttackResolution> {
  const sides = sidesOf(request, a, t, library)
  if (!sides.ok) return sides
  const arm = sides.value.armament
  // Refused before anything is spent, with the distance (issue 31).
  const far = reachRefusal(request, a, t, arm)
  if (far) return fail(far.code, far.message)
  const refusal = grappleRefusal(a, t, arm)
  if (refusal) return fail('attack/grappled', refusal)
  const r = resolveArmed(request, sides.value, a, t, library, dice, strayAim)
  if (!r.ok) return r
  const counted = charged(a, sides.value.attacker, r.value, library)
  if (!counted.ok) return counted
  const res = counted.value
  const aAfter: RulesCombatant = { ...a, rules: res.attackerRules ?? a.rules }
  // A stray (000 Firing into Melee) changed the one it reached; the target stands as it was.
  const struck = struckBy(res, t, strayAim)
  const hitAfter: RulesCombatant = { ...struck, rules: res.targetRules ?? struck.rules, hp: res.targetHp }
  const tAfter = struck === t ? hitAfter : t
  const down = cannotAct(hitAfter) !== null
  const changes: ConditionChange[] = [...(res.conditions ?? [])]
  const notes: string[] = []
  const targetUp = cannotAct(tAfter) === null
  if (!isReaction(request) && engagesAt(request, arm, a, t) && targetUp && !(engagedWith(a, t.id) && engagedWith(t, a.id))) {
    changes.push(...engageChanges(aAfter, tAfter))
    notes.push(`${a.name} and ${t.name} are in melee (000 Melee Combat)`)
  }
  if (down && isEngaged(struck)) {
    changes.push(...leaveMeleeChanges(struck, [a]))
    notes.push(`${struck.name} is out of the melee`)
  }
  const trigger = shotTrigger(request, a, t, arm)
  const cannot = trigger ? outOfReachOpponents(a, everyone) : () => true
  const prompts = [
    ...(res.prompts ?? []),
    ...(trigger ? opportunityPrompts(aAfter, trigger, library, (id) => (id === struck.id && down) || cannot(id), everyone) : []),
  ]
  const merged = mergeChanges(changes)
  return ok({
    ...res,
    summary: notes.length ? `${res.summary}; ${notes.join('; ')}` : res.summary,
    ...(merged.length ? { conditions: merged } : {}),
    ...(prompts.length ? { prompts } : {}),
  })
}

/** The one the attack reached: the target, or whom a stray was drawn to (placed as the draw placed it). */
export function struckBy(res: AttackResolution, t: RulesCombatant, strayAim: AimAt | undefined): RulesCombatant {
  if (res.struck === undefined || res.struck === t.id || !strayAim) return t
  const placed = strayAim(res.struck)
  return placed.ok ? placed.value : t
}
