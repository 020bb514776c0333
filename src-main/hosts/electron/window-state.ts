import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { isDisplayRect } from '../../../src-shared/display-match'
import type { DisplayLike, Rect } from './window-options'

/**
 * The GM window's size and place, kept between runs. No `electron` import, so it is tested under
 * plain Node; the disk is touched only by load/save at the end. What comes back from disk is checked and fitted onto a screen that is
 * connected now, so a window saved on an unplugged monitor is never restored out of sight.
 */

export interface WindowState {
  readonly bounds: Rect
  readonly maximized: boolean
}

export interface SizeLimits {
  readonly width: number
  readonly height: number
  readonly minWidth: number
  readonly minHeight: number
}

/** How much of the window (its title bar, say) must be on a screen for the GM to grab it. */
export const MIN_VISIBLE = 64

export function parseWindowState(text: string | null | undefined): WindowState | null {
  if (!text) return null
  try {
    const v = JSON.parse(text) as { bounds?: unknown; maximized?: unknown } | null
    if (!v || !isDisplayRect(v.bounds)) return null
    const { x, y, width, height } = v.bounds
    return { bounds: { x, y, width, height }, maximized: v.maximized === true }
  } catch {
    return null
  }
}

export function serializeWindowState(state: WindowState): string {
  return JSON.stringify({ bounds: state.bounds, maximized: state.maximized })
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  }
}

const areaOf = (d: DisplayLike): Rect => d.workArea ?? d.bounds
const clamp = (n: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, n))

/**
 * Where the GM window opens: the saved bounds if enough of them is on a connected screen, sized
 * between the window's minimum and that screen's work area; otherwise the default size centred on
 * the primary screen (or at the origin, when no screen is reported at all).
 */
export function restoreWindowState(
  saved: WindowState | null,
  displays: readonly DisplayLike[],
  primaryId: number,
  limits: SizeLimits,
): WindowState {
  const primary = displays.find((d) => d.id === primaryId) ?? displays[0]
  const fit = (bounds: Rect, area: Rect): Rect => {
    // A screen smaller than the minimum gets the whole screen, not a window hanging off it.
    const width = Math.round(Math.min(Math.max(bounds.width, limits.minWidth), area.width))
    const height = Math.round(Math.min(Math.max(bounds.height, limits.minHeight), area.height))
    return {
      x: Math.round(clamp(bounds.x, area.x, area.x + area.width - width)),
      y: Math.round(clamp(bounds.y, area.y, area.y + area.height - height)),
      width,
      height,
    }
  }
  if (saved) {
    const host = displays
      .map((d) => ({ d, o: overlap(saved.bounds, areaOf(d)) }))
      .filter(({ o }) => o.width >= MIN_VISIBLE && o.height >= MIN_VISIBLE)
      .sort((a, b) => b.o.width * b.o.height - a.o.width * a.o.height)[0]
    if (host) return { bounds: fit(saved.bounds, areaOf(host.d)), maximized: saved.maximized }
  }
  if (!primary) return { bounds: { x: 0, y: 0, width: limits.width, height: limits.height }, maximized: false }
  const area = areaOf(primary)
  const width = Math.min(limits.width, area.width)
  const height = Math.min(limits.height, area.height)
  const centred = {
    x: area.x + Math.floor((area.width - width) / 2),
    y: area.y + Math.floor((area.height - height) / 2),
    width,
    height,
  }
  return { bounds: fit(centred, area), maximized: saved?.maximized ?? false }
}

/** The saved state, or null when there is none or it cannot be read: a bad file never stops the app. */
export function loadWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/** Written beside and renamed over, so a crash mid-write leaves the old state, not half a file. */
export function saveWindowState(file: string, state: WindowState): void {
  const temp = `${file}.${process.pid}.tmp`
  try {
    writeFileSync(temp, serializeWindowState(state))
    renameSync(temp, file)
  } catch (e) {
    // Losing the window's place is not worth an error dialog at quit.
    console.error(`Salvo could not save the window's place: ${(e as Error).message}`)
  }
}
