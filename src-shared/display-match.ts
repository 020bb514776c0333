/**
 * Finding the screen the GM chose again after the OS renumbered its screens. Electron's display
 * ids are stable on Linux but not on Windows or macOS, where a projector that went to standby (or
 * was plugged into another port) comes back under a new id; its name and its place in the
 * desktop usually survive, so those are remembered beside the id.
 */

export interface DisplayRect {
  readonly x: number
  readonly y: number
  readonly width: number
  readonly height: number
}

/** What is kept of the GM's pick: the id it had, and what identifies the screen when the id changed. */
export interface RememberedDisplay {
  readonly id: number
  readonly label?: string
  readonly bounds?: DisplayRect
}

export interface MatchableDisplay {
  readonly id: number
  readonly label?: string
  readonly bounds?: DisplayRect
}

export function sameRect(a: DisplayRect | null | undefined, b: DisplayRect | null | undefined): boolean {
  return !!a && !!b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height
}

const named = (label: string | undefined): string => label?.trim() ?? ''

/**
 * The connected screen the remembered one is now: by id (unless that id now names a screen with
 * another name, as a renumbering can do), then by name (a name two screens share is settled by
 * place), then by place and size alone. Nothing when it is not connected.
 */
export function matchRemembered<T extends MatchableDisplay>(
  displays: readonly T[],
  remembered: RememberedDisplay | null | undefined,
): T | undefined {
  if (!remembered) return undefined
  const label = named(remembered.label)
  const byId = displays.find((d) => d.id === remembered.id)
  if (byId && (!label || !named(byId.label) || named(byId.label) === label)) return byId
  if (label) {
    const sameName = displays.filter((d) => named(d.label) === label)
    if (sameName.length === 1) return sameName[0]
    const placed = sameName.find((d) => sameRect(d.bounds, remembered.bounds))
    if (placed) return placed
  }
  return displays.find((d) => sameRect(d.bounds, remembered.bounds))
}

/** Whether a JSON value is a usable rectangle: finite numbers and a positive size. */
export function isDisplayRect(v: unknown): v is DisplayRect {
  if (typeof v !== 'object' || v === null) return false
  const r = v as Record<string, unknown>
  return (
    [r.x, r.y, r.width, r.height].every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    (r.width as number) > 0 &&
    (r.height as number) > 0
  )
}
