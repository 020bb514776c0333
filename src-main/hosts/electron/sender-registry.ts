import type { ViewRole } from '../../../src-shared/views'
import { isAllowedNavigation } from './window-options'

/**
 * Which window is which, by webContents id. The role decides what the core lets a window do,
 * so it comes only from the window main created, never from anything the renderer says;
 * a sender main did not register (a stray frame, a devtools extension) gets no role at all.
 * No `electron` import: ipc.ts feeds it plain ids, and tests drive it directly.
 */
export class SenderRegistry {
  readonly #roles = new Map<number, ViewRole>()

  register(id: number, role: ViewRole): void {
    const existing = this.#roles.get(id)
    if (existing !== undefined && existing !== role) {
      throw new Error(`webContents ${id} is already registered as ${existing}.`)
    }
    this.#roles.set(id, role)
  }

  unregister(id: number): void {
    this.#roles.delete(id)
  }

  roleOf(id: number): ViewRole | null {
    return this.#roles.get(id) ?? null
  }

  get size(): number {
    return this.#roles.size
  }
}

/**
 * Whether an IPC message came from a page we loaded: one at the app scheme's origin
 * (`salvo://app/`) or, in development, the electron-vite dev server's. Same rule as navigation,
 * so a window cannot reach a page that would be refused here.
 */
export function isTrustedSenderUrl(url: string | null | undefined, rendererRoots: readonly string[]): boolean {
  if (!url) return false
  return isAllowedNavigation(url, rendererRoots)
}
