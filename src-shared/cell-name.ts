import type { Point } from './geometry'
import type { SceneGrid } from './records'

/**
 * A place on a battle map in the GM's words: the grid cell it falls in ("C4": columns lettered
 * A…Z, AA…, rows numbered from 1, counted from the grid's offset) on a square grid, else metres
 * from the image's top-left corner ("12.5, 8 m"). Used where the rules name where something is
 * (the cover a wall gives, issue 34).
 */
export function placeName(grid: SceneGrid, p: Point): string {
  if (grid.kind !== 'square') return `${round(p.x)}, ${round(p.y)} m`
  const metresPerPx = grid.metresPerCell / grid.cellPx
  const col = Math.max(0, Math.floor((p.x - grid.offsetX * metresPerPx) / grid.metresPerCell))
  const row = Math.max(0, Math.floor((p.y - grid.offsetY * metresPerPx) / grid.metresPerCell))
  return `${columnLetters(col)}${row + 1}`
}

/** 0 → A, 25 → Z, 26 → AA: spreadsheet columns, which GMs already read. */
export function columnLetters(index: number): string {
  let n = Math.floor(index)
  let out = ''
  do {
    out = String.fromCharCode(65 + (n % 26)) + out
    n = Math.floor(n / 26) - 1
  } while (n >= 0)
  return out
}

const round = (m: number): number => Math.round(m * 10) / 10
