import type { TurnStatePatch } from '../../../src-shared/events'
import type { CombatantRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { placedRulesCombatant } from '../state/rules-combatants'
import { economySpend } from './consequences'
import { activeEncounter, type DecideContext } from './decide-context'

/** What a token's move on the map charges: the pools spent, and the words the move's log line adds. */
export interface MoveCharge {
  readonly patch: TurnStatePatch | null
  /** " (2 actions)", " (2 actions; free move, waived by the GM)", or empty where the ruleset does not price moves. */
  readonly note: string
}

const WAIVE_HINT = 'Make it a free move to place the token anyway.'

/**
 * A drag on the mover's own turn pays what the ruleset prices it at, as the Move action would;
 * out of turn the GM is placing the token (a shove, a fall, setting up) and nothing is spent.
 * The GM may waive the price of any move in one step (`free`), and the log says so. A move the
 * rules cannot pay for is refused by name, with nothing changed.
 */
export function moveCharge(
  ctx: Pick<DecideContext, 'state' | 'ruleset'>,
  mover: CombatantRecord,
  metres: number,
  free: boolean,
): Result<MoveCharge> {
  const cost = ctx.ruleset.movementCost?.(placedRulesCombatant(ctx.state, mover), metres)
  if (!cost) return ok({ patch: null, note: '' })
  const encounter = activeEncounter(ctx.state)
  const running = !!encounter && encounter.round >= 1
  if (!running) return ok({ patch: null, note: ` (${cost.label})` })
  if (encounter.currentCombatantId !== mover.id) return ok({ patch: null, note: ` (${cost.label}; out of turn: nothing spent)` })
  if (free) return ok({ patch: null, note: ` (${cost.label}; free move, waived by the GM)` })
  const away = `${mover.name} cannot move ${metres.toFixed(1)} m`
  if (cost.refusal) return fail('move/cannot', `${away}: ${cost.refusal}. ${WAIVE_HINT}`)
  const spend = economySpend(ctx, mover, { cost: cost.spend })
  if (!spend.ok) return fail('move/notEnough', `${away} (${cost.label}): ${spend.error.message} ${WAIVE_HINT}`)
  return ok({ patch: spend.value, note: ` (${cost.label})` })
}
