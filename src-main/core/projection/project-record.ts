import type { CombatantRecord, EncounterRecord } from '../../../src-shared/records'
import { healthBand, type CombatantView, type ViewRecord, type ViewRole } from '../../../src-shared/views'
import type { RecordReader } from '../state/record-store'
import type { StoredRecord } from '../state/stored-records'

function gmCombatant(c: CombatantRecord): CombatantView {
  return {
    typeName: 'combatant',
    id: c.id,
    name: c.name,
    side: c.side,
    kind: c.kind,
    hidden: c.hidden,
    numbers: { kind: 'exact', hp: c.hp, maxHp: c.maxHp, initiativeModifier: c.initiativeModifier },
    initiative: c.initiative,
    orderKey: c.orderKey,
  }
}

/** Players see PCs' numbers (they are on the table anyway) and only a band for NPCs. */
function playerCombatant(c: CombatantRecord): CombatantView | null {
  if (c.hidden) return null
  if (c.kind === 'pc') return gmCombatant(c)
  return {
    typeName: 'combatant',
    id: c.id,
    name: c.name,
    side: c.side,
    kind: c.kind,
    hidden: false,
    numbers: { kind: 'secret', band: healthBand(c.hp, c.maxHp) },
    initiative: c.initiative === null ? null : 'secret',
    orderKey: c.orderKey,
  }
}

/** Whose turn it is stays secret while that combatant is hidden. */
function playerEncounter(e: EncounterRecord, state: RecordReader): EncounterRecord {
  if (e.currentCombatantId === null) return e
  const current = state.get(e.currentCombatantId)
  return current?.typeName === 'combatant' && current.hidden ? { ...e, currentCombatantId: null } : e
}

/**
 * The pure projection `(record, state, role) → view record | null`. Internal records (RNG,
 * history) never leave the core; GM-only data never enters a player projection, so no
 * diff built from it can carry such data.
 */
export function projectRecord(record: StoredRecord, state: RecordReader, role: ViewRole): ViewRecord | null {
  switch (record.typeName) {
    case 'rng':
    case 'history':
      return null
    case 'campaign':
      return record
    case 'combatant':
      return role === 'gm' ? gmCombatant(record) : playerCombatant(record)
    case 'encounter':
      return role === 'gm' ? record : playerEncounter(record, state)
    case 'log':
      return role === 'gm' || record.visibility === 'all' ? record : null
  }
}

/**
 * Records whose projection reads other records, and so must be re-projected whenever
 * anything changes (they are few: the encounters).
 */
export function dependentRecordIds(state: RecordReader, role: ViewRole): string[] {
  return role === 'player' ? state.ofType('encounter').map((e) => e.id) : []
}
