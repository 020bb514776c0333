import * as path from 'node:path'
import type { DisplayChoiceInfo, DisplayInfo } from '../../../src-shared/contract'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { DurableFs } from '../persistence/durable-fs'

/**
 * The screens a desktop shell can put the projector window on. Electron's `screen` module in the
 * app; absent in browser mode, where the player page is opened on whatever screen the GM likes.
 */
export interface DisplaySource {
  list(): readonly DisplayInfo[]
  /** The GM chose (null: the first screen that is not the GM's); the shell moves the window now. */
  chosen(displayId: number | null): void
}

/**
 * Which screen the projector goes on, kept beside the campaigns: a property of this machine and
 * its projector, not of any campaign. Remembered by display id, so a projector unplugged and
 * plugged back in gets the window back; while it is missing the automatic choice stands in.
 */
export class DisplayChoice {
  readonly #file: string

  constructor(
    private readonly fs: DurableFs,
    dataDir: string,
    private readonly source: DisplaySource | null,
  ) {
    this.#file = path.join(dataDir, 'projector-display.json')
  }

  info(): DisplayChoiceInfo {
    return { available: this.source !== null, displays: this.source?.list() ?? [], chosen: this.read() }
  }

  /** Saves the GM's pick and has the shell move the window; a screen that is not connected is refused. */
  choose(displayId: number | null): Result<DisplayChoiceInfo> {
    if (!this.source)
      return fail(
        'displays/unavailable',
        'Browser mode has no projector window to place: open the player page on the screen the table sees.',
      )
    if (displayId !== null && !this.source.list().some((d) => d.id === displayId)) {
      return fail('displays/unknown', `There is no screen ${displayId} connected now; pick one from the list.`)
    }
    try {
      this.write(displayId)
    } catch (e) {
      return fail('storage/writeFailed', `Could not save the projector's screen: ${(e as Error).message}`)
    }
    this.source.chosen(displayId)
    return ok(this.info())
  }

  read(): number | null {
    try {
      const v = JSON.parse(this.fs.readFile(this.#file)?.toString('utf8') ?? 'null') as { displayId?: unknown } | null
      return typeof v?.displayId === 'number' && Number.isInteger(v.displayId) ? v.displayId : null
    } catch {
      return null
    }
  }

  write(displayId: number | null): void {
    this.fs.writeFileAtomic(this.#file, JSON.stringify({ displayId }))
  }
}
