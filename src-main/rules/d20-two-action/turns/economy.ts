import type { JsonValue } from '../../../../src-shared/json'
import type { EconomyPool, RulesCombatant } from '../../ruleset'
import { ACTIONS, DOC, FREE, REACTIONS } from '../d20-terms'
import { plural } from '../../kit/format'
import { modifier, type Modifier } from '../../kit/modifier'
import { DEFENSIVE_STANCE, has } from '../statuses/conditions'
import type { D20Sheet, Defence, ReactionKind } from '../sheet/d20-sheet'
import { d20Sheets } from '../sheet/d20-sheets'

/** W2: Two Actions a turn. */
export const ACTIONS_PER_TURN = 2

/**
 * `003 Taking Action`: "Typically, you are only allowed one free action per turn, but whether
 * additional free actions can be made is at the GM's discretion." One a turn; the GM allows
 * another by giving the pip back on the card (SR-D20-10).
 */
export const FREE_ACTIONS_PER_TURN = 1

/** W2: one reaction a round, two with Grace and Finesse. */
export const reactionsPerRound = (sheet: D20Sheet | null): number => (sheet?.feats.graceAndFinesse ? 2 : 1)

/** W2: the pools the core keeps: Two Actions a turn, one or two reactions a round; and one free action a turn (SR-D20-10). */
export function d20Economy(rules: JsonValue | null): EconomyPool[] {
  const sheet = d20Sheets.read(rules)
  return [
    { key: ACTIONS, label: 'Actions', count: ACTIONS_PER_TURN, per: 'turn' },
    { key: REACTIONS, label: 'Reactions', count: reactionsPerRound(sheet), per: 'round', reaction: true },
    { key: FREE, label: 'Free actions', count: FREE_ACTIONS_PER_TURN, per: 'turn' },
  ]
}

/** An act out of the combatant's own turn is a reaction (absent: outside turns, counted as its own). */
export const isReaction = (c: RulesCombatant): boolean => c.acting === false

/** W2: actions left this turn, by the core's count. */
export const actionsLeft = (c: RulesCombatant): number => Math.max(0, ACTIONS_PER_TURN - (c.spent?.[ACTIONS] ?? 0))

/**
 * Issue 35: in its own turn with both actions spent, every attack it could ask for is refused
 * before a die is rolled (W2: every mode costs at least one action; `refusalOf`), whatever the
 * weapon, mode or target.
 */
export const attacksSpentOut = (c: RulesCombatant): boolean => c.acting === true && actionsLeft(c) < 1

/**
 * W2: reactions left this round. The core counts the acts it saw out of turn (and any pip the GM
 * clicks); the sheet records every reaction, including those made inside someone else's attack,
 * which no interface member lets a resolution charge to the defender's pool. The larger of the
 * two counts is taken, so a GM who clicks the pip to match a Dodge does not count it twice.
 */
export function reactionsLeft(sheet: D20Sheet, c: RulesCombatant): number {
  const used = Math.max(c.spent?.[REACTIONS] ?? 0, sheet.live.reactions.length)
  return Math.max(0, reactionsPerRound(sheet) - used)
}

/** W2 / `003 Reactions`: the pairs that cannot both be used in one round. */
const EXCLUSIVE: readonly (readonly [Defence, Defence])[] = [
  ['parry', 'riposte'],
  ['counterspell', 'rebound'],
]

/** Why this reaction cannot be made now (W2: the round's count, no kind twice, the exclusive pairs), or null. */
export function reactionRefusal(sheet: D20Sheet, c: RulesCombatant, kind: ReactionKind): string | null {
  const used = sheet.live.reactions.map((r) => r.kind)
  if (reactionsLeft(sheet, c) < 1)
    return `${c.name} has no reaction left this round (${plural(reactionsPerRound(sheet), 'reaction')} a round, W2).`
  if (used.includes(kind)) return `${c.name} already used ${kind} this round: not the same reaction twice (W2).`
  const clash = EXCLUSIVE.find(([a, b]) => (kind === a && used.includes(b)) || (kind === b && used.includes(a)))
  if (clash) return `${c.name} used ${clash[0] === kind ? clash[1] : clash[0]} this round, so it cannot ${kind} (${DOC.responding}).`
  return null
}

/** The sheet after a reaction: `pool` when the core charged the reaction pool for it. */
export const withReaction = (sheet: D20Sheet, kind: ReactionKind, pool: boolean): D20Sheet => ({
  ...sheet,
  live: { ...sheet.live, reactions: [...sheet.live.reactions, { kind, pool }] },
})

/** W2: holding one or two actions gives +1 / +2 to reactions until its next turn (the core drops the hold then). */
export function heldBonus(c: RulesCombatant): Modifier | null {
  const amount = Math.min(2, c.held?.amount ?? 0)
  return amount > 0 ? modifier(`Holding ${plural(amount, 'action')}`, amount, 'W2') : null
}

/**
 * W2: why a further attack or magical ability is refused in its own turn: one per turn
 * without Combat Prowess; none after taking a defensive stance (`003 Attack Types`).
 */
export function attackLimit(sheet: D20Sheet, c: RulesCombatant): string | null {
  if (has(c.conditions, DEFENSIVE_STANCE)) return `${c.name} took a defensive stance: no attack this turn (${DOC.attackTypes}).`
  if (sheet.live.attacksThisTurn >= 1 && !sheet.feats.combatProwess) {
    return `${c.name} already made an attack or magical ability this turn; a second needs Combat Prowess (W2).`
  }
  return null
}

/** W2: the sheet after an attack in its own turn. */
export const withAttack = (sheet: D20Sheet): D20Sheet => ({
  ...sheet,
  live: { ...sheet.live, attacksThisTurn: sheet.live.attacksThisTurn + 1 },
})
