/** The narrowest a card may be (px): the grid fits as many columns of at least this as it can. */
export const CARD_MIN_WIDTH = 240
export const CARD_GAP = 10

/** How many card columns fit in `width` px (at least one, however narrow the window). */
export function cardColumns(width: number, minWidth = CARD_MIN_WIDTH, gap = CARD_GAP): number {
  return Math.max(1, Math.floor((width + gap) / (minWidth + gap)))
}

/** The cards in rows of `columns`, in acting order, so the grid reads left to right, top to bottom. */
export function cardRows<T>(items: readonly T[], columns: number): T[][] {
  const rows: T[][] = []
  for (let i = 0; i < items.length; i += columns) rows.push(items.slice(i, i + columns))
  return rows
}
