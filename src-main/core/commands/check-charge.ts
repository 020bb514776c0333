import type { TurnStatePatch } from '../../../src-shared/events'
import type { CombatantRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { CheckCost } from '../../rules/ruleset'
import { economySpend } from './consequences'
import { activeEncounter, type DecideContext } from './decide-context'

/** What a check rolled at the desk charges: the pools spent and the words its log line adds. */
export interface CheckCharge {
  readonly patch: TurnStatePatch | null
  readonly note: string
}

/**
 * A check rolled in the roller's own turn is an act and pays the ruleset's price, through the
 * same `economySpend` as every act; out of turn the GM is calling for it (a save, a contest) and
 * nothing is spent. The GM may waive the price in one step (`free`), and the log says so.
 */
export function checkCharge(
  ctx: Pick<DecideContext, 'state' | 'ruleset'>,
  roller: CombatantRecord,
  cost: CheckCost | null,
  free: boolean,
): Result<CheckCharge> {
  const encounter = activeEncounter(ctx.state)
  const inTurn = !!encounter && encounter.round >= 1 && encounter.currentCombatantId === roller.id
  if (!cost || !inTurn || cost.spend.length === 0) return ok({ patch: null, note: '' })
  if (free) return ok({ patch: null, note: ` (${cost.label}: waived by the GM)` })
  const spend = economySpend(ctx, roller, { cost: cost.spend })
  if (!spend.ok) return fail('check/notEnough', `${spend.error.message} Roll it as free to make the check anyway.`)
  return ok({ patch: spend.value, note: ` (${cost.label})` })
}
