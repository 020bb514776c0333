import type { TokenRecord } from '../../../src-shared/records'
import type { RecordReader } from './record-store'
import type { RecordOfType, StoredTypeName } from './stored-records'

/**
 * The same records with other tokens: what the rules would say if everyone stood elsewhere (the
 * autopilot asks with nobody on the map, and with one token moved to a spot it weighs). `moved`,
 * when given, is also what its id reads. It has no `revision`: nothing kept for the real records
 * is reused for it.
 */
export function readerWithTokens(state: RecordReader, tokens: readonly TokenRecord[], moved?: TokenRecord): RecordReader {
  return {
    get: (id) => (moved && id === moved.id ? moved : state.get(id)),
    ofType: <T extends StoredTypeName>(t: T) => (t === 'token' ? [...tokens] : state.ofType(t)) as RecordOfType<T>[],
    turnOrder: () => state.turnOrder(),
    visibleRanks: () => state.visibleRanks(),
    withConditions: () => state.withConditions(),
  }
}
