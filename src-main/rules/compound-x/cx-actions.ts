import type { WallIndex } from '../../../src-shared/wall-geometry'
import type { ActionDefinition, ActionRequest } from '../../../src-shared/attack'
import { HEAL_WOUND, healDefinition, performHeal } from './cx-medicine'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { ActionResolution, RulesCombatant, TargetArea } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { cannotAct } from './cx-standing'
import { performSuppress, suppressDefinition } from './cx-suppress-action'
import { drawDefinitions, performDraw } from './cx-draw'
import { moveDefinition, performMove, sprintChosen } from './cx-move'
import { aimDefinitions, performAim } from './cx-aim'
import { isEngaged } from './cx-engagement'
import { chargeActions, grappleActionRefusal, grappleLimitReached } from './cx-costs'
import { grappleStateFrom } from './cx-grapple'
import { isManeuver, maneuverDefinitions, performManeuver } from './cx-maneuvers'
import { opportunityPrompts } from './cx-opportunity'
import { MELEE_RANGE } from './cx-attack-shared'
import { atMeleeRange, canAnswer } from './cx-reach'
import { actDistance } from '../kit/positions'
import { performUpkeep, upkeepDefinitions, weaponSlot } from './cx-upkeep-actions'
import { performThrow, THROW_GRENADE, throwDefinitions } from './cx-throw'
import {
  actionsSpentBefore,
  CLOAK,
  cloakAfterAct,
  cloakDefinitions,
  isCombatAct,
  performCloak,
  performSearch,
  SEARCH_CLOAKED,
  searchDefinition,
} from './cx-cloak'
import { CAST_SPELL, notACaster, performSpell, spellDefinitions } from './cx-spell'
import { JUMP, jumpDefinition, performJump } from './cx-jump'
import { performSpeak, SPEAK, speakDefinitions } from './cx-speak'
import { FALL, fallDefinition, performFall } from './cx-fall'
import { featDefinitions, isFeatAction, performFeatAction } from './cx-feat-actions'
import { fearRefusal, OPEN_WHILE_AFRAID, performShakeOff, SHAKE_OFF_FEAR, shakeOffDefinition } from './cx-fear'

/** What this Compound X combatant can do besides attacking, with why not where it cannot. */
export function cxActionList(actor: RulesCombatant, library: ContentLibrary): ActionDefinition[] {
  const c = cxSheets.of(actor)
  if (!c) return []
  const list = offered(actor, c, library)
  const judge = availability(actor, c)
  return judge ? list.map(judge) : list
}

/**
 * One act of the list, by its key, as `cxActionList(…).find` gives it, without building the rest
 * (issue 35: a simulated fight asks for one act at a time, hundreds of times a fight): the groups
 * are tried in the list's order, and the first definition with the key is the list's first.
 */
export function cxAction(actor: RulesCombatant, library: ContentLibrary, key: string): ActionDefinition | undefined {
  const c = cxSheets.of(actor)
  if (!c) return undefined
  for (const group of offeredGroups(actor, c, library)) {
    const made = group()
    const found = Array.isArray(made) ? made.find((a) => a.key === key) : (made as ActionDefinition).key === key ? made : undefined
    if (!found) continue
    const judge = availability(actor, c)
    return judge ? judge(found) : found
  }
  return undefined
}

/**
 * What standing, fear and a grapple do to each act's availability; null when nothing (the list as
 * offered).
 */
function availability(actor: RulesCombatant, c: CxCombatant): ((a: ActionDefinition) => ActionDefinition) | null {
  // CX27/CX15: a downed or knocked-out combatant has no actions (its turn holds only its roll).
  const blocked = cannotAct(actor)
  if (blocked) return (a) => ({ ...a, unavailable: blocked })
  // 01_05 Fear (SR-CX-87): only running away, the shake-off roll and the feats' own answers stay open.
  // Fear narrows the list and the grapple narrows it again: an afraid combatant in a grapple may
  // not walk out of it.
  const afraid = fearRefusal(actor)
  const fear = afraid
    ? (a: ActionDefinition) => (OPEN_WHILE_AFRAID.includes(a.key) || isFeatAction(a.key) ? a : { ...a, unavailable: afraid })
    : null
  const grapple = grappleStateFrom(actor.conditions)
  if (grapple.kind === 'free') return fear
  // `000` Grappling: one action a round, and only the grapple's own efforts (SR-CX-14).
  const spent = grappleLimitReached(actor.name, grapple, c.live.grappleActionsUsed)
  // The feats' own answers (a reroll, a surge of will) are no effort in the grapple either.
  return (x) => {
    const a = fear ? fear(x) : x
    return NOT_AN_EFFORT.includes(a.key) || isFeatAction(a.key)
      ? a
      : { ...a, unavailable: a.unavailable ?? (isManeuver(a.key) ? spent : IN_A_GRAPPLE) }
  }
}

/**
 * `000` Grappling: in a grapple only Unarmed Strikes and the grapple maneuvers are open. Free
 * acts that are no effort in the fight stay open, and so does the stance and cover record,
 * which is the GM's bookkeeping as much as an act.
 */
const IN_A_GRAPPLE = 'In a grapple: only Unarmed Strikes and grapple maneuvers until it ends (000 Grappling).'
// A fall happens to the combatant (SR-CX-101): no effort, so a grapple does not bar it.
// Speaking is no effort either; a CHA 1 speaker's action still counts against the round's one (SR-CX-175).
const NOT_AN_EFFORT = ['stop-aiming', 'shift-aim', 'fast-recharge', 'position', FALL, SPEAK]

function offered(actor: RulesCombatant, c: CxCombatant, library: ContentLibrary): ActionDefinition[] {
  return offeredGroups(actor, c, library).flatMap((group) => group())
}

/** The list's groups in its order, each made only when asked (`cxAction` stops at the one it wants). */
function offeredGroups(
  actor: RulesCombatant,
  c: CxCombatant,
  library: ContentLibrary,
): readonly (() => ActionDefinition | readonly ActionDefinition[])[] {
  return [
    () => upkeepDefinitions(c, library, actor),
    () => healDefinition(c),
    () => drawDefinitions(c, library),
    () => moveDefinition(c, library, actor),
    () => jumpDefinition(c),
    () => fallDefinition(c),
    () => suppressDefinition(c, library),
    () => aimDefinitions(c),
    () => throwDefinitions(c, library),
    () => maneuverDefinitions(actor),
    () => spellDefinitions(c, library),
    () => cloakDefinitions(c, library, actor),
    () => searchDefinition(),
    () => speakDefinitions(c),
    () => featDefinitions(actor, c, library),
    () => shakeOffDefinition(actor),
  ]
}

export function performCxAction(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
  dice: Dice,
  onScene: readonly RulesCombatant[] = [],
  area?: TargetArea,
  walls?: WallIndex,
): Result<ActionResolution> {
  const sheet = cxSheets.require(actor, 'action/noSheet')
  if (!sheet.ok) return sheet
  const c = sheet.value
  if (request.action === CAST_SPELL) {
    const refused = notACaster(actor, c, library)
    if (refused) return refused
  }
  const grapple = grappleStateFrom(actor.conditions)
  const spent = grappleLimitReached(actor.name, grapple, c.live.grappleActionsUsed)
  if (spent && isManeuver(request.action)) return fail('action/grappleLimit', spent)
  const offered = cxAction(actor, library, request.action)
  if (!offered) return fail('action/unknown', `"${request.action}" is not a Compound X action.`)
  if (offered.unavailable) return fail('action/unavailable', `${actor.name} cannot ${offered.label.toLowerCase()}: ${offered.unavailable}`)
  const r = performOffered(request, actor, c, target, library, dice, onScene, area, walls)
  if (!r.ok) return r
  // `000` Grappling: the act's price decides whether it fits the round's one action (SR-CX-14).
  const refused = grapple.kind === 'free' ? null : grappleActionRefusal(actor.name, grapple, c.live.grappleActionsUsed, r.value.cost)
  if (refused) return fail('action/grappleLimit', refused)
  const after = cxSheets.read(r.value.actorRules ?? actor.rules) ?? c
  const how = { sprinting: request.action === 'move' && sprintChosen(request), outOfTurn: actor.acting === false }
  const counted = chargeActions(after, grapple, r.value.cost, how)
  // `001` Cloaking: an act with actions makes the upkeep due; a combat action ends the cloak.
  const combat = isCombatAct(request.action, isManeuver(request.action))
  const cloak = cloakAfterAct(counted, library, { cost: r.value.cost, combat, spentBefore: actionsSpentBefore(actor) })
  const final = cloak?.combatant ?? counted
  const summary = cloak?.note ? `${r.value.summary}; ${cloak.note}` : r.value.summary
  return final === after && summary === r.value.summary ? r : ok({ ...r.value, summary, actorRules: cxSheets.store(final) })
}

function performOffered(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
  dice: Dice,
  onScene: readonly RulesCombatant[],
  area: TargetArea | undefined,
  walls?: WallIndex,
): Result<ActionResolution> {
  if (request.action === THROW_GRENADE) {
    // `000` Melee Combat: "using a non-CQB weapon" from inside a melee draws opportunity attacks; a
    // grenade is none. On the map only opponents still within melee range answer (SR-CX-112).
    const r = performThrow(request, actor, c, target, library, dice, onScene, area)
    return r.ok ? ok(withOpportunity(r.value, actor, 'throws a grenade (not a CQB weapon)', library, onScene)) : r
  }
  if (request.action === 'suppress')
    return suppressFromMelee(
      performSuppress(request, actor, c, target, library, onScene, walls),
      request,
      actor,
      target,
      c,
      library,
      onScene,
    )
  if (request.action === HEAL_WOUND) {
    // `000` Melee Combat: a skill check with the hands while engaged draws opportunity attacks.
    const r = performHeal(request, actor, c, target, dice)
    const treats = `treats ${target?.name ?? 'a wound'} (a skill check with its hands)`
    return r.ok ? ok(withOpportunity(r.value, actor, treats, library, onScene)) : r
  }
  if (isFeatAction(request.action)) return performFeatAction(request, actor, c, target, library, dice)
  if (request.action === SHAKE_OFF_FEAR) return performShakeOff(request, actor, c, target, library, dice)
  if (request.action === 'move') return performMove(request, actor, c, target, library, onScene)
  if (request.action === CAST_SPELL) return performSpell(request, actor, c, target, library, dice)
  if (request.action === CLOAK) return performCloak(request, actor, c, target, library, dice)
  if (request.action === SEARCH_CLOAKED) return performSearch(request, actor, c, target, library, dice)
  if (request.action === JUMP) return performJump(request, actor, c)
  if (request.action === SPEAK) return performSpeak(actor, c)
  if (request.action === FALL) return performFall(request, actor, c, target, library, dice)
  if (request.action === 'aim' || request.action === 'stop-aiming' || request.action === 'shift-aim')
    return performAim(request, actor, c, target)
  if (request.action === 'draw' || request.action === 'flashlight') return performDraw(request, actor, c, target, library, dice)
  if (isManeuver(request.action)) return performManeuver(request, actor, c, target, library, dice)
  const r = performUpkeep(request, actor, c, target, library, dice)
  const trigger = HANDS_ON[request.action]
  return r.ok && trigger ? ok(withOpportunity(r.value, actor, trigger(target), library, onScene)) : r
}

/**
 * `000` Opportunity Attack: a skill check in melee that needs the hands draws one ("a medicine
 * check to stabilize an ally would incur an attack"). Reloading and clearing a jam are Weapons
 * checks worked with the hands, so they count too.
 */
const HANDS_ON: Readonly<Record<string, (target: RulesCombatant | null) => string>> = {
  stabilise: (t) => `works to stabilise ${t?.name ?? 'someone'} (a Medicine check with its hands)`,
  reload: () => 'reloads (a Weapons check with its hands)',
  'clear-jam': () => 'works a jam clear (a Weapons check with its hands)',
}

/**
 * Adds an opportunity-attack prompt per engaged opponent, with the odds against the actor as the
 * act leaves it; on the map (`onScene`), only those still within melee range (SR-CX-112).
 */
function withOpportunity(
  r: ActionResolution,
  actor: RulesCombatant,
  trigger: string,
  library: ContentLibrary,
  onScene: readonly RulesCombatant[] = [],
): ActionResolution {
  if (!isEngaged(actor)) return r
  const after = { ...actor, rules: r.actorRules ?? actor.rules, hp: r.actorHp }
  const away = (id: string) =>
    !canAnswer(
      actor,
      onScene.find((o) => o.id === id),
    )
  const prompts = opportunityPrompts(after, trigger, library, away, () => onScene)
  return prompts.length ? { ...r, prompts: [...(r.prompts ?? []), ...prompts] } : r
}

/**
 * Suppressing is firing: from inside a melee it draws opportunity attacks past 1 m or from a
 * non-CQB gun (`000` Melee Combat); on the map the tokens say how far (SR-CX-111, SR-CX-113).
 */
function suppressFromMelee(
  r: Result<ActionResolution>,
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  c: CxCombatant,
  library: ContentLibrary,
  onScene: readonly RulesCombatant[],
): Result<ActionResolution> {
  if (!r.ok || !isEngaged(actor)) return r
  const carried = c.weapons[weaponSlot(request)]
  const item = carried?.kind === 'ranged' ? library.get('ranged-weapons', carried.itemId) : undefined
  const distance = target ? actDistance(request.options, actor, target, 10) : Number(request.options['distance'] ?? 10)
  const trigger = !(target ? atMeleeRange(actor, target, distance) : distance <= MELEE_RANGE)
    ? `lays down suppression ${distance} m away`
    : item && !item.cqb
      ? `suppresses with the non-CQB ${item.name}`
      : null
  return trigger ? ok(withOpportunity(r.value, actor, trigger, library, onScene)) : r
}
