import type { Browser, Page } from '@playwright/test'
import { installProbe } from './paint-probe'
import { WebProcess } from './web-process'

/** The smallest laptop screen the console is laid out for. */
export const VIEWPORT = { width: 1366, height: 768 }

/** Loading is not what these parts time, so it may take what the product needs (3,000 combatants: ~38 s on an idle 2-core machine, ~350 s at load 11). */
export const LOAD_TIMEOUT = 420_000

/** The GM page and the player page on one browser-mode server, each in its own context (its own window). */
export interface DeskPages {
  readonly server: WebProcess
  readonly gm: Page
  readonly player: Page
  close(): Promise<void>
}

/**
 * Waits until the GM desk shows its fight and its link: the first card visible, connected, and
 * the number of cards in the DOM no longer changing (all of them, or a virtual list's window).
 */
export async function waitForDesk(gm: Page, timeout = LOAD_TIMEOUT): Promise<void> {
  await gm.getByTestId('combatant-card').first().waitFor({ state: 'visible', timeout })
  await gm.getByTestId('link-status').getByText('connected', { exact: true }).waitFor({ timeout })
  const count = () => gm.evaluate(() => document.querySelectorAll('[data-testid="combatant-card"]').length)
  let last = await count()
  for (let stable = 0; stable < 2;) {
    await new Promise((ok) => setTimeout(ok, 250))
    const now = await count()
    stable = now === last ? stable + 1 : 0
    last = now
  }
}

/**
 * Opens both pages on `server`. The player page gets its own browser context: in one context
 * headless Chromium treats the second page as a background tab and delays its frames by
 * about 900 ms, which is not what a projector on its own screen does.
 */
export async function openDeskPages(browser: Browser, server: WebProcess): Promise<DeskPages> {
  const gmContext = await browser.newContext({ viewport: VIEWPORT })
  const playerContext = await browser.newContext({ viewport: VIEWPORT })
  const close = async () => {
    await gmContext.close()
    await playerContext.close()
  }
  try {
    const gm = await gmContext.newPage()
    const player = await playerContext.newPage()
    // One after the other: two pages loading a large fight at once on a small machine only slow each other.
    await gm.goto(server.gmUrl)
    await waitForDesk(gm)
    await player.goto(`${server.url}/player`)
    await player.getByTestId('initiative-ribbon').getByTestId('ribbon-entry').first().waitFor({ state: 'visible', timeout: LOAD_TIMEOUT })
    await installProbe(gm)
    await installProbe(player)
    return { server, gm, player, close }
  } catch (e) {
    await close()
    throw e
  }
}
