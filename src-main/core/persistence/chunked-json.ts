import type { StoredRecord } from '../state/stored-records'

/** How long one slice of serialising may hold the event loop before it yields (ms). */
const SLICE_MS = 4

/** Lets timers, sockets and queued commands run before the next slice. */
export const yieldToLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve))

/**
 * A JSON text already cut into pieces: what the durable adapter writes instead of stringifying a
 * value itself, so a 50 MB document never passes through one JSON.stringify that holds the loop.
 */
export class SerialisedJson {
  constructor(readonly pieces: readonly Buffer[]) {}

  get bytes(): number {
    return this.pieces.reduce((n, p) => n + p.length, 0)
  }
}

/**
 * `{ ...head, records: { [id]: record } }` as JSON, byte for byte what JSON.stringify gives for
 * it, serialised a slice at a time with the loop let go between slices. `records` must be a
 * snapshot no one changes (the store replaces records, never mutates them, so an array of the
 * values taken between two commands is one). `stop` is asked between slices: true abandons it.
 */
export async function serialiseDocument(
  head: Readonly<Record<string, unknown>>,
  records: readonly StoredRecord[],
  stop: () => boolean = () => false,
): Promise<SerialisedJson | null> {
  const opening = JSON.stringify(head)
  const pieces: Buffer[] = [Buffer.from(`${opening.slice(0, -1)}${opening.length > 2 ? ',' : ''}"records":{`, 'utf8')]
  let parts: string[] = []
  let sliceStart = performance.now()
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!
    parts.push(`${i === 0 ? '' : ','}${JSON.stringify(r.id)}:${JSON.stringify(r)}`)
    // The clock is read every 64 records: reading it per record would cost more than it saves.
    if ((i & 63) === 63 && performance.now() - sliceStart > SLICE_MS) {
      pieces.push(Buffer.from(parts.join(''), 'utf8'))
      parts = []
      await yieldToLoop()
      if (stop()) return null
      sliceStart = performance.now()
    }
  }
  parts.push('}}')
  pieces.push(Buffer.from(parts.join(''), 'utf8'))
  return new SerialisedJson(pieces)
}
