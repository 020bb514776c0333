import { LIVE_LOG, type ServerMessage } from '../../../src-shared/contract'
import type { RecordsDiff, Snapshot } from '../../../src-shared/diff'
import type { ViewRecord, ViewRecordId, ViewRole } from '../../../src-shared/views'
import type { RecordStore } from '../state/record-store'
import type { RecordChange } from '../state/stored-records'
import type { Ruleset } from '../../rules/ruleset'
import type { SceneRecord } from '../../../src-shared/records'
import type { TablePicture } from '../../../src-shared/views'
import { dependentRecordIds, ProjectionContext, projectRecord } from './project-record'
import { logLeftOut } from './snapshot-scope'

/** What a projection pass needs beyond the records: the ruleset (GM cards) and the table's pictures. */
export interface ProjectionEnv {
  readonly ruleset?: Ruleset | null
  readonly tablePicture?: (scene: SceneRecord) => TablePicture
}

interface Sent {
  readonly record: ViewRecord
  /**
   * Its text, to tell an unchanged projection from a changed one; made on first comparison, so a
   * snapshot of thousands of records does not serialise each twice (once here, once to send).
   */
  json: string | null
}

/**
 * One window's view of the campaign: what it was last sent, at which version. After each
 * command it re-projects only the touched records and sends the difference, if any.
 */
export class ViewChannel {
  #version = -1
  /** The player's versions count only what the player was sent, so gaps reveal no GM commands. */
  #playerCounter = 0
  readonly #sent = new Map<ViewRecordId, Sent>()
  /**
   * The log lines this window was sent, oldest first. Past the snapshot's tail the oldest are
   * forgotten here, as the window itself lets them go: a long evening costs each window a bounded
   * log, not every line ever sent (issue 15). One that changes later is sent again as added.
   */
  readonly #sentLogs = new Set<ViewRecordId>()

  constructor(
    readonly role: ViewRole,
    private readonly send: (message: ServerMessage) => void,
  ) {}

  get version(): number {
    return this.#version
  }

  /** The version this window's next message carries: the journal position for the GM. */
  #nextVersion(seq: number): number {
    return this.role === 'gm' ? seq : ++this.#playerCounter
  }

  /** The whole projection (the log only its latest entries); resets what this window is believed to hold. */
  snapshot(store: RecordStore, seq: number, env: ProjectionEnv = {}): Snapshot {
    this.#sent.clear()
    this.#sentLogs.clear()
    const version = this.#nextVersion(seq)
    const ctx = new ProjectionContext(store, this.role, env.ruleset ?? null, env.tablePicture)
    const records: ViewRecord[] = []
    const leftOut = logLeftOut(store, this.role)
    for (const r of store.values()) {
      if (leftOut.has(r.id)) continue
      const v = projectRecord(r, ctx)
      if (v === null) continue
      records.push(v)
      this.#sent.set(v.id, { record: v, json: null })
      if (v.typeName === 'log') this.#sentLogs.add(v.id)
    }
    this.#version = version
    return { version, records }
  }

  /** Forgets everything: the next thing this window gets must be a snapshot. */
  reset(): void {
    this.#sent.clear()
    this.#sentLogs.clear()
    this.#version = -1
  }

  /** Builds and sends the diff for the records a command changed. Returns it (or null if nothing changed for this window). */
  publish(store: RecordStore, changes: readonly RecordChange[], seq: number, env: ProjectionEnv = {}): RecordsDiff | null {
    // A window that has not had its snapshot yet has nothing a diff could apply to.
    if (this.#version < 0) return null
    const ids = new Set<string>(changes.map((c) => c.id))
    for (const id of dependentRecordIds(store, this.role, changes)) ids.add(id)
    const ctx = new ProjectionContext(store, this.role, env.ruleset ?? null, env.tablePicture)
    const added: ViewRecord[] = []
    const updated: [ViewRecord, ViewRecord][] = []
    const removed: ViewRecordId[] = []
    for (const id of ids) {
      const source = store.get(id)
      const next = source ? projectRecord(source, ctx) : null
      const prev = this.#sent.get(id as ViewRecordId)
      if (next === null) {
        if (prev) {
          removed.push(prev.record.id)
          this.#sent.delete(prev.record.id)
          this.#sentLogs.delete(prev.record.id)
        }
        continue
      }
      const json = JSON.stringify(next)
      if (prev) prev.json ??= JSON.stringify(prev.record)
      if (prev?.json === json) continue
      // A log line is written once and rarely changed again: keeping its text for the next
      // comparison would double what a long evening's log costs per window (issue 15).
      this.#sent.set(next.id, { record: next, json: next.typeName === 'log' ? null : json })
      if (next.typeName === 'log') this.#sentLogs.add(next.id)
      if (prev) updated.push([prev.record, next])
      else added.push(next)
    }
    this.#forgetOldLogs()
    if (added.length === 0 && updated.length === 0 && removed.length === 0) return null
    const version = this.#nextVersion(seq)
    const diff: RecordsDiff = { fromVersion: this.#version, toVersion: version, added, updated, removed }
    this.#version = version
    this.send({ kind: 'diff', diff })
    return diff
  }

  #forgetOldLogs(): void {
    for (const id of this.#sentLogs) {
      // As many as the window may hold (its tail and slack): a line it holds must hear of its removal.
      if (this.#sentLogs.size <= LIVE_LOG.tail + LIVE_LOG.slack) break
      this.#sentLogs.delete(id)
      this.#sent.delete(id)
    }
  }
}
