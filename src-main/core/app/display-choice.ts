import * as path from 'node:path'
import type { DisplayChoiceInfo, DisplayInfo, ProjectorStatus } from '../../../src-shared/contract'
import { isDisplayRect, matchRemembered, type RememberedDisplay } from '../../../src-shared/display-match'
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
  /** Where the projector window is now, for the projector bar; absent when the shell does not say. */
  status?(): ProjectorStatus
}

const boundsOf = (d: DisplayInfo) =>
  d.x !== undefined && d.y !== undefined ? { bounds: { x: d.x, y: d.y, width: d.width, height: d.height } } : {}

const rememberedOf = (d: DisplayInfo): RememberedDisplay => ({
  id: d.id,
  ...(d.systemLabel ? { label: d.systemLabel } : {}),
  ...boundsOf(d),
})

// The screens as the matcher sees them: by the system's own names only.
const matchable = (d: DisplayInfo) => ({ id: d.id, label: d.systemLabel, ...boundsOf(d) })

/**
 * Which screen the projector goes on, kept beside the campaigns: a property of this machine and
 * its projector, not of any campaign. Remembered by display id, name and place (Windows and macOS
 * renumber screens), so a projector unplugged and plugged back in gets the window back; while it
 * is missing the automatic choice stands in.
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
    const displays = this.source?.list() ?? []
    const remembered = this.remembered()
    // The pick under the id it has now, so the projector bar shows it selected after a renumbering.
    const chosen = remembered ? (matchRemembered(displays.map(matchable), remembered)?.id ?? remembered.id) : null
    const projector = this.source?.status?.()
    return { available: this.source !== null, displays, chosen, ...(projector ? { projector } : {}) }
  }

  /** Saves the GM's pick and has the shell move the window; a screen that is not connected is refused. */
  choose(displayId: number | null): Result<DisplayChoiceInfo> {
    if (!this.source)
      return fail(
        'displays/unavailable',
        'Browser mode has no projector window to place: open the player page on the screen the table sees.',
      )
    const picked = displayId === null ? null : this.source.list().find((d) => d.id === displayId)
    if (picked === undefined) {
      return fail('displays/unknown', `There is no screen ${displayId} connected now; pick one from the list.`)
    }
    try {
      this.write(picked && rememberedOf(picked))
    } catch (e) {
      return fail('storage/writeFailed', `Could not save the projector's screen: ${(e as Error).message}`)
    }
    this.source.chosen(displayId)
    return ok(this.info())
  }

  read(): number | null {
    return this.remembered()?.id ?? null
  }

  /** The GM's pick with its name and place (a file from before they were kept has the id alone). */
  remembered(): RememberedDisplay | null {
    try {
      const v = JSON.parse(this.fs.readFile(this.#file)?.toString('utf8') ?? 'null') as {
        displayId?: unknown
        label?: unknown
        bounds?: unknown
      } | null
      if (typeof v?.displayId !== 'number' || !Number.isInteger(v.displayId)) return null
      return {
        id: v.displayId,
        ...(typeof v.label === 'string' ? { label: v.label } : {}),
        ...(isDisplayRect(v.bounds) ? { bounds: v.bounds } : {}),
      }
    } catch {
      return null
    }
  }

  write(picked: RememberedDisplay | null): void {
    this.fs.writeFileAtomic(
      this.#file,
      JSON.stringify(picked ? { displayId: picked.id, label: picked.label, bounds: picked.bounds } : { displayId: null }),
    )
  }
}
