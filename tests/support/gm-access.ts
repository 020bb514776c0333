import { gmKeyFromFragment, withGmKey } from '../../src-shared/gm-key'

/** What a test needs to sit in the GM's seat of a browser-mode server: its origin and this run's key. */
export interface GmAccess {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string
  readonly key: string
}

/** The GM socket's address for `access`, key included. */
export const gmSocketUrl = (access: GmAccess): string => `${access.url.replace(/^http/, 'ws')}${withGmKey('/ws/gm', access.key)}`

/** What browser mode's "GM console:" line says, once the whole line has been printed. */
export interface PrintedGmLink {
  readonly port: number
  /** The address as printed, fragment and all. */
  readonly gmUrl: string
  /** The key in its fragment; null when the line has none (the paint bench's floor server prints a bare address). */
  readonly key: string | null
}

export function printedGmLink(output: string): PrintedGmLink | null {
  // Up to the end of the line: a chunk can end inside the key.
  const m = /GM console:\s+(http:\/\/127\.0\.0\.1:(\d+)\/(\S*))\r?\n/.exec(output)
  return m ? { port: Number(m[2]), gmUrl: m[1]!, key: gmKeyFromFragment(m[3]!) } : null
}
