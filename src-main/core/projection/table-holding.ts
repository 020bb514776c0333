import { tableHolds } from '../../../src-shared/table-holding'
import type { RecordReader } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'

/** Whether the table shows its holding screen now (see src-shared/table-holding.ts). */
export function tableHoldsNow(state: RecordReader): boolean {
  const projector = state.get('projector')
  const fightRuns = state.ofType('encounter').some((e) => e.status === 'active')
  return tableHolds(fightRuns, projector?.typeName === 'projector' ? projector : null)
}

/** Whether a change can start or stop the table's holding screen: a fight begun or ended, the prep-map switch. */
export function flipsHolding(c: RecordChange): boolean {
  const from = c.from ?? null
  const to = c.to ?? null
  if (from?.typeName === 'encounter' || to?.typeName === 'encounter') {
    const running = (r: typeof from) => r?.typeName === 'encounter' && r.status === 'active'
    return running(from) !== running(to)
  }
  if (from?.typeName === 'projector' || to?.typeName === 'projector') {
    const shows = (r: typeof from) => r?.typeName === 'projector' && r.prepMap === true
    return shows(from) !== shows(to)
  }
  return false
}
