import type { ProjectorRecord } from './scene-records'

/**
 * Prep stays off the table: while no fight runs, the table shows a holding screen and is sent no
 * scene, token, zone or template — unless the GM has chosen to show the map (`prepMap`). The
 * GM's tokens going down one by one as the evening is set up would otherwise play out live on the
 * projector. The core's projection and the GM's projector preview both ask here, so they agree.
 */
export function tableHolds(fightRuns: boolean, projector: Pick<ProjectorRecord, 'prepMap'> | null | undefined): boolean {
  return !fightRuns && projector?.prepMap !== true
}

/** The prep-map switch, with the default for records that predate it (off: the table holds). */
export const prepMapOf = (p: Pick<ProjectorRecord, 'prepMap'>): boolean => p.prepMap === true
