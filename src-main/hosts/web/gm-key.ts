import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { inspect } from 'node:util'
import { GM_KEY_PARAM, GM_KEY_PATTERN } from '../../../src-shared/gm-key'

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest()

/**
 * This run's GM key (see src-shared/gm-key.ts for where it travels). Made fresh at every start,
 * so a link from an earlier run — in a browser's history, on a screenshot — opens nothing.
 *
 * The text is kept private: the only way to read it is `reveal()`, for the one line the GM
 * copies and for a test's own client. Printing the object, or JSON of anything that holds it,
 * shows a placeholder, so a log line cannot carry it by accident.
 */
export class GmKey {
  readonly #text: string
  readonly #digest: Buffer

  private constructor(text: string) {
    this.#text = text
    this.#digest = digest(text)
  }

  /** 256 bits from the system's secure generator. */
  static generate(): GmKey {
    return new GmKey(randomBytes(32).toString('base64url'))
  }

  /** A given key (a test's own); it must look like one this server would make. */
  static of(text: string): GmKey {
    if (!GM_KEY_PATTERN.test(text)) throw new Error('a GM key is 43 base64url characters')
    return new GmKey(text)
  }

  reveal(): string {
    return this.#text
  }

  /**
   * Whether a request presented this key. Compared as SHA-256 digests with `timingSafeEqual`: the
   * time taken does not depend on how much of a guess was right, nor on its length (a guess of
   * any length hashes to 32 bytes, so a wrong length is an ordinary mismatch, not an error).
   */
  admits(presented: string | null): boolean {
    if (presented === null) return false
    return timingSafeEqual(digest(presented), this.#digest)
  }

  toJSON(): string {
    return '[GM key]'
  }

  [inspect.custom](): string {
    return 'GmKey [hidden]'
  }
}

/** A 401 names how to answer it (RFC 9110 wants a challenge): with the key from the GM's link. */
export const KEY_CHALLENGE: Readonly<Record<string, string>> = { 'www-authenticate': 'Salvo-GM-Key' }

/** The key a request's URL presents in its query (`?k=…`), or null. */
export function presentedKey(requestUrl: string | undefined): string | null {
  try {
    return new URL(requestUrl ?? '/', 'http://127.0.0.1').searchParams.get(GM_KEY_PARAM)
  } catch {
    return null
  }
}
