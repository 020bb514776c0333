import type { Locator, Page } from '@playwright/test'
import { expect, test } from './fixtures/test'
import type { GmPage } from './pages/gm-page'
import type { SalvoServer } from './fixtures/salvo-server'
import { CX_RIFLEMAN, GmDispatch } from './pages/gm-dispatch'
import { box, inside, overlap, type Box } from './pages/screen-boxes'

/**
 * Issue 31, the table's map read from 4 m: at 1920 × 1080 tokens at least 48 px across, their
 * initials at least 24 px and their conditions at least 20 px, on a view that frames the fight's
 * tokens (not the whole picture) across the stage's width, under the ribbon and over the story
 * strip. Everything is measured in the browser: bounding boxes, and computed font sizes times
 * the scale the SVG is drawn at.
 */

/**
 * Where the fight stands on a 40 × 30 m field (1 m squares): two pairs side by side a metre apart
 * (their labels must not run into each other), the rest a few metres off, and a hidden Lurker far
 * in a corner that the table must neither see nor be framed towards.
 */
const PLACES: Record<string, { x: number; y: number; pc?: true; hidden?: true; conditions?: string[] }> = {
  'Vex Okonkwo': { x: 14, y: 12, pc: true, conditions: ['bleeding', 'stunned'] },
  Ash: { x: 15, y: 12, pc: true, conditions: ['suppressed'] },
  'Raider 1': { x: 22, y: 11, conditions: ['bleeding'] },
  'Raider 2': { x: 22, y: 12, conditions: ['stunned', 'suppressed'] },
  'Raider 3': { x: 23, y: 16 },
  'Heavy gunner': { x: 18, y: 17 },
  Lurker: { x: 38, y: 28, hidden: true },
}

/** A Compound X fight of seven on the scene in play, set up over the GM's socket. */
async function fightOnAScene(gm: GmPage, server: SalvoServer): Promise<GmDispatch> {
  await gm.createCampaign('Table map', 'table-map', 'compound-x')
  const desk = await GmDispatch.connect(server, 'table-map')
  for (const [name, p] of Object.entries(PLACES))
    await desk.send('combatant/add', {
      name,
      side: p.pc ? 'party' : 'enemy',
      kind: p.pc ? 'pc' : 'npc',
      maxHp: 1,
      hidden: p.hidden ?? false,
      rules: CX_RIFLEMAN,
    })
  await desk.send('scene/create', { name: 'Dock' }) // the first scene is the one on the table
  const { combatants: ids, sceneId } = await desk.ids()
  for (const [name, p] of Object.entries(PLACES)) {
    await desk.send('token/place', { sceneId, combatantId: ids[name], x: p.x, y: p.y })
    for (const condition of p.conditions ?? [])
      await desk.send('condition/add', { combatantId: ids[name], condition, duration: { kind: 'indefinite' } })
  }
  await desk.send('encounter/start', { name: 'Dock fight' })
  await desk.send('encounter/rollInitiative', {})
  // Something for the story strip: a shot the table sees.
  await desk.send('attack/resolve', {
    request: { attackerId: ids['Raider 1'], targetId: ids['Ash'], weapon: 0, mode: '', options: {} },
  })
  return desk
}

/** One token as the screen shows it: its base's box, and its texts' sizes in screen pixels. */
interface TokenOnScreen {
  name: string
  body: Box
  initialsPx: number | null
  badges: { px: number; box: Box; text: string } | null
  /** WCAG contrast of the initials against the token, and of the badges against their plate. */
  initialsContrast: number | null
  badgesContrast: number | null
}

/** Every token the map inside `root` draws, measured by the browser. */
async function tokensOn(root: Locator): Promise<TokenOnScreen[]> {
  return root.evaluate((rootEl) => {
    const rect = (e: Element) => {
      const r = e.getBoundingClientRect()
      return { x: r.left, y: r.top, width: r.width, height: r.height }
    }
    // A font size in the SVG's own units times the scale it is drawn at: the size on screen.
    const screenPx = (e: SVGGraphicsElement) =>
      Math.round(parseFloat(getComputedStyle(e).fontSize) * Math.abs(e.getScreenCTM()!.a) * 100) / 100
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
    const luminance = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const s = v / 255
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
    }
    const contrast = (a: string, b: string) => {
      const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
      return (hi! + 0.05) / (lo! + 0.05)
    }
    // The table draws its labels over every token, found by whose they are.
    const label = (testid: string, id: string) =>
      rootEl.querySelector<SVGGraphicsElement>(`[data-testid="${testid}"][data-combatant-id="${id}"]`)
    return [...rootEl.querySelectorAll('[data-testid="map-token"]')].map((el) => {
      const id = el.getAttribute('data-combatant-id') ?? ''
      const body = el.querySelector<SVGGraphicsElement>('circle.body')!
      const initials = label('token-initials', id)
      const badges = label('token-badges', id)
      const badgeText = badges?.querySelector<SVGGraphicsElement>('text') ?? badges
      const plate = badges?.querySelector<SVGGraphicsElement>('rect') ?? null
      return {
        name: el.getAttribute('data-name') ?? '',
        body: rect(body),
        initialsPx: initials ? screenPx(initials) : null,
        badges: badges && badgeText ? { px: screenPx(badgeText), box: rect(badges), text: badges.textContent?.trim() ?? '' } : null,
        initialsContrast: initials ? contrast(getComputedStyle(initials).fill, getComputedStyle(body).fill) : null,
        badgesContrast: badgeText && plate ? contrast(getComputedStyle(badgeText).fill, getComputedStyle(plate).fill) : null,
      }
    })
  })
}

/** The box all these boxes make together. */
function around(boxes: readonly Box[]): Box {
  const x = Math.min(...boxes.map((b) => b.x))
  const y = Math.min(...boxes.map((b) => b.y))
  return { x, y, width: Math.max(...boxes.map((b) => b.x + b.width)) - x, height: Math.max(...boxes.map((b) => b.y + b.height)) - y }
}

const shown = (t: TokenOnScreen) => `${t.name}: ${JSON.stringify(t)}`

/** What the table's map looks like at one screen size, against the numbers. */
async function expectReadableMap(page: Page, screen: { width: number; height: number }) {
  const map = page.getByTestId('projector-screen')
  await expect(map.locator('[data-testid="map-token"]')).toHaveCount(Object.values(PLACES).filter((p) => !p.hidden).length)
  const stage = await box(map)
  const ribbon = await box(page.getByTestId('initiative-ribbon'))
  const strip = page.getByTestId('story-strip')
  await expect(strip).toBeVisible()
  const story = await box(strip)
  const tokens = await tokensOn(map)
  test.info().annotations.push({ type: `${screen.width}×${screen.height}`, description: JSON.stringify(tokens) })
  // The map takes the stage's whole width, between the ribbon and the strip.
  expect(stage.width).toBeGreaterThanOrEqual(screen.width - 1)
  expect(overlap(stage, ribbon), `map ${JSON.stringify(stage)} under the ribbon ${JSON.stringify(ribbon)}`).toBe(false)
  expect(overlap(stage, story), `map ${JSON.stringify(stage)} over the strip ${JSON.stringify(story)}`).toBe(false)
  // The picture itself fills that width: no band of black on either side.
  const field = await box(map.getByTestId('map-field'))
  expect(field.x, 'the field starts at the left edge').toBeLessThanOrEqual(stage.x + 1)
  expect(field.x + field.width, 'the field reaches the right edge').toBeGreaterThanOrEqual(stage.x + stage.width - 1)

  for (const t of tokens) {
    // Every token whole on the stage, with its conditions.
    expect(inside(t.body, stage), shown(t)).toBe(true)
    if (t.badges) expect(inside(t.badges.box, stage), shown(t)).toBe(true)
  }
  // The view frames the fight: its tokens span most of the stage one way or the other (the whole
  // 40 × 30 m field would leave them in a third of it).
  const fight = around(tokens.map((t) => t.body))
  expect(Math.max(fight.width / stage.width, fight.height / stage.height), JSON.stringify({ fight, stage })).toBeGreaterThan(0.5)
  return { stage, tokens }
}

/** The sizes, which hold at 1920 × 1080 and above. */
function expectSizes(tokens: readonly TokenOnScreen[]) {
  for (const t of tokens) {
    expect(t.body.width, shown(t)).toBeGreaterThanOrEqual(48)
    expect(t.body.height, shown(t)).toBeGreaterThanOrEqual(48)
    expect(t.initialsPx, shown(t)).toBeGreaterThanOrEqual(24)
    // Dark letters on the side's colour, light ones on a dark plate: both well past WCAG's 4.5.
    expect(t.initialsContrast, shown(t)).toBeGreaterThanOrEqual(4.5)
    const conditions = PLACES[t.name]?.conditions ?? []
    if (conditions.length === 0) continue
    expect(t.badges, shown(t)).not.toBeNull()
    expect(t.badges!.px, shown(t)).toBeGreaterThanOrEqual(20)
    expect(t.badges!.box.height, shown(t)).toBeGreaterThanOrEqual(20)
    expect(t.badgesContrast, shown(t)).toBeGreaterThanOrEqual(4.5)
  }
}

/** No condition label runs into another, or over another token's base. */
function expectNoLabelOverlap(tokens: readonly TokenOnScreen[]) {
  const labelled = tokens.filter((t) => t.badges)
  for (const a of labelled) {
    for (const b of labelled) if (a !== b) expect(overlap(a.badges!.box, b.badges!.box), `${shown(a)}\n${shown(b)}`).toBe(false)
    for (const b of tokens) if (a !== b) expect(overlap(a.badges!.box, b.body), `${shown(a)} over ${shown(b)}`).toBe(false)
  }
}

test("the table's map reads from 4 m: tokens, initials and conditions at their sizes, framed on the fight across the stage's width", async ({
  gm,
  player,
  server,
}) => {
  await gm.page.setViewportSize({ width: 1366, height: 768 })
  await player.page.setViewportSize({ width: 1920, height: 1080 })
  const desk = await fightOnAScene(gm, server)

  // The map lays itself out again once the story strip below it fills (a resize observer, a frame later).
  await expect(async () => {
    const big = await expectReadableMap(player.page, { width: 1920, height: 1080 })
    expectSizes(big.tokens)
    expectNoLabelOverlap(big.tokens)
  }).toPass({ timeout: 5000 })
  // The hidden Lurker is neither drawn nor framed towards: the frame is the visible fight's.
  await expect(player.page.getByText('Lurker')).toHaveCount(0)
  // The story's card stands over the map's foot for a few seconds (issue 16): the picture is taken after.
  await expect(player.page.getByTestId('story-card')).toHaveCount(0, { timeout: 6000 })
  await player.page.screenshot({ path: test.info().outputPath('table-1920.png') })

  // A projector at 720p still shows the whole fight, whole.
  await player.page.setViewportSize({ width: 1280, height: 720 })
  await expect(async () => {
    const small = await expectReadableMap(player.page, { width: 1280, height: 720 })
    // The least sizes are CSS pixels whatever the screen: they hold here too.
    expectSizes(small.tokens)
    expectNoLabelOverlap(small.tokens)
  }).toPass({ timeout: 5000 })
  await player.page.screenshot({ path: test.info().outputPath('table-1280.png') })

  // The GM's preview is the same screen: it frames the same fight (the same tokens, most of its box).
  await gm.page.getByTestId('show-map').click()
  const preview = gm.page.getByTestId('projector-preview')
  await expect(preview.locator('[data-testid="map-token"]')).toHaveCount(6)
  const inPreview = await tokensOn(preview)
  const frame = await box(preview.getByTestId('preview-screen'))
  const fight = around(inPreview.map((t) => t.body))
  for (const t of inPreview) expect(inside(t.body, frame), shown(t)).toBe(true)
  expect(Math.max(fight.width / frame.width, fight.height / frame.height)).toBeGreaterThan(0.5)
  await gm.page.screenshot({ path: test.info().outputPath('gm-1366.png') })
  desk.close()
})
