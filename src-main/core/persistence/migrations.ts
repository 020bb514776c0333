import { CURRENT_SCHEMA_VERSION } from './document-schema'

/** One step of the document format; steps run in order from the file's version to the current one. */
export interface Migration {
  readonly from: number
  readonly to: number
  migrate(document: Record<string, unknown>): Record<string, unknown>
}

type Json = Record<string, unknown>
const isCombatant = (r: unknown): r is Json => typeof r === 'object' && r !== null && (r as Json)['typeName'] === 'combatant'
const withTurnState = (r: unknown): unknown =>
  isCombatant(r) ? { conditions: [], spent: {}, delayed: false, held: null, templateId: null, ...r } : r

/** v1 → v2: combatants gain conditions, economy, delay/hold and their roster origin — in live records and in undo marks. */
const turnState: Migration = {
  from: 1,
  to: 2,
  migrate(document) {
    const given = document['records']
    if (typeof given !== 'object' || given === null) return document
    const records = { ...(given as Json) }
    for (const [id, r] of Object.entries(records)) {
      if (isCombatant(r)) records[id] = withTurnState(r)
      else if (typeof r === 'object' && r !== null && (r as Json)['typeName'] === 'history') {
        const h = r as Json
        // A damaged history is left as it is for the document check to name.
        const change = (c: unknown) =>
          typeof c === 'object' && c !== null ? { ...c, from: withTurnState((c as Json)['from']), to: withTurnState((c as Json)['to']) } : c
        const mark = (m: unknown) =>
          typeof m === 'object' && m !== null && Array.isArray((m as Json)['changes'])
            ? { ...m, changes: ((m as Json)['changes'] as unknown[]).map(change) }
            : m
        const marks = (list: unknown) => (Array.isArray(list) ? list.map(mark) : list)
        records[id] = { ...h, undo: marks(h['undo']), redo: marks(h['redo']) }
      }
    }
    return { ...document, records }
  },
}

/**
 * The ordered migration path; a format change appends a step here (and bumps
 * CURRENT_SCHEMA_VERSION) instead of editing old ones.
 */
export const MIGRATIONS: readonly Migration[] = [turnState]

export class MigrationError extends Error {}

export function schemaVersionOf(document: unknown): number | null {
  if (typeof document !== 'object' || document === null) return null
  const v = (document as Record<string, unknown>)['schemaVersion']
  return typeof v === 'number' && Number.isInteger(v) ? v : null
}

/** Runs every step from the document's version up to `target`; refuses files from a newer Salvo. */
export function migrate(
  document: Record<string, unknown>,
  migrations: readonly Migration[] = MIGRATIONS,
  target: number = CURRENT_SCHEMA_VERSION,
): Record<string, unknown> {
  let version = schemaVersionOf(document)
  if (version === null) throw new MigrationError('schemaVersion is missing or not a whole number')
  if (version > target) {
    throw new MigrationError(`schemaVersion ${version} is newer than this Salvo understands (${target}); update Salvo`)
  }
  let doc = document
  while (version < target) {
    const step = migrations.find((m) => m.from === version)
    if (!step) throw new MigrationError(`no migration from schemaVersion ${version}`)
    doc = { ...step.migrate(doc), schemaVersion: step.to }
    version = step.to
  }
  return doc
}
