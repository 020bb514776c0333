import { createHmac, randomBytes, timingSafeEqual, type Hmac } from 'node:crypto'
import * as path from 'node:path'
import type { CampaignPaths } from './campaign-paths'
import type { DurableFs } from './durable-fs'

/**
 * A seal on the campaign document Salvo itself wrote, so opening it need not check every record
 * again (issue 15: zod's per-record check of 5,000 combatants was most of a cold start).
 *
 * Compaction writes the document from the live store, whose records were all checked as they came
 * in; beside it goes `campaign.json.seal`: an HMAC-SHA256 of the exact bytes written, keyed with a
 * secret kept in the data folder (`document-seal.key`, made once). An open whose document matches
 * its seal byte for byte skips the deep check; anything else — a hand edit, a damaged sector, a
 * file copied from another data folder or shared by someone else (they cannot make a seal without
 * this folder's key), a restored backup, a seal left from an older write — fails the match and is
 * checked record by record as before. A missing or unreadable seal or key only costs the fast path.
 *
 * The HMAC also covers SCHEMA_FINGERPRINT: whenever the document schema changes (a new field with a
 * default, a tighter bound), every seal written before stops matching and the next open checks
 * everything once. `document-seal.test.ts` fails until the fingerprint is updated with the schema.
 */
export const SCHEMA_FINGERPRINT = '1e9848fb415c'

/** What the seal file holds. */
interface SealFile {
  readonly format: 1
  readonly bytes: number
  readonly hmac: string
}

const KEY_FILE = 'document-seal.key'
const KEY_BYTES = 32
/** A seal file is a few dozen bytes; anything larger is not one. */
const SEAL_FILE_MAX = 1024

export class DocumentSeal {
  constructor(
    private readonly fs: DurableFs,
    private readonly paths: CampaignPaths,
  ) {}

  get file(): string {
    return `${this.paths.document}.seal`
  }

  get #keyFile(): string {
    return path.join(this.paths.dataDir, KEY_FILE)
  }

  /** The data folder's key; made (once per folder) only when `make`. Null when there is none or it is damaged. */
  #key(make: boolean): Buffer | null {
    const key = this.fs.readFile(this.#keyFile)
    if (key?.length === KEY_BYTES) return key
    if (!make) return null
    const fresh = randomBytes(KEY_BYTES)
    this.fs.writeFileAtomic(this.#keyFile, fresh)
    return fresh
  }

  /** Starts an HMAC over document bytes with this folder's key (and the schema's fingerprint). */
  static #hmac(key: Buffer): Hmac {
    return createHmac('sha256', key).update(`salvo-document ${SCHEMA_FINGERPRINT}\n`)
  }

  /**
   * For a document about to be written: feed it every piece written, then `write` the seal once the
   * document is in place. Null when no key can be had (the document is then simply not sealed).
   */
  signer(): { update(piece: Uint8Array): void; write(): Promise<void> } | null {
    let key: Buffer | null
    try {
      key = this.#key(true)
    } catch {
      return null
    }
    if (!key) return null
    const hmac = DocumentSeal.#hmac(key)
    let bytes = 0
    return {
      update: (piece) => {
        hmac.update(piece)
        bytes += piece.length
      },
      write: async () => {
        const seal: SealFile = { format: 1, bytes, hmac: hmac.digest('hex') }
        const text = Buffer.from(JSON.stringify(seal), 'utf8')
        if (this.fs.writeFileAtomicAsync) await this.fs.writeFileAtomicAsync(this.file, [text])
        else this.fs.writeFileAtomic(this.file, text)
      },
    }
  }

  /** Whether `document` is byte for byte what this folder's Salvo sealed. Never throws: any doubt is false. */
  matches(document: Buffer): boolean {
    try {
      const raw = this.fs.readFile(this.file)
      if (!raw || raw.length > SEAL_FILE_MAX) return false
      const seal = JSON.parse(raw.toString('utf8')) as Partial<SealFile>
      if (seal.format !== 1 || seal.bytes !== document.length || typeof seal.hmac !== 'string') return false
      const key = this.#key(false)
      if (!key) return false
      const expected = DocumentSeal.#hmac(key).update(document).digest()
      const given = Buffer.from(seal.hmac, 'hex')
      return given.length === expected.length && timingSafeEqual(given, expected)
    } catch {
      return false
    }
  }
}
