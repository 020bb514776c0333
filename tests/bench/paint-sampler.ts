import type { Page } from '@playwright/test'
import type { Desk, PaintCommand } from './paint-commands'
import { arm, armInput, cancel, collect, inputTime, settle } from './paint-probe'
import type { InputPath } from './paint-input'
import { workBetween, type PageWork, type WorkMeter } from './paint-work'

/** One timed command: input event → the frame that showed it, on each page (ms); null when that page never showed it. */
export interface PaintSample {
  /** How the GM gave the command: the floor it compares with. */
  readonly path: InputPath
  /** To the frame that shows it: its requestAnimationFrame callback, as the issue measures. */
  readonly gm: number
  readonly player: number | null
  /** To that frame's paint done. */
  readonly gmPainted: number
  readonly playerPainted: number | null
  /** To the DOM change the frame then shows: the page's own part, without the wait for a frame. */
  readonly gmDom: number
  readonly playerDom: number | null
  /** Each page's main-thread work for the command, when metered. */
  readonly gmWork?: PageWork
  readonly playerWork?: PageWork
}

/** The two ends of a sample's counted window, without the preparing and the restoring. */
export interface WindowMarks {
  start(): Promise<void>
  end(): Promise<void>
}

/** Both pages' metrics sessions (paint-work.ts). */
export interface PageMeters {
  readonly gm: WorkMeter
  readonly player: WorkMeter
}

/** How long a page may take to show a command before the sample counts as "never shown". */
export const SHOW_TIMEOUT = Number(process.env['SALVO_SHOW_TIMEOUT'] ?? 60_000)
/** How long past the GM page's own time the player page may take before its sample counts as not shown. */
const PLAYER_GRACE = 2_000

/**
 * The PC the commands act on: a party entry in view on the players' ribbon (which follows
 * whoever acts), its card brought into view on the GM's desk by scrolling the card grid, as
 * the GM would. Both pages then show every change to it.
 */
export async function pickPc(gm: Page, player: Page): Promise<string> {
  for (let turns = 0; turns <= MAX_TURNS_PASSED; turns++) {
    // The players' page may still be laying out its ribbon when the GM's desk is ready.
    let inView: string[] = []
    for (let tries = 0; tries < 10 && inView.length === 0; tries++) {
      if (tries > 0) await new Promise((ok) => setTimeout(ok, 200))
      inView = await partyInView(player)
    }
    for (const id of inView) if (await showCard(gm, id)) return id
    // Only NPCs on the players' screen: the GM passes the turn (untimed) until a PC comes up.
    await passTurn(gm, player)
  }
  throw new Error(`no PC came onto the players' screen in ${MAX_TURNS_PASSED} turns`)
}

/** A fight where a PC takes the floor less often than this is not one the bench builds. */
const MAX_TURNS_PASSED = 30

export async function passTurn(gm: Page, player: Page): Promise<void> {
  const current = () =>
    player.evaluate(() => document.querySelector('[data-testid="current-combatant"]')?.getAttribute('data-combatant-id') ?? '')
  const before = await current()
  await gm.getByTestId('next-turn').click()
  await player
    .waitForFunction(
      (was) => (document.querySelector('[data-testid="current-combatant"]')?.getAttribute('data-combatant-id') ?? '') !== was,
      before,
      // A turn passing between two combatants hidden from the players changes nothing there.
      { timeout: 2_000, polling: 50 },
    )
    .catch(() => undefined)
}

/** The PCs whose entries are wholly on the players' screen. */
function partyInView(player: Page): Promise<string[]> {
  return player.evaluate(() =>
    [...document.querySelectorAll('[data-testid="initiative-ribbon"] [data-testid="ribbon-entry"].side-party')]
      .filter((e) => {
        const r = e.getBoundingClientRect()
        return r.width > 0 && r.left >= 0 && r.right <= innerWidth && r.bottom > 0 && r.top < innerHeight
      })
      .map((e) => e.getAttribute('data-combatant-id') ?? ''),
  )
}

/** Scrolls the GM's card grid until the card of `id` is on the page; false if it never is. */
export async function showCard(gm: Page, id: string): Promise<boolean> {
  const card = gm.locator(`[data-testid="combatant-card"][data-combatant-id="${id}"]`)
  // The GM ribbon's entries carry their place in acting order, which is the cards' order too.
  const index = Number(
    await gm
      .locator(`[data-testid="initiative-ribbon"] [data-testid="ribbon-entry"][data-combatant-id="${id}"]`)
      .first()
      .getAttribute('data-index')
      .catch(() => null),
  )
  for (let step = 0; step < 40 && (await card.count()) === 0; step++) {
    await gm.evaluate(
      ({ index }) => {
        const grid = document.querySelector('[data-testid="card-grid"]')!
        const rows = [...grid.querySelectorAll<HTMLElement>('[data-index]')]
        const first = rows[0]
        if (!first || Number.isNaN(index)) return
        const columns = first.children.length || 1
        const target = Math.floor(index / columns)
        const at = rows.map((r) => Number(r.dataset['index']))
        const mid = at[Math.floor(at.length / 2)] ?? 0
        grid.scrollTop += (target - mid) * first.getBoundingClientRect().height
      },
      { index },
    )
    await gm.evaluate('new Promise((ok) => requestAnimationFrame(() => requestAnimationFrame(ok)))')
  }
  if ((await card.count()) === 0) return false
  await card.scrollIntoViewIfNeeded()
  return true
}

/**
 * Prepares, times and restores one command; checks that the probe saw what the command should
 * show. With `meters`, each page's main-thread work is read around it (paint-work.ts): from just
 * before the input to both pages painted and settled, the restore left out.
 */
export async function sample(
  desk: Desk,
  command: PaintCommand,
  meters?: PageMeters,
  /** Called right before the input and once both pages have shown it and settled (a trace marks its window there: paint-trace.ts). */
  marks?: WindowMarks,
): Promise<PaintSample> {
  if (!command.picksItsOwnPc) desk.pcId = await pickPc(desk.gm, desk.player)
  const prepared = await command.prepare(desk)
  await arm(desk.gm, prepared.gm.watch, prepared.gm.expect, SHOW_TIMEOUT)
  await arm(desk.player, prepared.player.watch, prepared.player.expect, SHOW_TIMEOUT)
  await armInput(desk.gm, prepared.input.path)
  const before = meters ? await Promise.all([meters.gm.read(), meters.player.read()]) : null
  await marks?.start()
  await prepared.input.send()
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
  await Promise.all([settle(desk.gm), settle(desk.player)])
  const after = meters ? await Promise.all([meters.gm.read(), meters.player.read()]) : null
  await marks?.end()
  await prepared.restore()
  await Promise.all([settle(desk.gm), settle(desk.player)])
  return {
    path: prepared.input.path,
    gm: gmSeen.frame - input,
    player: playerSeen ? playerSeen.frame - input : null,
    gmPainted: gmSeen.painted - input,
    playerPainted: playerSeen ? playerSeen.painted - input : null,
    gmDom: gmSeen.dom - input,
    playerDom: playerSeen ? playerSeen.dom - input : null,
    ...(before && after ? { gmWork: workBetween(before[0], after[0]), playerWork: workBetween(before[1], after[1]) } : {}),
  }
}
