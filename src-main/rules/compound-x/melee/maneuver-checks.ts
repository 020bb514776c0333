import { combineRollModes, naturalDistribution, type D100Check } from '../checks/d100-check'
import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'
import { statBonus, type StatBlock } from '../stats/stat-block'
import type { CheckRule } from './maneuvers'

export type ManeuverSkill = 'str-athletics' | 'dex-acrobatics'

/** What a combatant brings to a maneuver check. */
export interface ManeuverParticipant {
  readonly stats: StatBlock
  /** Skill ranks (CX1). */
  readonly athletics: number
  readonly acrobatics: number
  /** Feats, conditions, items: added to every maneuver check this combatant rolls. */
  readonly modifiers?: readonly Modifier[]
  /** Added only when the check rides on DEX (an EVA suit's −10 on DEX skill checks, SR-CX-102). */
  readonly dexModifiers?: readonly Modifier[]
  /** Sources of advantage and disadvantage from elsewhere (combined per CX3). */
  readonly advantages?: number
  readonly disadvantages?: number
}

const SKILLS: Readonly<Record<ManeuverSkill, { stat: 'str' | 'dex'; label: string; ranks: 'athletics' | 'acrobatics' }>> = {
  'str-athletics': { stat: 'str', label: 'STR-Athletics', ranks: 'athletics' },
  'dex-acrobatics': { stat: 'dex', label: 'DEX-Acrobatics', ranks: 'acrobatics' },
}

const skillModifiers = (p: ManeuverParticipant, skill: ManeuverSkill): Modifier[] => {
  const s = SKILLS[skill]
  return [
    modifier(`${s.stat.toUpperCase()} ${p.stats[s.stat]} bonus`, statBonus(p.stats[s.stat]), 'CX2'),
    modifier(`${s.ranks === 'athletics' ? 'Athletics' : 'Acrobatics'} ranks`, p[s.ranks], 'CX1'),
    ...(p.modifiers ?? []),
    ...(s.stat === 'dex' ? (p.dexModifiers ?? []) : []),
  ]
}

/** One side's CX1 d100 check for a maneuver. */
export function maneuverSkillCheck(p: ManeuverParticipant, skill: ManeuverSkill, purpose: string, extraDisadvantage = false): D100Check {
  const mode = combineRollModes(p.advantages ?? 0, (p.disadvantages ?? 0) + (extraDisadvantage ? 1 : 0))
  return { modifiers: skillModifiers(p, skill), mode, purpose: `${purpose} (${SKILLS[skill].label})` }
}

/** The defender's best pick (higher bonus; STR-Athletics on a tie), for combatants the GM does not steer. */
export function bestManeuverSkill(p: ManeuverParticipant): ManeuverSkill {
  return sumModifiers(skillModifiers(p, 'dex-acrobatics')) > sumModifiers(skillModifiers(p, 'str-athletics'))
    ? 'dex-acrobatics'
    : 'str-athletics'
}

export interface ManeuverChecks {
  readonly actor: D100Check
  readonly defender: D100Check
}

/**
 * Builds both checks. Under the opposed maneuver check the actor always rolls STR-Athletics
 * (CX18) and `actorSkill` is not consulted; it counts only where both sides choose.
 */
export function maneuverChecks(
  rule: Exclude<CheckRule, { kind: 'none' }>,
  actor: ManeuverParticipant,
  defender: ManeuverParticipant,
  choices: { readonly actor?: ManeuverSkill; readonly defender: ManeuverSkill },
): ManeuverChecks {
  const actorSkill = rule.kind === 'opposed-maneuver' ? 'str-athletics' : (choices.actor ?? 'str-athletics')
  const disadvantage = rule.kind === 'both-choose' && rule.defenderDisadvantage
  return {
    actor: maneuverSkillCheck(actor, actorSkill, 'maneuver'),
    defender: maneuverSkillCheck(defender, choices.defender, 'maneuver defence', disadvantage),
  }
}

/** Exact P(the actor wins) an opposed check (CX1: higher total wins, the defender wins ties), from the d100 distributions. */
export function opposedWinChance(actor: Pick<D100Check, 'modifiers' | 'mode'>, defender: Pick<D100Check, 'modifiers' | 'mode'>): number {
  const a = naturalDistribution(actor.mode)
  const d = naturalDistribution(defender.mode)
  const margin = sumModifiers(actor.modifiers) - sumModifiers(defender.modifiers)
  // P(defender natural ≤ k), to sum over the actor's faces in one pass.
  const atMost: number[] = []
  d.forEach((p, i) => atMost.push((atMost[i - 1] ?? 0) + p))
  let win = 0
  for (let n = 1; n <= 100; n++) {
    // The actor wins iff the defender's natural is below n + margin (a tie goes to the defender).
    const k = Math.min(100, Math.ceil(n + margin) - 1)
    if (k >= 1) win += a[n - 1]! * atMost[k - 1]!
  }
  return win
}
