import type { ViewRecord, ViewRecordId } from './views'

/** Per-record changes between two versions of one window's projection. */
export interface RecordsDiff {
  readonly fromVersion: number
  readonly toVersion: number
  readonly added: readonly ViewRecord[]
  /** `[from, to]` pairs; `from` lets a window check it holds what the sender thinks it holds. */
  readonly updated: readonly (readonly [ViewRecord, ViewRecord])[]
  readonly removed: readonly ViewRecordId[]
}

export interface Snapshot {
  readonly version: number
  readonly records: readonly ViewRecord[]
}

export interface ViewState {
  readonly version: number
  readonly records: ReadonlyMap<ViewRecordId, ViewRecord>
}

export const EMPTY_VIEW: ViewState = { version: -1, records: new Map() }

export type DiffOutcome = { readonly kind: 'applied'; readonly state: ViewState } | { readonly kind: 'stale' } | { readonly kind: 'gap' }

export function viewFromSnapshot(s: Snapshot): ViewState {
  return { version: s.version, records: new Map(s.records.map((r) => [r.id, r])) }
}

/**
 * Applies a diff only onto the exact version it was made from (boardgame.io style).
 * An older diff is ignored; a newer one means we missed something: the caller must ask
 * for a snapshot instead of guessing.
 */
export function applyDiff(state: ViewState, diff: RecordsDiff): DiffOutcome {
  if (diff.toVersion <= state.version) return { kind: 'stale' }
  if (diff.fromVersion !== state.version) return { kind: 'gap' }
  const records = new Map(state.records)
  for (const id of diff.removed) records.delete(id)
  for (const r of diff.added) records.set(r.id, r)
  for (const [, to] of diff.updated) records.set(to.id, to)
  return { kind: 'applied', state: { version: diff.toVersion, records } }
}
