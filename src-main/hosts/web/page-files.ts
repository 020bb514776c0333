import * as fs from 'node:fs'
import * as path from 'node:path'

/** The renderer's pages; each names its scripts and styles under assets/. */
const PAGES = ['gm.html', 'player.html'] as const

/** The `./assets/…` files a built page loads (`src="./assets/gm-1a2b.js"` → `/assets/gm-1a2b.js`). */
export function assetsOfPage(html: string): string[] {
  const found = new Set<string>()
  for (const m of html.matchAll(/(?:src|href)="\.?(\/assets\/[^"?#]+)"/g)) found.add(m[1]!)
  return [...found]
}

/**
 * Tells when a page has everything it needs to start: every file one of the built pages loads
 * has been sent at least once. The server uses it to start heavy work only once the browser
 * has all it must parse and run (deferred-open.ts). A page that cannot be read counts as having
 * no files: nothing waits on it.
 */
export class PageFilesSent {
  readonly #pending: Set<string>[]
  #told = false

  constructor(
    rendererDir: string,
    private readonly onAllSent: () => void,
  ) {
    this.#pending = PAGES.map((page) => {
      try {
        return new Set(assetsOfPage(fs.readFileSync(path.join(rendererDir, page), 'utf8')))
      } catch {
        return new Set<string>()
      }
    }).filter((files) => files.size > 0)
  }

  /** A file was sent in full (its URL path, e.g. `/assets/gm-1a2b.js`). */
  sent(urlPath: string): void {
    if (this.#told) return
    for (const files of this.#pending) {
      files.delete(urlPath)
      if (files.size === 0) {
        this.#told = true
        this.onAllSent()
        return
      }
    }
  }
}
