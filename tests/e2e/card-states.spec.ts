import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { Locator, Page, TestInfo } from '@playwright/test'
import type { JsonValue } from '../../src-shared/json'
import type { CombatantView } from '../../src-shared/views'
import { expect, test } from './fixtures/test'
import type { GmPage } from './pages/gm-page'
import type { PlayerPage } from './pages/player-page'
import { CX_RIFLEMAN, GmDispatch } from './pages/gm-dispatch'
import { lines, overflowProblems } from './pages/box-overflow'

/**
 * Issue 32: a card and a table ribbon entry hold every state the rules produce — knocked out with
 * its wake rolls, downed with its failed saves, past the revival limit, dead, health typed below 1,
 * each ruleset's longest condition names, long names — inside their box, at the GM desk's
 * 1366 × 768 and the table's 1920 × 1080. Each card and entry is measured in the browser (every
 * element and every line of text inside the box, nothing scrolling sideways, the "PC · party ·
 * init" line on one line) and photographed into the test's output folder (and SALVO_SHOTS).
 */

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1920, height: 1080 },
] as const

/** One combatant in one state, as the test sets it over the GM's socket. */
interface Case {
  readonly name: string
  readonly pc?: boolean
  /** The health it is left at (after the sheet is set). */
  readonly hp?: number
  /** Compound X only: the dying record's condition (CX15, CX27–CX29). */
  readonly dying?: JsonValue
  /** Compound X only: stance and cover, which the table sees as marks. */
  readonly live?: Record<string, JsonValue>
  readonly conditions?: readonly string[]
  /** What its card's standing badge reads (the ruleset's label); the table shows its first part. */
  readonly standing?: string
}

const LONG_NAME = 'Captain Ysolde Marchetti-Vandersloot of the Ninth'
const UNBROKEN = 'Oberstabsfeldwebelstellvertreterin'

const RULESETS: readonly { id: string; init: string; cases: readonly Case[] }[] = [
  {
    id: 'compound-x',
    // The riflemen are soldiers: their class adds 15 to the d100 (CX19), which the card says.
    init: 'init d100+15',
    cases: [
      // The card: an NPC knocked out by shock, FORT 6 giving (15 − 6) wake rolls.
      {
        name: 'Raider 3',
        dying: { kind: 'unconscious', cause: 'shock', wakeRollsLeft: 9 },
        standing: 'knocked out · 9 wake rolls left',
      },
      {
        name: 'Kiro',
        pc: true,
        dying: { kind: 'unconscious', cause: 'shock', wakeRollsLeft: 9 },
        standing: 'knocked out · 9 wake rolls left',
      },
      { name: 'Ash', pc: true, hp: 0, dying: { kind: 'downed', failures: 1, successes: 0 }, standing: 'downed · 1/3 failed' },
      {
        name: 'Vex',
        pc: true,
        hp: 1,
        dying: { kind: 'unconscious', cause: 'revival-limit' },
        standing: 'unconscious · past the revival limit',
      },
      { name: 'Gunner', pc: true, hp: 0, standing: 'below 1 health · not downed by the rules' },
      { name: 'Jonas', pc: true, hp: -40, dying: { kind: 'dead' }, standing: 'dead' },
      {
        name: LONG_NAME,
        pc: true,
        live: { stance: 'hunkering', cover: 'partial' },
        conditions: ['knockout-hold', 'greater-fear', 'pinned-down', 'plasma-burn'],
      },
      {
        name: UNBROKEN,
        pc: true,
        dying: { kind: 'unconscious', cause: 'shock', wakeRollsLeft: 9 },
        conditions: ['greater-fear', 'knockout-hold'],
        standing: 'knocked out · 9 wake rolls left',
      },
    ],
  },
  {
    id: 'd10-difficulty',
    init: 'init d10',
    cases: [
      { name: 'Heavy gunner 1', hp: 0, conditions: ['grenade-proof-cover', 'difficult-terrain'], standing: 'down' },
      { name: 'Jonas', pc: true, hp: 0, conditions: ['grenade-proof-cover', 'difficult-terrain', 'surprised'], standing: 'down' },
      { name: LONG_NAME, pc: true, conditions: ['grenade-proof-cover', 'difficult-terrain', 'full-cover'] },
    ],
  },
  {
    id: 'd20-two-action',
    init: 'init d20',
    cases: [
      { name: 'Brute', hp: -3, conditions: ['defensive-stance', 'bleeding', 'shocked'], standing: 'down' },
      { name: UNBROKEN, pc: true, hp: 0, conditions: ['defensive-stance', 'bleeding', 'stunned'], standing: 'down' },
    ],
  },
  {
    id: '2d6-significant',
    init: 'init 2d6',
    cases: [
      { name: 'Marine', pc: true, hp: 0, conditions: ['unconscious', 'stunned'], standing: 'down' },
      { name: LONG_NAME, pc: true, conditions: ['unconscious', 'reacted'] },
    ],
  },
]

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')

async function shoot(target: Locator, info: TestInfo, file: string): Promise<void> {
  await target.screenshot({ path: info.outputPath(file), animations: 'disabled' })
  const shots = process.env['SALVO_SHOTS']
  if (shots) {
    mkdirSync(join(shots, 'card-states'), { recursive: true })
    await target.screenshot({ path: join(shots, 'card-states', file), animations: 'disabled' })
  }
}

/** The campaign, each case's combatant in its state, initiative rolled; the ids by name. */
async function setUp(gm: GmPage, server: Parameters<typeof GmDispatch.connect>[0], rulesetId: string, cases: readonly Case[]) {
  await gm.createCampaign(`Card states ${rulesetId}`, `card-states-${rulesetId}`, rulesetId)
  const desk = await GmDispatch.connect(server, `states-${rulesetId}`)
  for (const c of cases)
    await desk.send('combatant/add', {
      name: c.name,
      side: c.pc ? 'party' : 'enemy',
      kind: c.pc ? 'pc' : 'npc',
      maxHp: 30,
      ...(rulesetId === 'compound-x' ? { rules: CX_RIFLEMAN } : {}),
    })
  const { combatants: ids } = await desk.ids()
  const stored = new Map(
    [...(await desk.ws.resync()).records.values()].filter((r): r is CombatantView => r.typeName === 'combatant').map((c) => [c.id, c]),
  )
  await desk.send('encounter/start', { name: 'States' })
  await desk.send('encounter/rollInitiative', {})
  for (const c of cases) {
    const id = ids[c.name]!
    if (c.dying || c.live) {
      const rules = stored.get(id as CombatantView['id'])!.rules as { live: Record<string, JsonValue> }
      const live = { ...rules.live, ...(c.live ?? {}) }
      if (c.dying) live['dying'] = { ...(live['dying'] as Record<string, JsonValue>), condition: c.dying }
      await desk.send('combatant/setRules', { combatantId: id, rules: { ...rules, live } })
    }
    if (c.hp !== undefined) await desk.send('combatant/setHp', { combatantId: id, hp: c.hp })
    // A clock that names someone (the long name) is the longest a chip's clock gets.
    for (const [i, condition] of (c.conditions ?? []).entries())
      await desk.send('condition/add', {
        combatantId: id,
        condition,
        duration: i % 2 ? { kind: 'rounds', rounds: 3 } : { kind: 'turnStart', of: ids[LONG_NAME] ?? ids[UNBROKEN] ?? id },
      })
  }
  return { desk, ids }
}

/**
 * Resolves after the next frame is drawn: the grid has had its scroll event and rendered the rows
 * for it. The walk must not count cards before that: right after `scrollTop = 0` the rows drawn
 * for the last card's position are still on the page, so a walk that counted at once "found" a
 * later Compound X card (Gunner, Jonas: the acting card's open sheet makes the first row taller
 * than the grid, so they sit below it) at the top, stopped there with scrollTop 0, and lost the
 * card a frame later when the grid drew the rows for the top.
 */
const nextFrame = (grid: Locator) =>
  grid.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))))

/** Scrolls the card grid until `name`'s card is on the page (the grid renders only rows near view). */
async function revealCard(gm: GmPage, name: string): Promise<Locator> {
  const grid = gm.page.getByTestId('card-grid')
  const card = gm.card(name)
  await grid.evaluate((g) => (g.scrollTop = 0))
  await nextFrame(grid)
  for (let i = 0; i < 40 && (await card.count()) === 0; i++) {
    // The grid scrolls, and the position holds: nothing throws the view back (scrollTop stayed 0).
    const at = await grid.evaluate((g) => {
      const before = g.scrollTop
      g.scrollTop += 150
      return { before, after: g.scrollTop, max: g.scrollHeight - g.clientHeight }
    })
    expect(at.after, `the grid scrolls on towards ${name}`).toBeGreaterThan(Math.min(at.before, at.max - 1))
    await nextFrame(grid)
  }
  await expect(card).toHaveCount(1)
  await card.scrollIntoViewIfNeeded()
  return card
}

async function checkCards(gm: GmPage, rulesetId: string, init: string, cases: readonly Case[], size: string, info: TestInfo) {
  for (const c of cases) {
    const card = await revealCard(gm, c.name)
    const standing = card.getByTestId('card-standing')
    if (c.standing) await expect(standing).toHaveText(c.standing, { ignoreCase: true })
    else await expect(standing).toHaveCount(0)
    await expect(card.getByTestId('condition-chip')).toHaveCount(c.conditions?.length ?? 0)
    // The initiative the ruleset rolls, sheet bonuses and all (not a modifier it ignores).
    await expect(card.getByTestId('card-meta')).toContainText(init)
    await shoot(card, info, `${rulesetId}-card-${size}-${slug(c.name)}.png`)
    const what = `${c.name}'s card at ${size}`
    expect(await overflowProblems(card), `${what}: nothing outside the card`).toEqual([])
    // "NPC · enemy · init +0" reads along one line, not one word under another.
    expect(await lines(card.getByTestId('card-meta')), `${what}: the meta line on one line`).toBe(1)
    // The name keeps the room it needs: at least two words or a dozen letters a line.
    expect((await card.locator('h3').boundingBox())!.width, `${what}: room for the name`).toBeGreaterThan(100)
  }
}

/** Every entry the table shows at this size, each photographed and measured once; moves the unseen up behind whoever acts. */
async function checkRibbon(
  player: PlayerPage,
  desk: GmDispatch,
  rulesetId: string,
  cases: readonly Case[],
  ids: Record<string, string>,
  size: string,
  info: TestInfo,
) {
  const nameOf = new Map(Object.entries(ids).map(([n, id]) => [id, n]))
  const page: Page = player.page
  const ribbon = player.ribbon
  const seen = new Set<string>()
  for (let round = 0; round < 10 && seen.size < cases.length; round++) {
    // The ribbon lays itself out again after a move or a resize (a resize observer, a frame later).
    await page.waitForTimeout(150)
    const lane = (await ribbon.locator('ol').boundingBox())!
    // The ribbon leaves the screen to the map (or whose turn it is), and nothing is drawn over it.
    const bar = (await ribbon.boundingBox())!
    const screen = page.viewportSize()!
    expect(bar.height, `the table's ribbon at ${size}: ${Math.round(bar.height)} px tall`).toBeLessThanOrEqual(screen.height * 0.4)
    for (const over of [page.locator('.now'), page.getByTestId('player-current-name')]) {
      const b = (await over.boundingBox())!
      expect(b.y, `"${await over.textContent()}" below the ribbon at ${size}`).toBeGreaterThanOrEqual(bar.y + bar.height - 0.5)
    }
    for (const id of await player.ribbonIds()) {
      if (seen.has(id)) continue
      seen.add(id)
      const name = nameOf.get(id)!
      const entry = ribbon.locator(`[data-testid="ribbon-entry"][data-combatant-id="${id}"]`)
      const c = cases.find((x) => x.name === name)!
      // The table sees a PC's standing; an NPC's stays the GM's (its health band says down).
      if (c.pc && c.standing) await expect(entry.getByTestId('ribbon-standing')).toHaveText(c.standing.split(' · ')[0]!)
      await shoot(entry, info, `${rulesetId}-table-${size}-${slug(name)}.png`)
      const what = `${name} on the table's ribbon at ${size}`
      const b = (await entry.boundingBox())!
      expect(b.x >= lane.x - 0.5 && b.x + b.width <= lane.x + lane.width + 0.5, `${what}: inside the lane`).toBe(true)
      expect(await overflowProblems(entry.locator(':scope > div')), `${what}: nothing outside the entry`).toEqual([])
      expect(await lines(entry.getByTestId('ribbon-health')), `${what}: health on one line`).toBe(1)
    }
    // Those not yet seen go right after whoever acts, where the ribbon's window shows them.
    const view = await desk.ws.resync()
    const all = [...view.records.values()]
    const order = all
      .filter((r): r is CombatantView => r.typeName === 'combatant' && r.orderKey !== null)
      .sort((a, b) => a.orderKey! - b.orderKey! || (a.id < b.id ? -1 : 1))
      .map((c) => c.id as string)
    const acting = (await ribbon.getByTestId('current-combatant').getAttribute('data-combatant-id'))!
    const unseen = order.filter((id) => !seen.has(id) && id !== acting).slice(0, 3)
    let before = order[(order.indexOf(acting) + 1) % order.length]!
    for (const id of unseen.reverse()) {
      if (id !== before) await desk.send('initiative/move', { combatantId: id, beforeId: before })
      before = id
    }
  }
  expect([...seen].map((id) => nameOf.get(id)).sort(), `every state on the table at ${size}`).toEqual(cases.map((c) => c.name).sort())
}

for (const { id: rulesetId, init, cases } of RULESETS) {
  test(`${rulesetId}: every state the rules produce fits its card and its table entry at 1366 × 768 and 1920 × 1080`, async ({
    gm,
    player,
    server,
  }, info) => {
    const { desk, ids } = await setUp(gm, server, rulesetId, cases)
    for (const s of SIZES) {
      const size = `${s.width}x${s.height}`
      await gm.page.setViewportSize(s)
      await player.page.setViewportSize(s)
      await gm.page.bringToFront()
      await checkCards(gm, rulesetId, init, cases, size, info)
      await gm.page.screenshot({ path: info.outputPath(`${rulesetId}-desk-${size}.png`) })
      await player.page.bringToFront()
      await checkRibbon(player, desk, rulesetId, cases, ids, size, info)
      await player.page.screenshot({ path: info.outputPath(`${rulesetId}-table-${size}.png`) })
    }
    desk.close()
  })
}
