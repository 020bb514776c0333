import { coveredByMap } from '../../kit/covered-by-map'
import type { FormField, AttackPreview, AttackRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { PoolCost, RulesCombatant } from '../../ruleset'
import { ACTIONS, DOC, REACTIONS } from '../d20-terms'
import { plural } from '../../kit/format'
import { type Modifier, sumModifiers } from '../../kit/modifier'
import { has, PRONE } from '../statuses/conditions'
import { DEFENCES, type D20Sheet, type Defence, type StatusId } from '../sheet/d20-sheet'
import { actionsLeft, attackLimit, heldBonus, isReaction, reactionRefusal } from '../turns/economy'
import { armaments, damageFlat, type Armament } from './armament'
import { modeRule, modesFor, pickMode, type Mode, type ModeRule } from './attack-types'
import { ammunitionRefusal, roundsFired } from './ammunition'
import { affinityOf, type DamageSpec } from './damage'
import { armourRatingOf, hitBonuses, type Situation } from './hit-test'
import { availableDefences, DEFENCE_LABELS, defenceBonuses, defenceRefusal } from './reactions'
import { asItStood } from './opportunity-prompts'
import { distanceOf, positionRefusal, withinFiveFeet } from './reach'
import { optionBool, optionString } from '../../kit/options'
import { d20Sheets } from '../sheet/d20-sheets'
import { isReady } from '../sheet/drawn'

/** Everything one attack needs, read once from the request and both sheets. */
export interface AttackSetup {
  readonly a: RulesCombatant
  readonly t: RulesCombatant
  readonly attacker: D20Sheet
  readonly target: D20Sheet
  readonly arm: Armament
  readonly mode: Mode
  readonly rule: ModeRule
  /** Made out of the attacker's turn: an attack of opportunity, paid from its reactions (W2). */
  readonly asReaction: boolean
  readonly situation: Situation
  readonly hit: readonly Modifier[]
  readonly hitBonus: number
  readonly armourRating: number
  readonly defence: { readonly kind: Defence; readonly bonuses: readonly Modifier[]; readonly bonus: number } | null
  readonly damage: { readonly normal: DamageSpec; readonly critical: DamageSpec }
  /** W5: the status a hit brings, with its X (none when X comes to less than 1). */
  readonly inflicts: { readonly status: StatusId; readonly x: number } | null
  /** Rounds the gun fires (0: ammunition not tracked), SR-D20-30. */
  readonly rounds: number
  readonly options: FormField[]
  readonly weapons: AttackPreview['weapons']
  readonly cost: readonly PoolCost[]
  readonly costText: string
  /** Why the attack cannot be made as set, or null. */
  readonly refusal: string | null
  /**
   * The failure code a resolve returns for that refusal (`attack/notDrawn` for a weapon not in
   * hand, `attack/empty` for a gun without the rounds, `position/outOfReach` or
   * `position/outOfRange` for a target too far, issue 31).
   */
  readonly refusalCode: string
}

const NO_REACTION = 'none'

/**
 * The reaction is chosen per defender: the attack panel keeps its options while the GM switches
 * targets, and a Parry picked against the Duelist must not follow the GM to the Brute.
 */
export const reactionKey = (t: RulesCombatant): string => `reaction:${t.id}`

export const sheetOf = (c: RulesCombatant): Result<D20Sheet> => d20Sheets.require(c, 'attack/noSheet')

function reactionOption(target: D20Sheet, t: RulesCombatant, arm: Armament, mode: Mode, chosen: string): FormField | null {
  if (target.defences.length === 0 && chosen === NO_REACTION) return null
  const open = availableDefences(target, t, arm.weapon, mode)
  const shown =
    chosen !== NO_REACTION && !open.includes(chosen as Defence) && (DEFENCES as readonly string[]).includes(chosen)
      ? [chosen as Defence]
      : []
  return {
    key: reactionKey(t),
    label: `${t.name} reacts (W4)`,
    kind: 'choice',
    value: chosen,
    choices: [
      { value: NO_REACTION, label: 'No reaction' },
      ...open.map((d) => ({ value: d, label: DEFENCE_LABELS[d] })),
      ...shown.map((d) => ({ value: d, label: `${DEFENCE_LABELS[d]} (not available)` })),
    ],
  }
}

/** `onMap`: both stand on the map, which gives the distance; the GM types one only off it (issue 31). */
function situationOptions(s: Situation, arm: Armament, onMap: boolean): FormField[] {
  const kind = arm.weapon.attack
  return [
    { key: 'cover', label: 'Target behind cover (−2)', kind: 'toggle', value: s.cover },
    ...(kind === 'melee' || kind === 'finesse'
      ? [{ key: 'flanking', label: 'Flanking (+2)', kind: 'toggle', value: s.flanking } satisfies FormField]
      : []),
    { key: 'targetProne', label: 'Target prone', kind: 'toggle', value: s.targetProne },
    ...((kind === 'ranged' || kind === 'spell') && !onMap
      ? [{ key: 'distance', label: 'Distance', kind: 'number', value: s.distance, unit: 'm', min: 0, max: 2000 } satisfies FormField]
      : []),
  ]
}

/** W2: what the attack costs, and why the attacker cannot make it now. */
function economy(
  attacker: D20Sheet,
  a: RulesCombatant,
  rule: ModeRule,
  asReaction: boolean,
  arm: Armament,
): { cost: PoolCost[]; text: string; refusal: string | null } {
  if (asReaction) {
    const refusal =
      arm.weapon.attack === 'spell'
        ? `Out of its turn ${a.name} may only make an attack of opportunity, a basic attack with a weapon (${DOC.engaged}).`
        : rule.mode !== 'basic'
          ? `Out of its turn ${a.name} may only make an attack of opportunity: a basic attack (${DOC.engaged}).`
          : reactionRefusal(attacker, a, 'opportunity')
    return { cost: [{ pool: REACTIONS, amount: 1 }], text: '1 reaction (attack of opportunity)', refusal }
  }
  const left = actionsLeft(a)
  const short =
    a.acting === true && left < rule.actions
      ? `${rule.words.split(':')[0]} takes ${plural(rule.actions, 'action')}; ${a.name} has ${left} left this turn (W2).`
      : null
  return {
    cost: [{ pool: ACTIONS, amount: rule.actions }],
    text: plural(rule.actions, 'action'),
    refusal: short ?? attackLimit(attacker, a),
  }
}

/** What every attack reads first: both sheets, the armament and mode, and where the target stands. */
export interface AttackBasics {
  readonly request: AttackRequest
  readonly a: RulesCombatant
  readonly t: RulesCombatant
  readonly attacker: D20Sheet
  readonly target: D20Sheet
  readonly all: readonly Armament[]
  readonly arm: Armament
  readonly mode: Mode
  readonly rule: ModeRule
  readonly asReaction: boolean
  /** The target as the attack judges it: where it stood as it began to move away, for an attack of opportunity. */
  readonly there: RulesCombatant
  readonly distance: number
  readonly chosen: string
  readonly defenceKind: Defence | null
}

/** Why the attack cannot be made as set (null: it can), with its failure code and what it would cost. */
export interface AttackRefusal {
  readonly refusal: string | null
  readonly refusalCode: string
  readonly eco: { cost: PoolCost[]; text: string; refusal: string | null }
  readonly defenceProblem: string | null
}

export function readAttack(request: AttackRequest, a: RulesCombatant, t: RulesCombatant): Result<AttackBasics> {
  const attacker = sheetOf(a)
  if (!attacker.ok) return attacker
  const target = sheetOf(t)
  if (!target.ok) return target
  const all = armaments(attacker.value)
  const arm = all[request.weapon]
  if (!arm) return fail('attack/noWeapon', `${a.name} has no weapon in slot ${request.weapon + 1}.`)
  const mode = pickMode(request.mode, arm.weapon)
  if (!mode)
    return fail('attack/mode', `The ${arm.weapon.name} has no "${request.mode}" mode (it has: ${modesFor(arm.weapon).join(', ')}).`)
  const rule = modeRule(mode, arm.weapon.attack === 'spell' ? arm.weapon.actions : 1)
  const o = request.options
  const asReaction = isReaction(a)
  // An attack of opportunity is judged where its target stood as it began to move away (SR-D20-33).
  const there = asItStood(request, attacker.value, t, asReaction)
  const chosen = optionString(o, reactionKey(t)) ?? optionString(o, 'reaction') ?? NO_REACTION
  return ok({
    request,
    a,
    t,
    attacker: attacker.value,
    target: target.value,
    all,
    arm,
    mode,
    rule,
    asReaction,
    there,
    distance: distanceOf(o, a, there),
    chosen,
    defenceKind: (DEFENCES as readonly string[]).includes(chosen) ? (chosen as Defence) : null,
  })
}

/**
 * The refusal alone, before any of the attack's odds are worked out: a resolve that is refused
 * (a simulation tries every mode once the turn's actions are spent, W2) stops here.
 */
export function refusalOf(b: AttackBasics): AttackRefusal {
  const { a, t, arm, mode } = b
  const eco = economy(b.attacker, a, b.rule, b.asReaction, arm)
  const defenceProblem = b.defenceKind ? defenceRefusal(b.target, t, b.defenceKind, arm.weapon, mode) : null
  const stunned = has(a.conditions, 'stunned') ? `${a.name} is stunned and cannot act (${DOC.statuses}).` : null
  // `003 Combat Actions` Draw/Sheath weapon: a sheathed weapon must be drawn (One Action) before it strikes (SR-D20-11).
  const sheathed =
    arm.unarmed || isReady(b.attacker, arm.index)
      ? null
      : `The ${arm.weapon.name} is not drawn: ${a.name} must draw it first (1 action, ${DOC.actions}).`
  // `003 Combat Actions` Burst, Full Auto, Reload: a gun fires what its magazine holds (SR-D20-30).
  const empty = ammunitionRefusal(arm.weapon, mode)
  // Issue 31: reach and range from the tokens; a target too far is named with its distance.
  const placed = positionRefusal(arm, a, b.there, b.distance)
  const far = placed.ok ? null : placed.error
  return {
    eco,
    defenceProblem,
    // Where the target stands before whose turn it is: the map marks each target out of reach with its own reason.
    refusal: stunned ?? sheathed ?? empty ?? far?.message ?? eco.refusal ?? defenceProblem,
    refusalCode: stunned ? 'attack/refused' : sheathed ? 'attack/notDrawn' : empty ? 'attack/empty' : (far?.code ?? 'attack/refused'),
  }
}

/** Reads the request against both sheets: the armament, mode, situation, reaction, costs and refusals. */
export function setUpAttack(request: AttackRequest, a: RulesCombatant, t: RulesCombatant): Result<AttackSetup> {
  const read = readAttack(request, a, t)
  if (!read.ok) return read
  return ok(completeSetup(read.value, refusalOf(read.value)))
}

/** The whole setup once the basics are read and the refusal judged. */
export function completeSetup(b: AttackBasics, refused: AttackRefusal): AttackSetup {
  const { a, t, arm, mode, rule, asReaction, there, distance, chosen, defenceKind } = b
  const o = b.request.options
  const attacker = b.attacker
  const target = b.target
  const weapons = b.all.map((x) => ({ index: x.index, name: x.weapon.name, modes: modesFor(x.weapon) }))
  // SR-D20-35: the GM's tick, else the map's cover (walls, someone between), else none.
  const ticked = optionBool(o, 'cover')
  const map = ticked === undefined ? coveredByMap(t) : null
  const situation: Situation = {
    cover: ticked ?? map?.covered ?? false,
    ...(map?.covered ? { coverWords: map.words } : {}),
    flanking: optionBool(o, 'flanking') ?? false,
    targetProne: optionBool(o, 'targetProne') ?? has(t.conditions, PRONE),
    distance,
    close: withinFiveFeet(a, there, distance),
  }
  const held = asReaction ? heldBonus(a) : null
  const hit = hitBonuses({ attacker, arm, mode, target, targetConditions: t.conditions }, situation, held ? [held] : [])
  const { defenceProblem, eco } = refused
  const defenceList = defenceKind ? defenceBonuses(target, t, defenceKind) : []
  const flat = sumModifiers(damageFlat(arm, attacker))
  const berserk = mode === 'berserk' ? 2 : 1
  const spec = (critical: boolean): DamageSpec => ({
    count: arm.weapon.dice.count,
    sides: arm.weapon.dice.sides,
    rollFactor: berserk * (critical ? 2 : 1),
    halveRoll: arm.unarmed?.halveRoll ?? false,
    flat,
    affinity: affinityOf(target, arm.weapon.damageType),
  })
  const inflicts = arm.weapon.inflicts
  const x = inflicts ? (typeof inflicts.dice === 'number' ? inflicts.dice : attacker.attributes[inflicts.dice]) : 0
  const rounds = roundsFired(arm.weapon, mode)
  const reactionOpt = reactionOption(target, t, arm, mode, chosen)
  return {
    a,
    t,
    attacker,
    target,
    arm,
    mode,
    rule,
    asReaction,
    situation,
    hit,
    hitBonus: sumModifiers(hit),
    armourRating: armourRatingOf(target),
    defence: defenceKind && !defenceProblem ? { kind: defenceKind, bonuses: defenceList, bonus: sumModifiers(defenceList) } : null,
    damage: { normal: spec(false), critical: spec(true) },
    inflicts: inflicts && x >= 1 ? { status: inflicts.status, x } : null,
    options: [...(reactionOpt ? [reactionOpt] : []), ...situationOptions(situation, arm, !!(a.position && t.position))],
    weapons,
    cost: eco.cost,
    costText: rounds > 1 ? `${eco.text}, ${plural(rounds, 'round')}` : eco.text,
    rounds,
    refusal: refused.refusal,
    refusalCode: refused.refusalCode,
  }
}
