import type { StoredRecord } from '../state/stored-records'

/**
 * How long one slice of serialising may hold the event loop before it yields (ms). A command
 * that arrives meanwhile waits for the slice: at 4 ms an attack at 3,000 combatants (a 13 MB
 * document, compacted in slices while the commands kept coming) had a p95 of 1.7× the same
 * attack at 30, whose document is written whole.
 */
const SLICE_MS = 1
/** Documents up to this size are written in one synchronous call (a few ms, like a journal append). */
export const WHOLE_UP_TO = 512 * 1024

/** Lets timers, sockets and queued commands run before the next slice. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * A JSON text already serialised: what the durable adapter writes instead of stringifying a value
 * itself, so a 50 MB document never passes through one JSON.stringify that holds the loop. A small
 * one is whole; a large one is a stream of pieces, written as they come, never all in memory.
 */
export type SerialisedJson =
  { readonly kind: 'serialised'; readonly whole: Buffer } | { readonly kind: 'serialised'; readonly stream: AsyncIterable<Buffer> }

export const isSerialised = (v: unknown): v is SerialisedJson =>
  typeof v === 'object' && v !== null && (v as { kind?: unknown }).kind === 'serialised' && !('records' in v)

/**
 * `{ ...head, records: { [id]: record } }` as JSON, byte for byte what JSON.stringify gives for
 * it, a slice (about SLICE_MS of work) per piece. `records` must be a snapshot no one changes
 * (the store replaces records, never mutates them, so an array of its values taken between two
 * commands is one). The consumer lets the loop go between pieces.
 */
export async function* documentPieces(head: Readonly<Record<string, unknown>>, records: readonly StoredRecord[]): AsyncGenerator<Buffer> {
  const opening = JSON.stringify(head)
  let parts: string[] = [`${opening.slice(0, -1)}${opening.length > 2 ? ',' : ''}"records":{`]
  let sliceStart = performance.now()
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!
    const key = `${i === 0 ? '' : ','}${JSON.stringify(r.id)}:`
    if (r.typeName === 'history') {
      // The undo history is one record of up to a few MB (every mark holds whole records): mark by
      // mark, the clock read after each, or it alone held the loop for 80–100 ms at 300 combatants.
      parts.push(key)
      for (const piece of historyPieces(r)) {
        parts.push(piece)
        if (performance.now() - sliceStart > SLICE_MS) {
          yield Buffer.from(parts.join(''), 'utf8')
          parts = []
          sliceStart = performance.now()
        }
      }
      continue
    }
    parts.push(`${key}${JSON.stringify(r)}`)
    // The clock is read every 16 records (a combatant with a sheet is a few KB): per record it
    // would cost more than it saves, and every 64 overran a 1 ms slice.
    if ((i & 15) === 15 && performance.now() - sliceStart > SLICE_MS) {
      yield Buffer.from(parts.join(''), 'utf8')
      parts = []
      sliceStart = performance.now()
    }
  }
  parts.push('}}')
  yield Buffer.from(parts.join(''), 'utf8')
}

/**
 * One record as JSON.stringify writes it, byte for byte, in pieces: its keys in their own order,
 * each array an element at a time (a key whose value is undefined is left out, an undefined
 * element written as null, as JSON.stringify does). Records are plain data: no toJSON, no cycles.
 */
export function* historyPieces(r: object): Generator<string> {
  let first = true
  yield '{'
  for (const [k, v] of Object.entries(r)) {
    if (v === undefined || typeof v === 'function' || typeof v === 'symbol') continue
    yield `${first ? '' : ','}${JSON.stringify(k)}:`
    first = false
    if (!Array.isArray(v)) {
      yield JSON.stringify(v)
      continue
    }
    yield '['
    for (let j = 0; j < v.length; j++) yield `${j === 0 ? '' : ','}${JSON.stringify(v[j]) ?? 'null'}`
    yield ']'
  }
  yield '}'
}

/**
 * Serialises the snapshot: whole when it comes to at most WHOLE_UP_TO bytes (the loop is let go
 * between slices meanwhile), otherwise a stream that starts with what was already made.
 */
export async function serialiseDocument(
  head: Readonly<Record<string, unknown>>,
  records: readonly StoredRecord[],
  stop: () => boolean,
): Promise<SerialisedJson | null> {
  const pieces = documentPieces(head, records)
  const first: Buffer[] = []
  let bytes = 0
  for (;;) {
    const next = await pieces.next()
    if (next.done) return { kind: 'serialised', whole: Buffer.concat(first) }
    first.push(next.value)
    bytes += next.value.length
    if (bytes > WHOLE_UP_TO) break
    await yieldToLoop()
    if (stop()) return null
  }
  async function* rest(): AsyncGenerator<Buffer> {
    yield* first.splice(0)
    yield* pieces
  }
  return { kind: 'serialised', stream: rest() }
}
