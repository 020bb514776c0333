import { randomBytes } from 'node:crypto'
import type { CampaignDocument } from './document-schema'
import type { StoredRecord } from '../state/stored-records'

/** A fresh secret for a campaign's ids: 32 random bytes, hex. */
export const newIdKey = (): string => randomBytes(32).toString('hex')

/**
 * A campaign saved before id keys existed, given one: on its random generator record and on
 * every copy of that record an undo mark would put back, so undoing a roll never takes the key
 * away again. Ids made before keep their old form (they are in the journal and in every
 * reference); only new ones use the key. Returns the document as it was when it has a key.
 */
export function withIdKey(document: CampaignDocument, key: string = newIdKey()): CampaignDocument {
  const rng = document.records['rng']
  if (rng?.typeName !== 'rng' || rng.idKey !== undefined) return document
  const keyed = (r: StoredRecord | null): StoredRecord | null => (r?.typeName === 'rng' ? { ...r, idKey: key } : r)
  const records: Record<string, StoredRecord> = { ...document.records, rng: { ...rng, idKey: key } }
  const history = records['history']
  if (history?.typeName === 'history') {
    const marks = (list: typeof history.undo) =>
      list.map((m) => ({ ...m, changes: m.changes.map((c) => (c.id === 'rng' ? { ...c, from: keyed(c.from), to: keyed(c.to) } : c)) }))
    records['history'] = { ...history, undo: marks(history.undo), redo: marks(history.redo) }
  }
  return { ...document, records }
}
