import type { RollRecord } from '../../../../src-shared/dice'
import type { CombatantId } from '../../../../src-shared/records'
import type { Dice } from '../../dice'
import type { ConditionGrant } from '../../ruleset'
import { plural } from '../../kit/format'
import type { StatusId } from '../sheet/d20-sheet'

/** W5: a status's duration when what caused it names none: 1d4 turns. */
export const DEFAULT_DURATION = { count: 1, sides: 4 } as const

/** `003 Statuses` Stunned: two rounds unless shaken off or hurt. */
export const STUN_ROUNDS = 2

export interface StatusGrant {
  readonly grant: ConditionGrant
  readonly rolls: readonly RollRecord[]
  readonly line: string
}

/**
 * W5: puts a status on the target with its duration. Bleeding and burning carry X as stacks
 * (Xd4 a turn) and last 1d4 turns; frozen lasts Xd4 turns; shocked lasts to the end of the
 * target's next turn (it loses One Action then); stunned lasts 2 rounds. A turn count runs in
 * rounds from now, which gives the bearer exactly that many turn starts.
 */
export function grantStatus(
  status: StatusId,
  x: number,
  targetId: CombatantId,
  sourceId: CombatantId | null,
  dice: Dice,
  why: string,
): StatusGrant {
  const base = { conditionId: status, sourceId, data: null }
  switch (status) {
    case 'bleeding':
    case 'burned': {
      const d = dice.roll({ ...DEFAULT_DURATION, modifier: 0 }, `${status} duration (1d4 turns, W5)`)
      return {
        grant: { ...base, stacks: x, duration: { kind: 'rounds', rounds: d.total } },
        rolls: [d],
        line: `${status}(${x}) for ${plural(d.total, 'turn')} (${why}, W5)`,
      }
    }
    case 'frozen': {
      const d = dice.roll({ count: x, sides: 4, modifier: 0 }, `frozen duration (${x}d4 turns, W5)`)
      return {
        grant: { ...base, stacks: 1, duration: { kind: 'rounds', rounds: Math.max(1, d.total) }, data: { actionLost: false } },
        rolls: [d],
        line: `frozen for ${plural(d.total, 'turn')} (${why}, W5)`,
      }
    }
    case 'shocked':
      return {
        grant: { ...base, stacks: 1, duration: { kind: 'turnEnd', of: targetId } },
        rolls: [],
        line: `shocked: loses One Action next turn (${why}, W5)`,
      }
    case 'stunned':
      return {
        grant: { ...base, stacks: 1, duration: { kind: 'rounds', rounds: STUN_ROUNDS } },
        rolls: [],
        line: `stunned for ${STUN_ROUNDS} rounds (${why})`,
      }
  }
}
