import type { ConditionDefinition } from '../../ruleset'
import { DOC } from '../d20-terms'
import type { StatusId } from '../sheet/d20-sheet'

/** The conditions the attack types and positions leave behind (ids the rules read back). */
export const PRONE = 'prone'
export const BERSERK = 'berserk'
export const GUARDED = 'guarded'
export const DEFENSIVE_STANCE = 'defensive-stance'

const C = (id: string, label: string, summary: string, source: string, stacks = false): ConditionDefinition => ({
  id,
  label,
  summary,
  source,
  stacks,
})

/**
 * W5's statuses (stacks are the X of "Xd4": two stacks of bleeding roll 2d4 a turn, and a new
 * dose adds its dice and restarts the clock), and the states the attack types and positions
 * leave behind, in our words with the document's numbers.
 */
export const D20_CONDITIONS: readonly ConditionDefinition[] = [
  C(
    'bleeding' satisfies StatusId,
    'Bleeding',
    'Takes Xd4 damage at the start of each of its turns (X = stacks).',
    `${DOC.statuses}, W5`,
    true,
  ),
  C(
    'burned' satisfies StatusId,
    'Burned',
    'Takes Xd4 fire damage at the start of each of its turns (X = stacks); fire resistance and weakness apply.',
    `${DOC.statuses}, W5`,
    true,
  ),
  C(
    'shocked' satisfies StatusId,
    'Shocked',
    'Loses One Action as its next turn starts, and any focus or concentration.',
    `${DOC.statuses}, W5`,
  ),
  C(
    'frozen' satisfies StatusId,
    'Frozen',
    'Loses One Action as its next turn starts; its movement speed is halved (rounded down) while it lasts.',
    `${DOC.statuses}, W5`,
  ),
  C(
    'stunned' satisfies StatusId,
    'Stunned',
    'Cannot act or react; attacks against it get +2. Ends after 2 rounds, on any damage, or when a Vitality test at the end of its turn beats 13.',
    DOC.statuses,
  ),
  C(PRONE, 'Prone', 'Melee attacks against it get +2, ranged attacks −2; standing up is One Action.', DOC.modifiers),
  C(BERSERK, 'Berserk', 'Made a berserk attack: attacks against it get +2 until its next turn.', DOC.attackTypes),
  C(GUARDED, 'Guarded', 'Made a defensive strike: +2 on its Dodge, Parry and Riposte rolls this round.', DOC.attackTypes),
  C(DEFENSIVE_STANCE, 'Defensive stance', 'Makes no attack this turn; attacks against it get −4 until its next turn.', DOC.attackTypes),
]

export const has = (conditions: readonly { readonly conditionId: string }[], id: string): boolean =>
  conditions.some((c) => c.conditionId === id)
