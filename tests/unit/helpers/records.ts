import type { CampaignRecord, CombatantId, ConditionInstance, LogEntryRecord } from '../../../src-shared/records'
import type { CombatantView } from '../../../src-shared/views'

/** A campaign record with the given name, for tests of diffs and view sync. */
export const campaignRecord = (name: string): CampaignRecord => ({
  typeName: 'campaign',
  id: 'campaign',
  name,
  rulesetId: 'generic-d100',
  createdAt: '2026-11-22T00:00:00.000Z',
})

/** A GM's view of a PC called `name` at `orderKey`, with `over` laid on top. */
export function combatantView(
  name: string,
  orderKey: number | null,
  over: Partial<CombatantView> = {},
  conditions: ConditionInstance[] = [],
): CombatantView {
  return {
    typeName: 'combatant',
    id: `combatant:${name}` as CombatantId,
    name,
    side: 'party',
    kind: 'pc',
    hidden: false,
    numbers: { kind: 'exact', hp: 10, maxHp: 10, initiativeModifier: 0 },
    initiative: null,
    orderKey,
    rules: null,
    card: null,
    conditions: [],
    delayed: false,
    standing: { state: 'up', label: 'up', skipsTurn: false },
    turn: { conditions, pools: [], held: null, holdable: 0 },
    templateId: null,
    ...over,
  }
}

/** A public log line at `seq`. */
export const logEntry = (seq: number, text = `entry ${seq}`): LogEntryRecord => ({
  typeName: 'log',
  id: `log:${seq}`,
  seq,
  commandId: `c${seq}`,
  round: 0,
  text,
  rolls: [],
  visibility: 'all',
})
