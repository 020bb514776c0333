import type { Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import { fightInPlay } from './pages/a11y-fight'
import { BattleMapPage } from './pages/battle-map'
import { Desk } from './pages/desk'
import { RosterPanel } from './pages/roster-panel'

/**
 * Keyboard reach: Tab walks every visible control of the desk (buttons, fields, lists, links,
 * the map's tokens), each showing a focus ring as it gets the focus; Shift+Tab walks back the
 * same way; and the main controls work from the keyboard alone.
 */

/** What the page can be operated with: every visible, enabled control, tagged with a number for the walk. */
async function tagControls(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((root) => {
    for (const old of document.querySelectorAll('[data-kb]')) old.removeAttribute('data-kb')
    const selector =
      'button, input, select, textarea, a[href], summary, [tabindex]:not([tabindex="-1"]), [role="button"], [contenteditable="true"]'
    const all = [...document.querySelector(root)!.querySelectorAll<HTMLElement | SVGElement>(selector)].filter((el) => {
      if ((el as HTMLButtonElement).disabled || el.closest('[inert]') || el.getAttribute('tabindex') === '-1') return false
      if (el.closest('details:not([open])') && el.tagName !== 'SUMMARY') return false
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0 && el.checkVisibility({ visibilityProperty: true })
    })
    return all.map((el, i) => {
      el.setAttribute('data-kb', String(i))
      return describe(el)
    })
    function describe(el: Element): string {
      const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''
      return `${el.tagName.toLowerCase()}[${id}]`
    }
  }, root)
}

interface Stop {
  kb: string | null
  what: string
  ring: boolean
}

/** Where the focus is now, and whether it shows: an outline or a shadow on it (or, for a see-through control, on the box round it). */
async function focusNow(page: Page): Promise<Stop> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return { kb: null, what: 'body', ring: false }
    const shows = (e: Element) => {
      const s = getComputedStyle(e)
      return (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0) || s.boxShadow !== 'none'
    }
    const own = getComputedStyle(el).opacity !== '0' && shows(el)
    const around = [el.parentElement, el.parentElement?.parentElement].some((p) => !!p && shows(p))
    const id = el.getAttribute('data-testid') ?? el.getAttribute('aria-label') ?? el.textContent?.trim().slice(0, 30) ?? ''
    return { kb: el.getAttribute('data-kb'), what: `${el.tagName.toLowerCase()}[${id}]`, ring: own || around }
  })
}

/** Presses `key` until the focus comes back round to where it started (or `most` presses), noting each stop. */
async function walk(page: Page, key: 'Tab' | 'Shift+Tab', most: number): Promise<Stop[]> {
  const stops: Stop[] = []
  for (let i = 0; i < most; i++) {
    await page.keyboard.press(key)
    const at = await focusNow(page)
    if (stops.length > 0 && at.kb !== null && at.kb === stops[0]!.kb) break
    stops.push(at)
  }
  return stops
}

/**
 * Tabs through every control under `root` (the whole page by default) until the focus comes
 * round again: each is reached and shows its focus; then Shift+Tab retraces the last stops.
 */
async function expectWalk(page: Page, where: string, root = 'body'): Promise<string[]> {
  const controls = await tagControls(page, root)
  expect(controls.length, where).toBeGreaterThan(3)
  if (root === 'body') await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  const forward = await walk(page, 'Tab', controls.length + 40)
  const reached = new Set(forward.map((s) => s.kb).filter((k) => k !== null))
  const missed = controls.filter((_, i) => !reached.has(String(i)))
  expect(missed, `${where}: not reached by Tab`).toEqual([])
  const ringless = forward.filter((s) => s.kb !== null && !s.ring).map((s) => s.what)
  expect(ringless, `${where}: no visible focus`).toEqual([])

  // Shift+Tab retraces the same stops backwards: the walk ended back on its first stop, so the
  // way back starts from its last. (The page's edge, where the focus leaves for the browser, is
  // passed over either way.)
  const onPage = (stops: Stop[]) => stops.filter((s) => s.what !== 'body')
  const back = onPage(await walk(page, 'Shift+Tab', 14))
  const expected = onPage(forward).slice(-10).reverse()
  expect(
    back.slice(0, expected.length).map((s) => s.what),
    where,
  ).toEqual(expected.map((s) => s.what))
  return controls
}

test('every control on the desk is reached by Tab and Shift+Tab, shows its focus, and the main ones work by keyboard', async ({
  gm,
  server,
}) => {
  test.setTimeout(180_000)
  const page = gm.page
  await page.setViewportSize({ width: 1366, height: 768 })
  const fight = await fightInPlay(gm, server, 'a11y-keys')
  const desk = new Desk(gm)
  await expect(await desk.actingCard()).toBeVisible()

  await expectWalk(page, 'cards')

  // The sheet panel and the squad builder keep the focus inside while open: their own controls, all of them.
  const acting = await desk.actingCard()
  await acting.getByTestId('edit-sheet').focus()
  await page.keyboard.press('Enter')
  await expect(acting.getByTestId('sheet-editor').getByTestId('option-str')).toBeVisible()
  await expectWalk(page, 'sheet panel', '[data-testid="sheet-editor"]')
  await page.keyboard.press('Escape')
  await expect(acting.getByTestId('sheet-editor')).toHaveCount(0)
  await new RosterPanel(page).open()
  await page.getByTestId('squad-open').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('squad-builder')).toBeVisible()
  await expectWalk(page, 'squad builder', '[data-testid="squad-builder"]')
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('squad-builder')).toBeHidden()

  await page.getByTestId('show-map').focus()
  await page.keyboard.press('Space') // the view switch works by keyboard
  await expect(page.getByTestId('battle-map')).toBeVisible()
  await expect(page.getByTestId('battle-map').getByTestId('map-token')).toHaveCount(6)
  const mapControls = await expectWalk(page, 'map')
  expect(mapControls.filter((c) => c.startsWith('g[map-token]')).length, 'tokens are controls').toBe(6)

  // The map's tokens: Enter does what a click does (with the acting attacker picked, it aims at
  // the token), an arrow moves it a metre and the focus stays on it.
  const map = new BattleMapPage(page)
  const vex = map.token('Vex')
  await vex.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('attack-target').locator('option:checked')).toHaveText('Vex')
  const x = Number(await vex.getAttribute('data-x'))
  await page.keyboard.press('ArrowRight')
  await expect.poll(async () => Number(await vex.getAttribute('data-x'))).toBeGreaterThan(x)
  await expect(vex).toBeFocused()
  await page.screenshot({ path: test.info().outputPath('token-focus.png') })
  // Tab to the next token; Space presses it as Enter does.
  await page.keyboard.press('Tab')
  const after = await page.evaluate(() => document.activeElement?.getAttribute('data-name'))
  expect(after, 'the token after Vex').toBeTruthy()
  expect(after).not.toBe('Vex')
  await page.keyboard.press('Space')
  await expect(page.getByTestId('attack-target').locator('option:checked')).toHaveText(after!)

  // The turn moves on with Enter on Next, and a pip is corrected with Space.
  const turnOf = await gm.currentId()
  await page.getByTestId('next-turn').focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => gm.currentId()).not.toBe(turnOf)
  await page.getByTestId('show-cards').focus()
  await page.keyboard.press('Enter')
  const next = await desk.actingCard()
  const pool = next.getByTestId('pool-actions')
  const left = Number(await pool.getAttribute('data-left'))
  await pool.locator('button').first().focus()
  await page.keyboard.press('Space')
  await expect(pool).not.toHaveAttribute('data-left', String(left))
  fight.close()
})
