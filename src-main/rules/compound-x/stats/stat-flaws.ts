import { modifier, type Modifier } from '../../kit/modifier'
import { skillStat } from '../sheet/cx-skills'
import type { StatBlock } from './stat-block'

/*
 * `001` Primary Stat Details: what a stat of 1 takes away. Pure: each answers from the stats
 * (and the skill or number in question) alone; the check, melee, move and sheet code ask here.
 */

const SOURCE = '001 Primary Stat Details'

/** A skill's family name: "Persuasion - Haggling" is Persuasion (as `skillStat` reads it). */
const baseSkill = (skill: string): string => skill.split(' - ')[0]!.trim()

/**
 * SR-CX-170: the document's skill words against the sheet's skill list (`cx-skills.ts`), which
 * has no "Speech", "Deceive", "Search" or "Awareness". A sheet skill with the document's own
 * name counts too.
 */
export const SPEECH_SKILLS: readonly string[] = ['Persuasion', 'Speech']
export const SPOKEN_SKILLS: readonly string[] = ['Persuasion', 'Speech', 'Deception', 'Deceive', 'Performance', 'Intimidation']
export const SEARCH_SKILLS: readonly string[] = ['Investigation', 'Search', 'Spotting', 'Awareness']

/** `001` PER 1: −20 on Speech; CHA 1: −24 on Speech, Deceive "and etc." (SR-CX-170). */
export const PER1_SPEECH_MALUS = -20
export const CHA1_SPEECH_MALUS = -24

/** `001` RP / Using Skills: "Proficiency in a skill when they have 10 or more skill points in that skill". */
export const PROFICIENCY_RANKS = 10

/** The check's flaw modifiers for this skill: PER 1 on Speech, CHA 1 on the spoken skills (SR-CX-170); both stack. */
export function skillFlawModifiers(stats: StatBlock, skill: string): Modifier[] {
  const base = baseSkill(skill)
  const out: Modifier[] = []
  if (stats.per === 1 && SPEECH_SKILLS.includes(base)) out.push(modifier('PER 1 (Speech)', PER1_SPEECH_MALUS, `${SOURCE}, SR-CX-170`))
  if (stats.cha === 1 && SPOKEN_SKILLS.includes(base))
    out.push(modifier('CHA 1 (speech impediment)', CHA1_SPEECH_MALUS, `${SOURCE}, SR-CX-170`))
  return out
}

/**
 * Why this skill check cannot be made at all, or null: PER 1 cannot use Search or Awareness
 * (SR-CX-170), INT 1 cannot use a skill without Proficiency, 10 ranks (SR-CX-171).
 */
export function skillFlawRefusal(stats: StatBlock, skill: string, ranks: number): string | null {
  if (stats.per === 1 && SEARCH_SKILLS.includes(baseSkill(skill)))
    return `PER 1: cannot use ${skill}, a Search or Awareness skill (${SOURCE}, SR-CX-170)`
  if (stats.int === 1 && ranks < PROFICIENCY_RANKS)
    return `INT 1: cannot use ${skill} without Proficiency (${ranks} ranks; Proficiency is ${PROFICIENCY_RANKS}, ${SOURCE}, SR-CX-171)`
  return null
}

/** SR-CX-172: a DEX skill is one whose stat is DEX on the sheet's skill list (`skillStat`). */
export const isDexSkill = (skill: string): boolean => skillStat(skill) === 'dex'

/** `001` DEX 1: "cannot learn any skills that use Dexterity" — why these ranks are not allowed, or null (SR-CX-172). */
export function dexSkillProblem(stats: StatBlock, skill: string, ranks: number): string | null {
  if (stats.dex !== 1 || ranks <= 0 || !isDexSkill(skill)) return null
  return `DEX 1: cannot learn ${skill}, a DEX skill (${SOURCE}, SR-CX-172)`
}

/** `001` STR 1: "cannot wear armor that offers more than 50% coverage". */
export const STR1_MAX_COVERAGE = 50

export function armourCoverageProblem(stats: StatBlock, coverage: number): string | null {
  if (stats.str !== 1 || coverage <= STR1_MAX_COVERAGE) return null
  return `STR 1: cannot wear armour of ${coverage}% coverage (at most ${STR1_MAX_COVERAGE}%, ${SOURCE}, SR-CX-173)`
}

/**
 * `001` STR 1: "your max movement per 2 actions is 2m (unless your Dex is 1)". SR-CX-173: the
 * cap is on the distance moved, sprinting included, so 1 m an action; with DEX 1 as well the
 * speed is already 1 m per 2 actions and the cap does not apply.
 */
export const STR1_METRES_PER_TWO_ACTIONS = 2

export interface MoveCap {
  readonly metresPerAction: number
  readonly label: string
  readonly source: string
}

export function moveCap(stats: StatBlock): MoveCap | null {
  if (stats.str !== 1 || stats.dex === 1) return null
  return {
    metresPerAction: STR1_METRES_PER_TWO_ACTIONS / 2,
    label: `STR 1: at most ${STR1_METRES_PER_TWO_ACTIONS} m per 2 actions`,
    source: `${SOURCE}, SR-CX-173`,
  }
}

/** `001` FORT 1: no lethal unarmed damage and unarmed damage halved (SR-CX-174). */
export const frailUnarmed = (stats: StatBlock, unarmed: boolean): boolean => stats.fort === 1 && unarmed

/** The halving of a FORT 1 unarmed strike, rounded down (SR-CX-174). */
export const halvedUnarmed = (damage: number): number => Math.floor(damage / 2)

/**
 * `001` FORT 1: "when you deal melee damage, you inflict half of the damage on yourself". SR-CX-174:
 * the health the blow took off the target, halved and rounded down; 0 when the holder is not FORT 1.
 */
export const meleeRecoil = (stats: StatBlock, dealt: number): number => (stats.fort === 1 ? Math.floor(Math.max(0, dealt) / 2) : 0)

/** `001` CHA 1: "In combat, vocal communication to anything costs 1 Action" (SR-CX-175); free for anyone else. */
export const speakActions = (stats: StatBlock): 0 | 1 => (stats.cha === 1 ? 1 : 0)

export const FLAW_SOURCE = SOURCE

/** What each stat of 1 on this sheet takes away, in a line each, for the card (SR-CX-170 … SR-CX-175). */
export function flawSummaries(stats: StatBlock): { label: string; value: string; source: string }[] {
  const lines: { label: string; value: string; source: string }[] = []
  const add = (on: boolean, label: string, value: string, id: string) => {
    if (on) lines.push({ label, value, source: `${SOURCE}, ${id}` })
  }
  add(stats.str === 1 && stats.dex !== 1, 'STR 1', 'at most 2 m per 2 actions; no armour over 50% coverage', 'SR-CX-173')
  add(stats.str === 1 && stats.dex === 1, 'STR 1', 'no armour over 50% coverage (DEX 1: 1 m per 2 actions already)', 'SR-CX-173')
  add(stats.per === 1, 'PER 1', 'no Investigation or Spotting; −20 on Persuasion', 'SR-CX-170')
  add(stats.fort === 1, 'FORT 1', 'unarmed damage halved and nonlethal; half of melee damage dealt comes back', 'SR-CX-174')
  add(
    stats.cha === 1,
    'CHA 1',
    '−24 on spoken skills; speaking costs 1 action in combat; DC 30 CHA to talk to an NPC',
    'SR-CX-170, SR-CX-175',
  )
  add(stats.int === 1, 'INT 1', `no skill check under ${PROFICIENCY_RANKS} ranks`, 'SR-CX-171')
  add(stats.dex === 1, 'DEX 1', 'cannot learn DEX skills', 'SR-CX-172')
  return lines
}
