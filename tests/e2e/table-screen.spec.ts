import type { Locator, Page } from '@playwright/test'
import type { EncounterRecord } from '../../src-shared/records'
import type { CombatantView } from '../../src-shared/views'
import { expect, test } from './fixtures/test'
import type { GmPage } from './pages/gm-page'
import type { PlayerPage } from './pages/player-page'
import type { SalvoServer } from './fixtures/salvo-server'
import { WsGmClient } from '../support/ws-gm-client'
import { CX_RIFLEMAN } from './pages/gm-dispatch'
import { box, inside, overlap, type Box } from './pages/screen-boxes'

/**
 * Issue 16, the table screen: the ribbon fits any number of combatants (whoever acts and the next
 * three always on screen), sizes read from 4 m, the turn and round are announced, and the map and
 * the ribbon share the screen. Big fights are set up over the GM's WebSocket, not by clicking.
 */

/** A fight of `count` visible combatants (and one hidden) with initiative rolled, driven over the GM's socket. */
class TableFight {
  private n = 0
  private constructor(
    readonly ws: WsGmClient,
    readonly player: PlayerPage,
  ) {}

  static async start(gm: GmPage, player: PlayerPage, server: SalvoServer, count: number): Promise<TableFight> {
    await gm.createCampaign(`Table ${count}`, `table-${count}`)
    const f = new TableFight(await WsGmClient.connect(server), player)
    for (let i = 0; i < count; i++) {
      const npc = i % 3 !== 0
      await f.send('combatant/add', {
        name: npc ? `Raider ${i}` : `Vex ${i}`,
        side: npc ? 'enemy' : 'party',
        kind: npc ? 'npc' : 'pc',
        maxHp: 30,
        initiativeModifier: i % 7,
      })
    }
    await f.send('combatant/add', { name: 'Lurker', side: 'enemy', kind: 'npc', maxHp: 30, hidden: true })
    await f.send('encounter/start', { name: 'Big fight' })
    await f.send('encounter/rollInitiative', {})
    return f
  }

  async send(type: string, payload: unknown): Promise<void> {
    const r = await this.ws.request('dispatch', { type, payload, meta: { commandId: `table-${this.n++}` } } as never)
    expect(r.ok, `${type}: ${JSON.stringify(r)}`).toBe(true)
  }

  /** The order the table gets (the hidden one left out) and whoever acts now. */
  async state(): Promise<{ order: CombatantView[]; acting: string | null; round: number; hidden: string }> {
    const view = await this.ws.resync()
    const all = [...view.records.values()]
    const combatants = all.filter((r): r is CombatantView => r.typeName === 'combatant')
    const order = combatants
      .filter((c) => !c.hidden && c.orderKey !== null)
      .sort((a, b) => a.orderKey! - b.orderKey! || (a.id < b.id ? -1 : 1))
    const encounter = all.find((r): r is EncounterRecord => r.typeName === 'encounter' && r.status !== 'ended') ?? null
    return {
      order,
      acting: encounter?.currentCombatantId ?? null,
      round: encounter?.round ?? 0,
      hidden: combatants.find((c) => c.hidden)!.id,
    }
  }

  /** Gives everyone the table shows a condition, so the conditions line is measured too. */
  async markShown(): Promise<void> {
    for (const id of await this.player.ribbonIds())
      await this.send('condition/add', { combatantId: id, condition: 'prone', duration: { kind: 'indefinite' } })
  }

  /** Passes `turns` turns, then more until a visible combatant acts; waits for the table to show it. */
  async pass(turns: number): Promise<{ order: CombatantView[]; acting: string }> {
    for (let i = 0; i < turns; i++) await this.send('encounter/nextTurn', {})
    let s = await this.state()
    while (s.acting === s.hidden) {
      await this.send('encounter/nextTurn', {})
      s = await this.state()
    }
    await expect(this.player.ribbon.getByTestId('current-combatant')).toHaveAttribute('data-combatant-id', s.acting!)
    return { order: s.order, acting: s.acting! }
  }
}

/** Whoever acts and the next three (round the end of the order) are on the table, whole: inside the viewport and the ribbon's lane. */
async function expectActingAndNextThree(player: PlayerPage, order: readonly CombatantView[], acting: string) {
  const page = player.page
  const size = page.viewportSize()!
  const screen: Box = { x: 0, y: 0, width: size.width, height: size.height }
  const lane = await box(player.ribbon.locator('ol'))
  const at = order.findIndex((c) => c.id === acting)
  for (let k = 0; k < Math.min(4, order.length); k++) {
    const c = order[(at + k) % order.length]!
    const entry = player.ribbon.locator(`[data-testid="ribbon-entry"][data-combatant-id="${c.id}"]`)
    await expect(entry, `${c.name} (${k} after whoever acts)`).toBeVisible()
    const b = await box(entry)
    expect(inside(b, screen), `${c.name} inside the ${size.width}×${size.height} screen: ${JSON.stringify(b)}`).toBe(true)
    expect(inside(b, lane), `${c.name} not cut off by the ribbon: ${JSON.stringify(b)} in ${JSON.stringify(lane)}`).toBe(true)
    // The name itself is not clipped to nothing.
    expect((await box(entry.getByTestId('ribbon-name'))).width).toBeGreaterThan(60)
  }
  // "+N more" counts only what the table has: the hidden combatant is never among them.
  const shown = await player.ribbonIds()
  const more = async (id: string) =>
    Number(
      (
        await player.ribbon
          .getByTestId(id)
          .textContent()
          .catch(() => '0')
      )?.match(/\d+/)?.[0] ?? 0,
    )
  const markers = (await player.ribbon.getByTestId('ribbon-more-before').count()) > 0
  const rest = markers ? (await more('ribbon-more-before')) + (await more('ribbon-more-after')) : 0
  expect(shown.length + rest).toBe(order.length)
}

async function fontPx(l: Locator): Promise<number> {
  return l.first().evaluate((e) => parseFloat(getComputedStyle(e).fontSize))
}

/**
 * The smallest computed font size among what `l` matches. Playwright finds the elements and runs the
 * function in two steps, so an entry the ribbon re-lays out in between arrives detached (a detached
 * element has no computed style): those are skipped, and matches that all went stale read as 0 so the
 * check retries. Nothing matched at all (no "+N more" in a small fight) has nothing to be too small.
 */
async function smallestPx(l: Locator): Promise<number> {
  return l.evaluateAll((els) => {
    const sizes = els.filter((e) => e.isConnected).map((e) => parseFloat(getComputedStyle(e).fontSize))
    if (els.length > 0 && sizes.length === 0) return 0
    return Math.min(...sizes)
  })
}

/** Names and whose-turn ≥ 32 px, health bands and conditions ≥ 24 px (read from 4 m at 1080p). */
async function expectReadable(player: PlayerPage) {
  const r = player.ribbon
  await expect(r.getByTestId('ribbon-conditions').first()).toBeVisible()
  // The conditions just added may still be re-laying the ribbon out: read it once it has settled.
  await expect(async () => readableNow(player)).toPass({ timeout: 5000 })
}

async function readableNow(player: PlayerPage) {
  const r = player.ribbon
  expect(await smallestPx(r.getByTestId('ribbon-name'))).toBeGreaterThanOrEqual(32)
  expect(await smallestPx(r.getByTestId('ribbon-health'))).toBeGreaterThanOrEqual(24)
  expect(await smallestPx(r.getByTestId('ribbon-conditions'))).toBeGreaterThanOrEqual(24)
  expect(await smallestPx(r.getByTestId('more-count'))).toBeGreaterThanOrEqual(24)
  expect(await fontPx(r.getByTestId('current-combatant').getByTestId('ribbon-name'))).toBeGreaterThanOrEqual(32)
  // Without a map in play, whose turn it is fills the screen.
  expect(await fontPx(player.page.getByTestId('player-current-name'))).toBeGreaterThanOrEqual(32)
}

for (const count of [6, 20, 60]) {
  test(`with ${count} combatants the table shows whoever acts and the next three, whole and readable, deep into a round`, async ({
    gm,
    player,
    server,
  }) => {
    await player.page.setViewportSize({ width: 1920, height: 1080 })
    const fight = await TableFight.start(gm, player, server, count)
    // Deep into the round, then across its end, where the next three wrap into the next round.
    const deep = Math.floor(count * 0.6)
    let s = await fight.pass(deep)
    await expectActingAndNextThree(player, s.order, s.acting)
    await fight.markShown()
    await expectReadable(player)

    s = await fight.pass(count - deep - 1)
    await expectActingAndNextThree(player, s.order, s.acting)

    await player.page.setViewportSize({ width: 1280, height: 720 })
    // The ribbon lays itself out again for the new width (a resize observer, a frame later).
    await expect(async () => expectActingAndNextThree(player, s.order, s.acting)).toPass({ timeout: 5000 })
    await fight.markShown()
    await expectReadable(player)
    fight.ws.close()
  })
}

async function animationsOn(page: Page): Promise<{ count: number; longest: number }> {
  return page.getByTestId('turn-banner').evaluate((e) => {
    const running = e.getAnimations({ subtree: true })
    const ms = running.map((a) => Number(a.effect?.getComputedTiming().duration ?? 0))
    return { count: running.length, longest: Math.max(0, ...ms) }
  })
}

test('the table announces the turn and the round, briefly, without motion for those who ask for none', async ({ gm, player, server }) => {
  await player.page.setViewportSize({ width: 1920, height: 1080 })
  const fight = await TableFight.start(gm, player, server, 4)
  const banner = player.page.getByTestId('turn-banner')

  const s = await fight.pass(1)
  const name = s.order.find((c) => c.id === s.acting)!.name
  // Read at once with the text: the banner is only there for about a second.
  const seen = await player.page.waitForFunction(
    (text) => {
      const t = document.querySelector('[data-testid="turn-banner-title"]')
      if (t?.textContent !== text) return null
      const banner = t.closest('[data-testid="turn-banner"]')!
      const ms = banner.getAnimations({ subtree: true }).map((a) => Number(a.effect?.getComputedTiming().duration ?? 0))
      const style = getComputedStyle(banner)
      return {
        px: parseFloat(getComputedStyle(t).fontSize),
        longest: Math.max(0, ...ms),
        name: style.animationName,
        duration: style.animationDuration,
      }
    },
    `${name}'s turn`,
    // rAF polling stalls on a page that is not in front.
    { polling: 20 },
  )
  const first = (await seen.jsonValue())!
  expect(first.px).toBeGreaterThanOrEqual(32)
  // It fades in, in at most 300 ms (the page is in the background, so the fade may already have run).
  expect(first.name).not.toBe('none')
  expect(parseFloat(first.duration) * 1000).toBeGreaterThan(0)
  expect(parseFloat(first.duration) * 1000).toBeLessThanOrEqual(300)
  expect(first.longest).toBeLessThanOrEqual(300)
  // About a second, then gone.
  await expect(banner).toHaveCount(0, { timeout: 3000 })

  // Round to round: "Round 2", with whose turn opens it (none named when a hidden one does).
  await expect(banner).toHaveCount(0, { timeout: 3000 })
  let st = await fight.state()
  while (st.round === 1) {
    await fight.send('encounter/nextTurn', {})
    st = await fight.state()
  }
  await expect(banner.getByTestId('turn-banner-title')).toHaveText('Round 2')
  if (st.acting === st.hidden) await expect(banner.getByTestId('turn-banner-sub')).toHaveCount(0)
  else await expect(banner.getByTestId('turn-banner-sub')).toHaveText(`${st.order.find((c) => c.id === st.acting)!.name}'s turn`)

  // A hidden combatant's turn is never announced.
  await expect(banner).toHaveCount(0, { timeout: 3000 })
  while (st.acting !== st.hidden) {
    await fight.send('encounter/nextTurn', {})
    st = await fight.state()
  }
  // The last one the table saw act stays marked, dimmed (issue 30: never nobody).
  await expect(player.ribbon.locator('[data-testid="ribbon-entry"].dimmed')).toHaveCount(1)
  await player.page.waitForTimeout(300)
  await expect(banner).toHaveCount(0)
  await expect(player.page.getByText('Lurker')).toHaveCount(0)
  await expect(banner).toHaveCount(0, { timeout: 3000 })

  // Reduced motion: the banner just shows and hides.
  await player.page.emulateMedia({ reducedMotion: 'reduce' })
  await fight.pass(1)
  await expect(banner).toBeVisible()
  expect((await animationsOn(player.page)).count).toBe(0)
  expect(await banner.evaluate((e) => getComputedStyle(e).animationName)).toBe('none')
  await expect(banner).toHaveCount(0, { timeout: 3000 })
  fight.ws.close()
})

test("the map and the ribbon share the screen without overlap, and the GM's setting decides how many the table shows", async ({
  gm,
  player,
  server,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  const fight = await TableFight.start(gm, player, server, 20)
  await fight.send('scene/create', { name: 'Dock' }) // the first scene is the one on the table
  const map = player.page.getByTestId('projector-screen')
  const s = await fight.pass(11)
  for (const [width, height] of [
    [1920, 1080],
    [1280, 720],
    [1024, 768],
  ] as const) {
    await player.page.setViewportSize({ width, height })
    await expect(map).toBeVisible()
    const m = await box(map)
    const r = await box(player.ribbon)
    expect(overlap(m, r), `map ${JSON.stringify(m)} and ribbon ${JSON.stringify(r)} at ${width}×${height}`).toBe(false)
    expect(m.height, 'the map keeps most of the screen').toBeGreaterThan(height * 0.6)
    expect(inside(r, { x: 0, y: 0, width, height })).toBe(true)
  }

  // Fit all at 1920: as many as fit; the GM's "next 1": the one before, whoever acts and the next one.
  await player.page.setViewportSize({ width: 1920, height: 1080 })
  await expect.poll(async () => (await player.ribbonIds()).length).toBeGreaterThanOrEqual(5)
  const fitted = (await player.ribbonIds()).length
  await gm.page.getByTestId('show-map').click()
  const pick = gm.page.getByTestId('projector-ribbon-next')
  await pick.selectOption('1')
  await expect.poll(() => player.ribbonIds()).toHaveLength(3)
  const at = s.order.findIndex((c) => c.id === s.acting)
  expect(await player.ribbonIds()).toEqual([at - 1, at, at + 1].map((i) => s.order[i]!.id))
  await pick.selectOption('fit')
  await expect.poll(() => player.ribbonIds()).toHaveLength(fitted)
  fight.ws.close()
})

/**
 * Every text on the table ribbon that is cut short: an ellipsis anywhere, a label wider than its
 * box, or anything of an entry drawn outside the entry (issue 30: "DOWN…", "KNOCK…", "Militia ri…").
 */
async function cutLabels(player: PlayerPage): Promise<string[]> {
  return player.ribbon.evaluate((ribbon) => {
    const out: string[] = []
    for (const e of ribbon.querySelectorAll<HTMLElement>('*')) {
      const text = e.textContent?.trim() ?? ''
      if (!text) continue
      const cs = getComputedStyle(e)
      if (cs.textOverflow === 'ellipsis') out.push(`ellipsis on "${text}"`)
      if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0 && cs.display !== 'inline') out.push(`"${text}" overflows its box`)
    }
    for (const entry of ribbon.querySelectorAll<HTMLElement>('[data-testid="ribbon-entry"]')) {
      const b = entry.getBoundingClientRect()
      for (const e of entry.querySelectorAll<HTMLElement>('span')) {
        const r = e.getBoundingClientRect()
        if (r.width === 0) continue
        if (r.left < b.left - 1 || r.right > b.right + 1 || r.top < b.top - 1 || r.bottom > b.bottom + 1)
          out.push(`"${e.textContent?.trim()}" runs past its entry`)
      }
    }
    return out
  })
}

test('every label on the table ribbon is whole at 1920×1080 and 1280×720, a downed PC and a stance read as such, and a hidden turn dims the last one seen', async ({
  gm,
  player,
  server,
}) => {
  await gm.createCampaign('Labels', 'labels', 'compound-x')
  const ws = await WsGmClient.connect(server)
  let n = 0
  const send = async (type: string, payload: unknown) => {
    const r = await ws.request('dispatch', { type, payload, meta: { commandId: `labels-${n++}` } } as never)
    expect(r.ok, `${type}: ${JSON.stringify(r)}`).toBe(true)
  }
  const add = (name: string, kind: 'pc' | 'npc', hidden = false) =>
    send('combatant/add', { name, side: kind === 'pc' ? 'party' : 'enemy', kind, maxHp: 1, hidden, rules: CX_RIFLEMAN })
  await add('Vex Okonkwo-Ramirez', 'pc')
  await add('Ash', 'pc')
  await add('Militia rifleman', 'npc')
  await add('Heavy gunner', 'npc')
  await add('Gunner', 'npc', true)
  await send('encounter/start', { name: 'Labels' })
  await send('encounter/rollInitiative', {})
  const ids = async () => {
    const view = await ws.resync()
    const cs = [...view.records.values()].filter((r): r is CombatantView => r.typeName === 'combatant')
    return Object.fromEntries(cs.map((c) => [c.name, c]))
  }
  const c = await ids()
  await send('combatant/damage', { combatantId: c['Ash']!.id, amount: 400, damageType: 'untyped' })
  for (const condition of ['bleeding', 'bleeding', 'stunned', 'suppressed'])
    await send('condition/add', { combatantId: c['Militia rifleman']!.id, condition, duration: { kind: 'indefinite' } })
  await send('action/perform', {
    request: { actorId: c['Heavy gunner']!.id, action: 'position', targetId: null, options: { stance: 'prone', cover: 'partial' } },
  })

  const entry = (name: string) => player.ribbon.locator(`[data-testid="ribbon-entry"][data-combatant-id="${c[name]!.id}"]`)
  for (const [width, height] of [
    [1920, 1080],
    [1280, 720],
  ] as const) {
    await player.page.setViewportSize({ width, height })
    await expect(entry('Heavy gunner').getByTestId('ribbon-conditions')).toContainText('Prone')
    await expect(entry('Heavy gunner').getByTestId('ribbon-conditions')).toContainText('Partial cover')
    await expect(entry('Ash').getByTestId('ribbon-standing')).toHaveText(/^downed/i)
    await expect(entry('Militia rifleman').getByTestId('ribbon-conditions')).toContainText('Bleeding ×2')
    await expect.poll(() => cutLabels(player), { message: `${width}×${height}` }).toEqual([])
    await player.page.screenshot({ path: test.info().outputPath(`ribbon-${width}.png`) })
  }

  // The hidden Gunner's turn: the last one the table saw act stays marked, dimmed; nobody is announced.
  const order = Object.values(await ids())
    .filter((x) => x.orderKey !== null)
    .sort((a, b) => a.orderKey! - b.orderKey!)
  const acting = async () => {
    const view = await ws.resync()
    const e = [...view.records.values()].find((r): r is EncounterRecord => r.typeName === 'encounter' && r.status === 'active')
    return { id: e!.currentCombatantId, round: e!.round }
  }
  // The Gunner's turn after a visible one has acted (into round 2 if the Gunner opens the first).
  await send('encounter/nextTurn', {})
  let now = await acting()
  while (now.id !== c['Gunner']!.id) {
    await send('encounter/nextTurn', {})
    now = await acting()
  }
  const at = order.findIndex((x) => x.id === now.id)
  const seen = order.filter((x) => !x.hidden)
  const before = order.slice(0, at).filter((x) => !x.hidden)
  const marked = before.at(-1) ?? seen.at(-1)
  expect(now.round > 1 || before.length > 0).toBe(true)
  const current = player.ribbon.getByTestId('current-combatant')
  await expect(current).toHaveAttribute('data-combatant-id', marked!.id)
  await expect(player.ribbon.locator('[data-testid="ribbon-entry"].dimmed')).toHaveCount(1)
  await expect(player.page.getByText('Gunner', { exact: true })).toHaveCount(0)
  // No "Now acting" claim while the one acting is unseen.
  await expect(player.page.getByTestId('player-current-name')).toHaveCount(0)
  await player.page.screenshot({ path: test.info().outputPath('hidden-turn.png') })
  // "Hold": the same entry, no longer dimmed: the table cannot tell a hidden turn from a long one.
  await send('scene/create', { name: 'Dock' })
  await gm.page.getByTestId('show-map').click()
  await gm.page.getByTestId('projector-hidden-turn').selectOption('hold')
  await expect(player.ribbon.locator('[data-testid="ribbon-entry"].dimmed')).toHaveCount(0)
  await expect(current).toHaveAttribute('data-combatant-id', marked!.id)
  // A reload gets the state as it is, with the same mark.
  // (Anything that ever stands as a story card on the reloaded page is noted.)
  await player.page.addInitScript(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="story-card"]')) (window as unknown as { cardSeen: boolean }).cardSeen = true
    }).observe(document, { childList: true, subtree: true })
  })
  await player.page.reload()
  await expect(player.ribbon.getByTestId('current-combatant')).toHaveAttribute('data-combatant-id', marked!.id)
  // …and the strip as it stands, without the last line played again as news (issue 30).
  await expect(player.page.getByTestId('story-line').first()).toBeVisible()
  await player.page.waitForTimeout(500)
  expect(await player.page.evaluate(() => (window as unknown as { cardSeen?: boolean }).cardSeen ?? false)).toBe(false)
  expect(player.frames.join('\n')).not.toContain('Gunner')
  ws.close()
})
