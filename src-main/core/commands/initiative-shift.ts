import type { DomainEvent } from '../../../src-shared/events'
import type { CombatantId, CombatantRecord } from '../../../src-shared/records'
import type { InitiativeShift } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { slotOrderKey } from './combatant-deciders'
import { turnOrder, type DecideContext } from './decide-context'

const signed = (n: number) => (n >= 0 ? `+${n}` : `−${-n}`)

/**
 * Initiative a resolution or a round edge changes at once (a reaction paid for in initiative, a
 * penalty carried into the round): the total moves and the combatant slots back in by it, so the
 * ribbon re-sorts live. The one acting now keeps its place (moving it mid-turn would hand the
 * next turn to the wrong slot); its new total counts from the next re-sort.
 */
export function initiativeShiftEvents(
  ctx: DecideContext,
  state: RecordReader,
  shifts: readonly InitiativeShift[],
  keepPlace: CombatantId | null,
): DomainEvent[] {
  if (shifts.length === 0) return []
  let order: readonly CombatantRecord[] = turnOrder(state)
  const events: DomainEvent[] = []
  for (const s of shifts) {
    const c = order.find((x) => x.id === s.combatantId)
    if (!c?.initiative || s.delta === 0) continue
    const total = c.initiative.total + s.delta
    const others = order.filter((x) => x.id !== c.id)
    const orderKey = c.id === keepPlace ? c.orderKey : slotOrderKey(others, total)
    const moved: CombatantRecord = { ...c, initiative: { ...c.initiative, total }, orderKey }
    order = [...others, moved].sort((a, b) => a.orderKey! - b.orderKey!)
    events.push({ type: 'combatant/turnStateChanged', combatantId: c.id, patch: { initiative: moved.initiative, orderKey } })
    // The table sees the order move; the numbers are public only for visible player characters.
    const visibility = c.kind === 'pc' && !c.hidden ? 'all' : 'gm'
    events.push(ctx.log(`${c.name}'s initiative ${signed(s.delta)} (${s.why}): now ${total}`, { visibility, subjects: [c.id] }))
  }
  return events
}
