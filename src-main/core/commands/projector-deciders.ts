import { DEFAULT_PROJECTOR, type ProjectorRecord } from '../../../src-shared/records'
import { fail, ok } from '../../../src-shared/result'
import type { Decider } from './decide-context'

/** The projector's framing and blanking; no log line (a mirror sends these while the GM pans). */
export const setProjector: Decider<'projector/set'> = (ctx, p) => {
  const current = ctx.state.get('projector')
  const before: ProjectorRecord = current?.typeName === 'projector' ? current : DEFAULT_PROJECTOR
  const record: ProjectorRecord = {
    ...before,
    ...(p.mode !== undefined ? { mode: p.mode } : {}),
    ...(p.view !== undefined ? { view: p.view } : {}),
    ...(p.blank !== undefined ? { blank: p.blank } : {}),
    ...(p.ribbonNext !== undefined ? { ribbonNext: p.ribbonNext } : {}),
    ...(p.hiddenTurn !== undefined ? { hiddenTurn: p.hiddenTurn } : {}),
    ...(p.prepMap !== undefined ? { prepMap: p.prepMap } : {}),
  }
  if (current && JSON.stringify(record) === JSON.stringify(before)) return fail('projector/noChange', 'The projector already shows that.')
  const label =
    p.blank !== undefined
      ? p.blank
        ? 'Blank the projector'
        : 'Unblank the projector'
      : p.ribbonNext !== undefined
        ? `Table ribbon: ${p.ribbonNext === 'fit' ? 'fit all' : `next ${p.ribbonNext}`}`
        : p.hiddenTurn !== undefined
          ? `Hidden turns: ${p.hiddenTurn === 'dim' ? 'dim the last one seen' : 'hold the last one seen'}`
          : p.prepMap !== undefined
            ? p.prepMap
              ? 'Show the map to the table'
              : 'Hold the table until the fight'
            : 'Projector view'
  return ok({ label, events: [{ type: 'projector/put', record }] })
}
