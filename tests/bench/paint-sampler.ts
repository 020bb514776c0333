import type { Page } from '@playwright/test'
import type { Desk, PaintCommand } from './paint-commands'
import { arm, armInput, cancel, collect, inputTime, settle } from './paint-probe'

/** One timed command: input event → the frame that showed it, on each page (ms); null when that page never showed it. */
export interface PaintSample {
  readonly gm: number
  readonly gmDom: number
  readonly player: number | null
}

/** How long a page may take to show a command before the sample counts as "never shown". */
export const SHOW_TIMEOUT = Number(process.env['SALVO_SHOW_TIMEOUT'] ?? 60_000)
/** How long past the GM page's own time the player page may take before its sample counts as not shown. */
const PLAYER_GRACE = 2_000

/**
 * The PC the commands act on: the first party card on the GM desk whose ribbon entry the
 * players see on their screen, so both pages show every change. The GM's desk shows two cards
 * without scrolling; the card is scrolled into view, as the GM would.
 */
export async function pickPc(gm: Page, player: Page): Promise<string> {
  const cards = await gm.evaluate(() =>
    [...document.querySelectorAll('[data-testid="combatant-card"].side-party')].map((e) => e.getAttribute('data-combatant-id') ?? ''),
  )
  const entries = new Set(
    await player.evaluate(() =>
      [...document.querySelectorAll('[data-testid="initiative-ribbon"] [data-testid="ribbon-entry"]')]
        .filter((e) => {
          const r = e.getBoundingClientRect()
          return r.width > 0 && r.right > 0 && r.left < innerWidth && r.bottom > 0 && r.top < innerHeight
        })
        .map((e) => e.getAttribute('data-combatant-id') ?? ''),
    ),
  )
  const both = cards.find((id) => entries.has(id))
  if (!both)
    throw new Error(
      `no PC card on the GM desk is on the players' screen too (${cards.length} PC cards, ${entries.size} ribbon entries in view)`,
    )
  await gm.locator(`[data-testid="combatant-card"][data-combatant-id="${both}"]`).scrollIntoViewIfNeeded()
  return both
}

/** Prepares, times and restores one command; checks that the probe saw what the command should show. */
export async function sample(desk: Desk, command: PaintCommand): Promise<PaintSample> {
  const prepared = await command.prepare(desk)
  await arm(desk.gm, prepared.gm.watch, prepared.gm.expect, SHOW_TIMEOUT)
  await arm(desk.player, prepared.player.watch, prepared.player.expect, SHOW_TIMEOUT)
  await armInput(desk.gm)
  await prepared.act()
  const playerResult = collect(desk.player)
  const gmSeen = await collect(desk.gm)
  if (!gmSeen) {
    const said = await desk.gm.evaluate(
      () => document.querySelector('[data-testid="toast-error"], [data-testid="gm-notice"]')?.textContent?.trim() ?? 'nothing',
    )
    throw new Error(
      `${command.name}: the GM page did not show ${JSON.stringify(prepared.gm.expect)} within ${SHOW_TIMEOUT} ms (it said: ${said})`,
    )
  }
  const input = await inputTime(desk.gm)
  // A change the players must not see (the turn passing between two hidden combatants) never
  // shows there: wait a while past the GM's own time, then count the sample as not shown.
  const grace = Math.max(PLAYER_GRACE, 5 * (gmSeen.painted - input))
  const timer = setTimeout(() => void cancel(desk.player).catch(() => undefined), grace)
  const playerSeen = await playerResult
  clearTimeout(timer)
  if (!playerSeen && !command.playersMaySeeNothing)
    throw new Error(
      `${command.name}: the player page did not show ${JSON.stringify(prepared.player.expect)} within ${grace} ms of the GM page`,
    )
  await prepared.restore()
  await Promise.all([settle(desk.gm), settle(desk.player)])
  return { gm: gmSeen.painted - input, gmDom: gmSeen.dom - input, player: playerSeen ? playerSeen.painted - input : null }
}
