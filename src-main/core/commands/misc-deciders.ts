import { describeRoll, parseDiceExpression } from '../../../src-shared/dice'
import { EMPTY_HISTORY, type HistoryRecord } from '../state/stored-records'
import type { RecordReader } from '../state/record-store'
import { fail, ok } from '../../../src-shared/result'
import type { Decider } from './decide-context'
import { withoutRecap } from './story-record'

export const rollDice: Decider<'dice/roll'> = (ctx, p) => {
  const expression = parseDiceExpression(p.expression)
  if (!expression) {
    return fail('dice/badExpression', `"${p.expression}" is not a dice expression like d100, 3d6 or 2d10+4.`)
  }
  const roll = ctx.dice.roll(expression, p.purpose)
  return ok({
    label: `Roll ${roll.expression}`,
    events: [ctx.log(`${p.purpose}: ${describeRoll(roll)}`, { rolls: [roll], visibility: p.secret ? 'gm' : 'all' })],
    headline: { kind: 'roll', purpose: p.purpose, total: roll.total },
  })
}

/** The GM takes the last fight's recap off the table; nothing else changes. */
export const dismissRecap: Decider<'story/dismissRecap'> = (ctx) => {
  const event = withoutRecap(ctx.state)
  if (!event) return fail('story/noRecap', 'There is no recap on the table.')
  return ok({ label: 'Dismiss the recap', events: [event] })
}

export function historyOf(state: RecordReader): HistoryRecord {
  const h = state.get('history')
  return h?.typeName === 'history' ? h : EMPTY_HISTORY
}

export const undo: Decider<'history/undo'> = (ctx) => {
  const mark = historyOf(ctx.state).undo.at(-1)
  if (!mark) return fail('history/nothingToUndo', 'Nothing to undo.')
  return ok({ label: `Undo ${mark.label}`, events: [{ type: 'history/undone', commandId: mark.commandId }] })
}

export const redo: Decider<'history/redo'> = (ctx) => {
  const mark = historyOf(ctx.state).redo.at(-1)
  if (!mark) return fail('history/nothingToRedo', 'Nothing to redo.')
  return ok({ label: `Redo ${mark.label}`, events: [{ type: 'history/redone', commandId: mark.commandId }] })
}
