import type { Locator, Page } from '@playwright/test'

/**
 * The one input event a paint sample times, sent the same way to the desk and to the floor's
 * blank pages so the two compare.
 *
 * Only raw input is sent inside the timed window (`page.mouse`, `page.keyboard`): a locator's
 * `click()` or `press()` runs Playwright's own script in the page around the input (scrolling
 * into view, a stability check over animation frames, a hit-target check before and after).
 * Measured on the floor's blank pages, that work delayed the GM page's next task by about 10 ms
 * and its next frame by one more frame, which is most of why the old floor read 28–30 ms p95
 * against 10–13 ms for a raw key press. Everything a locator checks is done in `prepare`,
 * untimed: the target is scrolled into view, its centre read, the pointer already resting on it
 * (so hover styles are settled), or the field focused.
 */
export type InputPath = 'key' | 'click' | 'drag'

/**
 * The event each path's action happens on, whose own `timeStamp` starts the sample: the key's
 * keydown; the click event (dispatched with the button's release, which is when a click acts);
 * for a drag, the release that drops it. Starting at the button's press instead would count
 * the time Playwright takes between sending the press and the release, which no GM waits for.
 */
export const TRIGGER: Record<InputPath, 'keydown' | 'click' | 'pointerup'> = { key: 'keydown', click: 'click', drag: 'pointerup' }

export interface TimedInput {
  readonly path: InputPath
  /** Sends the input; resolves once the browser has taken it, not when anything is painted. */
  send(): Promise<void>
}

/** A press on `key` in `field`, which gets the focus now (untimed). */
export async function keyIn(page: Page, field: Locator, key: string): Promise<TimedInput> {
  await field.focus()
  return keyNow(page, key)
}

/** A press on `key` wherever the focus already is (after a shortcut put it somewhere). */
export function keyNow(page: Page, key: string): TimedInput {
  return { path: 'key', send: () => page.keyboard.press(key) }
}

/** A click at the centre of `target`, brought into view and hovered now (untimed). */
export async function clickOn(page: Page, target: Locator): Promise<TimedInput> {
  await target.scrollIntoViewIfNeeded()
  const box = await target.boundingBox()
  if (!box) throw new Error(`cannot click ${target.toString()}: it has no box on the page`)
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  await page.mouse.move(x, y)
  // What lies at that point must be the target itself (or inside it), or the timed click would land elsewhere.
  const hits = await target.evaluate(
    (el, [px, py]) => {
      const hit = document.elementFromPoint(px!, py!)
      return !!hit && (el === hit || el.contains(hit))
    },
    [x, y],
  )
  if (!hits) throw new Error(`cannot click ${target.toString()}: something else lies over its centre`)
  return { path: 'click', send: () => page.mouse.click(x, y) }
}

/**
 * A drag from one point to another with the primary button: pressed and moved in `steps`
 * now (untimed, the drag's preview drawn), so the timed input is the release that drops it.
 */
export async function dragBetween(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  steps = 8,
): Promise<TimedInput> {
  await page.mouse.move(from.x, from.y)
  await page.mouse.down()
  await page.mouse.move(to.x, to.y, { steps })
  return { path: 'drag', send: () => page.mouse.up() }
}
