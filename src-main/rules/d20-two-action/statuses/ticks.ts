import type { RollRecord } from '../../../../src-shared/dice'
import type { ConditionInstance } from '../../../../src-shared/records'
import type { Dice } from '../../dice'
import type { RulesCombatant } from '../../ruleset'
import { applyAffinity } from '../combat/damage'
import { DOC } from '../d20-terms'
import type { D20Sheet } from '../sheet/d20-sheet'
import { ACTIONS_PER_TURN } from '../turns/economy'
import { damageEndsStun, STUN_ENDS_LINE, withoutStun } from './stun'

export interface StatusTicks {
  readonly hp: number
  readonly lines: readonly string[]
  readonly rolls: readonly RollRecord[]
  /** Actions lost before the turn begins (W5). */
  readonly actionsLost: number
  /** The conditions after the ticks, or null when unchanged. */
  readonly conditions: readonly ConditionInstance[] | null
}

const frozenActionTaken = (c: ConditionInstance): boolean => (c.data as { actionLost?: unknown } | null)?.actionLost === true

/**
 * W5: statuses tick at the start of their bearer's turn. Bleeding deals Xd4 and Burned Xd4 fire
 * (X = stacks; fire resistance halves, weakness doubles); any damage ends a stun. Shocked
 * takes One Action; Frozen takes One Action on its first turn only ("loses a half action during
 * their next turn"); a stunned combatant can take no action at all.
 */
export function statusesAtTurnStart(c: RulesCombatant, sheet: D20Sheet | null, dice: Dice): StatusTicks {
  let hp = c.hp
  let damage = 0
  const lines: string[] = []
  const rolls: RollRecord[] = []
  let conditions = [...c.conditions]
  let changed = false
  for (const x of c.conditions) {
    if (x.conditionId !== 'bleeding' && x.conditionId !== 'burned') continue
    const n = Math.max(1, x.stacks)
    const roll = dice.roll({ count: n, sides: 4, modifier: 0 }, `${x.label} (${n}d4, W5)`)
    rolls.push(roll)
    const dealt = x.conditionId === 'burned' ? applyAffinity(roll.total, sheet?.affinities.fire ?? null) : roll.total
    const words =
      x.conditionId === 'burned' && dealt !== roll.total
        ? ` (${roll.total} before fire ${sheet?.affinities.fire === 'weak' ? 'weakness' : 'resistance'})`
        : ''
    lines.push(`${x.label.toLowerCase()} ${n}d4: ${dealt}${x.conditionId === 'burned' ? ' fire' : ''} damage${words} (${DOC.statuses}, W5)`)
    damage += dealt
  }
  if (damage > 0) hp = Math.max(0, hp - damage)
  if (damageEndsStun(damage, conditions)) {
    conditions = withoutStun(conditions)
    changed = true
    lines.push(STUN_ENDS_LINE)
  }
  let lost = 0
  for (const x of conditions) {
    if (x.conditionId === 'shocked') {
      lost += 1
      lines.push(`shocked: loses One Action and any focus (${DOC.statuses}, W5)`)
    } else if (x.conditionId === 'frozen' && !frozenActionTaken(x)) {
      lost += 1
      lines.push(`frozen: loses One Action this turn (W5: a half action is One Action)`)
      conditions = conditions.map((y) => (y === x ? { ...y, data: { actionLost: true } } : y))
      changed = true
    } else if (x.conditionId === 'stunned') {
      lost += ACTIONS_PER_TURN
      lines.push(`stunned: can take no action this turn (${DOC.statuses})`)
    }
  }
  return { hp, lines, rolls, actionsLost: Math.min(ACTIONS_PER_TURN, lost), conditions: changed ? conditions : null }
}
