import { areaMarkLabel } from '../../../src-shared/area-marks'
import type { AreaMarkRecord, WallRecord } from '../../../src-shared/records'
import type { DragGesture } from './drag-sketch'
import { rectBetween, type Point } from './map-geometry'
import type { Drag } from './map-pointer.svelte'
import { movedBy, withCornerAt } from './wall-draft'

/**
 * What follows the pointer during a drag, for the drag layer to draw (a kept measurement stands
 * still on the overlay instead). A token that has not moved yet, and a template no longer on the
 * map, draw nothing.
 */
export function dragGesture(d: Drag | null, marks: readonly AreaMarkRecord[], gm: boolean, tokenLabel: string): DragGesture | null {
  if (d?.kind === 'token') return d.moved ? { kind: 'token', from: d.from, to: d.to, label: tokenLabel } : null
  if (d?.kind === 'measure') return { kind: 'measure', from: d.from, to: d.to }
  if (d?.kind === 'fog') return { kind: 'fog', rect: rectBetween(d.from, d.to), hide: d.hide }
  const mark = d?.kind === 'area' && d.moved ? marks.find((m) => m.id === d.id) : undefined
  if (d?.kind === 'area' && mark) {
    const hidden = gm && mark.hidden
    return { kind: 'area', to: d.to, radius: mark.radius, label: `${areaMarkLabel(mark)}${hidden ? ' (hidden)' : ''}`, hidden }
  }
  return null
}

/** Where the wall being dragged (whole, or by one corner) would land, until it is dropped. */
export function wallGhost(d: Drag | null, walls: readonly WallRecord[]): readonly Point[] | null {
  if (d?.kind !== 'wall' || !d.moved) return null
  const w = walls.find((x) => x.id === d.id)
  if (!w) return null
  return d.index === null ? movedBy(w.points, d.from, d.to) : withCornerAt(w.points, d.index, d.to)
}
