import { CURRENT_SCHEMA_VERSION } from './document-schema'

/** One step of the document format; steps run in order from the file's version to the current one. */
export interface Migration {
  readonly from: number
  readonly to: number
  migrate(document: Record<string, unknown>): Record<string, unknown>
}

/**
 * The ordered migration path. Empty while the format is at its first version; a format
 * change appends a step here (and bumps CURRENT_SCHEMA_VERSION) instead of editing old ones.
 */
export const MIGRATIONS: readonly Migration[] = []

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
