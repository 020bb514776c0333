import { Low } from 'lowdb'
import type { StoredRecord } from '../state/stored-records'
import { serialiseDocument, type SerialisedJson } from './chunked-json'
import { CURRENT_SCHEMA_VERSION, type CampaignDocument } from './document-schema'
import { DurableJsonAdapter } from './durable-json-adapter'
import type { DurableFs } from './durable-fs'
import type { DocumentSeal } from './document-seal'

/**
 * A campaign's `campaign.json`, held by lowdb over our durable adapter: the one way the document
 * is read or written (create, import, restore, compaction). Opening reads it once; a backup of
 * the document as it stands takes the bytes the adapter last read or wrote instead of reading again.
 */
export class CampaignDocumentFile {
  // Unknown, not CampaignDocument: what the file holds is an older schema or damaged until checked.
  readonly #adapter: DurableJsonAdapter<unknown>
  readonly #db: Low<unknown>
  /** The seal being written after the last compaction, if any. */
  #sealing: Promise<void> = Promise.resolve()

  constructor(
    fs: DurableFs,
    file: string,
    /** Seals what compaction writes (document-seal.ts); without it nothing is sealed. */
    private readonly seal: DocumentSeal | null = null,
  ) {
    this.#adapter = new DurableJsonAdapter<unknown>(fs, file)
    this.#db = new Low<unknown>(this.#adapter, { schemaVersion: CURRENT_SCHEMA_VERSION, journalSeq: 0, records: {} })
  }

  get file(): string {
    return this.#adapter.file
  }

  /**
   * The file as parsed JSON, not yet checked (it may be an older schema, or damaged): null when
   * there is no file. Throws DocumentReadError when it is not JSON.
   */
  async read(): Promise<unknown> {
    await this.#db.read()
    return this.#adapter.bytes() === null ? null : this.#db.data
  }

  /**
   * Lets go of the document as parsed: once the store is built from it nothing reads it again,
   * and held for the session it kept every record the open read alive (a sealed document's
   * records are the store's own at first, and stay behind once commands replace them).
   */
  forgetParsed(): void {
    this.#db.data = null
  }

  async write(document: CampaignDocument): Promise<void> {
    this.#db.data = document
    await this.#db.write()
  }

  /**
   * Compaction's write: the records of one moment (a snapshot no one changes), serialised a
   * slice at a time and written without holding the event loop, through the same durable
   * adapter lowdb writes with (lowdb's `write()` takes the whole value and stringifies it at
   * once, which at 50 MB holds the loop for half a second). Resolves false when `stop` said to
   * give up (a campaign abandoned mid-write): the file is then as it was.
   */
  async writeSnapshot(journalSeq: number, records: readonly StoredRecord[], stop: () => boolean): Promise<boolean> {
    const head = { schemaVersion: CURRENT_SCHEMA_VERSION, journalSeq }
    const serialised = await serialiseDocument(head, records, stop)
    if (!serialised || stop()) return false
    const signer = this.seal?.signer() ?? null
    if (!(await this.#adapter.writeSerialised(signer ? signed(serialised, signer.update) : serialised, stop))) return false
    // After the document is in place: a seal is only ever of bytes that were written whole. Not
    // waited for: its fsyncs can wait behind a large write's (an open that compacts would), and a
    // seal that never lands only costs the next open its fast path. Closing waits (sealWritten).
    // One after another, so an older seal never lands over a newer one.
    if (signer) this.#sealing = this.#sealing.then(() => signer.write()).catch(() => undefined)
    return true
  }

  /** Resolves once the seals started so far are written (or given up). */
  sealWritten(): Promise<void> {
    return this.#sealing
  }

  /** Whether the bytes last read are what this folder's Salvo sealed (then they need no deep check). */
  sealed(): boolean {
    const bytes = this.#adapter.bytes()
    return bytes !== null && this.seal !== null && this.seal.matches(bytes)
  }

  /** Puts a backup's document in place as it was parsed: an older schema is migrated by the open that follows. */
  async restore(backup: unknown): Promise<void> {
    this.#db.data = backup
    await this.#db.write()
  }

  /** What the file holds now (null: no file), as last read or written while bytes are kept. */
  bytes(): Buffer | null {
    return this.#adapter.bytes()
  }

  /** Keeps the bytes for a backup that follows (opening, closing); off, they are forgotten. */
  keepBytes(keep: boolean): void {
    this.#adapter.keepBytes(keep)
  }
}

/** The same JSON, each piece also fed to `update` as it is written. */
function signed(json: SerialisedJson, update: (piece: Uint8Array) => void): SerialisedJson {
  if ('whole' in json) {
    update(json.whole)
    return json
  }
  async function* pieces(stream: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
    for await (const piece of stream) {
      update(piece)
      yield piece
    }
  }
  return { kind: 'serialised', stream: pieces(json.stream) }
}
