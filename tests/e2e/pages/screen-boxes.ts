import { expect, type Locator } from '@playwright/test'

/** A box on the page, in CSS pixels, as Playwright reports one. */
export type Box = { x: number; y: number; width: number; height: number }

/** Where `l` is drawn, failing the test when it is not on the page. */
export async function box(l: Locator): Promise<Box> {
  const b = await l.boundingBox()
  expect(b, 'on the page').not.toBeNull()
  return b!
}

/** `inner` lies within `outer` (half a pixel of rounding either way). */
export const inside = (inner: Box, outer: Box): boolean =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5

export const overlap = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
