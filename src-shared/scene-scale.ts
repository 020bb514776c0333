import type { SceneGrid } from './records'

/**
 * A scene's scale: image pixels per metre. Token positions, fog rectangles and zones are in
 * metres from the image's top-left corner; the grid's offset only moves its lines. Shared by
 * the map that draws them and the core that masks what the table may not see, so the two
 * cannot put a fog edge in different places.
 */
export function pxPerMetre(grid: SceneGrid): number {
  return grid.kind === 'square' ? grid.cellPx / grid.metresPerCell : grid.pxPerMetre
}
