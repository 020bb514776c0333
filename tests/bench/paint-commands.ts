import type { Page } from '@playwright/test'
import { readWatch, type Expectation, type Watch } from './paint-probe'
import { clickOn, dragBetween, keyIn, keyNow, type TimedInput } from './paint-input'
import { CELL_PX } from './map-fixture'
import { passTurn, showCard } from './paint-sampler'

/**
 * The commands the paint bench times, each the way a GM issues it on the desk, with what
 * each page must show afterwards. A command's `prepare` does everything before the input
 * (filling a field, opening a form) and says what to watch; `act` is the one input event that
 * is timed; `restore` puts the table back (unmeasured) so every sample starts alike.
 */

/** Both pages of one desk, and the player character every command is about. */
export interface Desk {
  readonly gm: Page
  readonly player: Page
  /**
   * A PC: the players see its exact health, so a change to it shows on both pages. Chosen
   * again before each sample: the table's ribbon follows whoever acts, so a PC in view a few
   * turns ago may have left the players' screen.
   */
  pcId: string
}

/** What one page must come to show. */
export interface PageCheck {
  readonly watch: Watch
  readonly expect: Expectation
}

export interface Prepared {
  readonly gm: PageCheck
  readonly player: PageCheck
  /** The one timed input (paint-input.ts), everything before it already done. */
  readonly input: TimedInput
  restore(): Promise<void>
}

export interface PaintCommand {
  readonly name: string
  readonly how: string
  /** Only a turn passing between two combatants hidden from the players changes nothing on their screen. */
  readonly playersMaySeeNothing: boolean
  /** It chooses `desk.pcId` itself (D acts on whoever acts), so the sampler's pick is skipped. */
  readonly picksItsOwnPc?: boolean
  prepare(desk: Desk): Promise<Prepared>
}

/** Untimed steps (a restore, the Attack panel's odds) may take what a large fight needs. */
const RESTORE_TIMEOUT = 120_000

const card = (id: string) => `[data-testid="combatant-card"][data-combatant-id="${id}"]`
const playerEntry = (id: string) => `[data-testid="initiative-ribbon"] [data-testid="ribbon-entry"][data-combatant-id="${id}"]`
const CURRENT: Watch = { selector: '[data-testid="initiative-ribbon"] [data-testid="current-combatant"]', attribute: 'data-combatant-id' }
const gmHp = (id: string): Watch => ({ selector: `${card(id)} [data-testid="card-hp"]`, attribute: null })
const playerHp = (id: string): Watch => ({ selector: `${playerEntry(id)} [data-testid="ribbon-health"]`, attribute: null })

/** "97 / 100" on the card. */
async function readHp(gm: Page, id: string): Promise<{ hp: number; max: number }> {
  const text = await readWatch(gm, gmHp(id))
  const m = /^(-?\d+) \/ (\d+)$/.exec(text)
  if (!m) throw new Error(`cannot read the HP of ${id} on its card: "${text}"`)
  return { hp: Number(m[1]), max: Number(m[2]) }
}

/** A restored state: exactly this text, or no longer any mention of a text (an element gone reads ""). */
type Restored = { readonly equals: string } | { readonly lacks: string }

/** Waits, untimed, until a page shows a restored state. */
async function waitUntil(page: Page, watch: Watch, restored: Restored, timeout: number): Promise<void> {
  await page
    .waitForFunction(
      ({ w, r }) => {
        const v = window.__salvoProbe!.read(w)
        return 'equals' in r ? v === r.equals : !v.includes(r.lacks)
      },
      { w: watch, r: restored },
      { timeout, polling: 50 },
    )
    .catch(async () => {
      const shown = await readWatch(page, watch).catch(() => '(unreadable)')
      throw new Error(`the restore never showed ${JSON.stringify(restored)} at ${watch.selector} on ${page.url()}: it shows "${shown}"`)
    })
}

/** Damage 1 or heal 1, whichever keeps the PC inside its range: Enter in the card's HP field. */
export const hpEdit: PaintCommand = {
  name: 'HP edit',
  playersMaySeeNothing: false,
  how: "Enter in a card's HP field",
  async prepare(desk) {
    const { hp, max } = await readHp(desk.gm, desk.pcId)
    const next = hp < max ? hp + 1 : hp - 1
    const field = desk.gm.locator(`${card(desk.pcId)} [data-testid="hp-input"]`)
    await field.fill(next > hp ? '+1' : '-1')
    return {
      gm: { watch: gmHp(desk.pcId), expect: { kind: 'equals', value: `${next} / ${max}` } },
      player: { watch: playerHp(desk.pcId), expect: { kind: 'equals', value: `${next}/${max}` } },
      input: await keyIn(desk.gm, field, 'Enter'),
      restore: async () => undefined,
    }
  },
}

/** A click on Next turn: the ribbon's current combatant moves on. */
export const nextTurn: PaintCommand = {
  name: 'next turn',
  playersMaySeeNothing: true,
  how: 'click on Next turn',
  async prepare(desk) {
    const gmBefore = await readWatch(desk.gm, CURRENT)
    const playerBefore = await readWatch(desk.player, CURRENT)
    return {
      gm: { watch: CURRENT, expect: { kind: 'differs', from: gmBefore } },
      // A combatant hidden from the players has no current marker there: "" is then what they see.
      player: { watch: CURRENT, expect: { kind: 'differs', from: playerBefore } },
      input: await clickOn(desk.gm, desk.gm.getByTestId('next-turn')),
      restore: async () => undefined,
    }
  },
}

/** The card's condition form filled in (the first condition, until removed), then a click on Add. */
export const conditionAdded: PaintCommand = {
  name: 'condition added',
  playersMaySeeNothing: false,
  how: "click on Add in a card's condition form",
  async prepare(desk) {
    const root = desk.gm.locator(card(desk.pcId))
    await root.getByTestId('add-condition').click()
    const select = root.getByTestId('condition-select')
    await desk.gm.waitForFunction(
      (s) => !!(document.querySelector(s) as HTMLSelectElement | null)?.value,
      `${card(desk.pcId)} [data-testid="condition-select"]`,
    )
    const conditionId = await select.inputValue()
    const label = (await select.locator('option:checked').textContent())?.trim() ?? ''
    if (!label) throw new Error('the condition form offers no condition')
    await root.getByTestId('condition-duration').selectOption('indefinite')
    const chip: Watch = {
      selector: `${card(desk.pcId)} [data-testid="condition-chip"][data-condition="${conditionId}"]`,
      attribute: 'data-condition',
    }
    const shown: Watch = { selector: `${playerEntry(desk.pcId)} [data-testid="ribbon-conditions"]`, attribute: null }
    return {
      gm: { watch: chip, expect: { kind: 'equals', value: conditionId } },
      player: { watch: shown, expect: { kind: 'includes', text: label } },
      input: await clickOn(desk.gm, root.getByTestId('condition-apply')),
      restore: async () => {
        await root.locator(`[data-testid="condition-chip"][data-condition="${conditionId}"] [data-testid="remove-condition"]`).click()
        await waitUntil(desk.gm, chip, { equals: '' }, RESTORE_TIMEOUT)
        await waitUntil(desk.player, shown, { lacks: label }, RESTORE_TIMEOUT)
      },
    }
  },
}

/**
 * Table dice typed into the Attack panel: a 9 to hit, then a 10 on the armour d100, so the
 * shot pierces the trooper kit's armour and puts 40 on health (the Compound X e2e spec's shot).
 */
const HITTING_DICE = '9 10'
/** An NPC with a trooper's sheet (core-fixture.ts arms the first four combatants). */
const SHOOTER = 'Trooper 2'

/**
 * An NPC shoots the PC through the Attack panel with typed table dice; the PC's health drops
 * on both pages. The GM's Undo (untimed) walks the shot back — health, armour, ammunition, log —
 * so every sample fires at the same target in the same state with the same dice.
 */
export const attackResolution: PaintCommand = {
  name: 'attack resolution',
  playersMaySeeNothing: false,
  how: "click on the Attack panel's Roll and apply, table dice typed",
  async prepare(desk) {
    const panel = desk.gm.getByTestId('attack-panel')
    // A picker over hundreds lists everyone only while in use, as when the GM opens it.
    await panel.getByTestId('attack-attacker').focus()
    const attacker = await panel
      .getByTestId('attack-attacker')
      .locator('option')
      .evaluateAll((os, name) => os.find((o) => o.textContent?.trim() === name)?.getAttribute('value') ?? '', SHOOTER)
    if (!attacker) throw new Error(`no ${SHOOTER} to attack with`)
    await panel.getByTestId('attack-attacker').selectOption(attacker)
    await panel.getByTestId('attack-target').focus()
    await panel.getByTestId('attack-target').selectOption(desk.pcId)
    const dice = panel.getByTestId('attack-typed-dice')
    await dice.waitFor({ timeout: RESTORE_TIMEOUT })
    await dice.fill(HITTING_DICE)
    const { hp, max } = await readHp(desk.gm, desk.pcId)
    return {
      gm: { watch: gmHp(desk.pcId), expect: { kind: 'differs', from: `${hp} / ${max}` } },
      player: { watch: playerHp(desk.pcId), expect: { kind: 'differs', from: `${hp}/${max}` } },
      input: await clickOn(desk.gm, panel.getByTestId('attack-resolve')),
      restore: async () => {
        await desk.gm.getByTestId('undo').click()
        await waitUntil(desk.gm, gmHp(desk.pcId), { equals: `${hp} / ${max}` }, RESTORE_TIMEOUT)
        await waitUntil(desk.player, playerHp(desk.pcId), { equals: `${hp}/${max}` }, RESTORE_TIMEOUT)
      },
    }
  },
}

/**
 * Whoever acts, when that is a PC on the players' screen; "" when not. Who acts is read on the
 * GM's page: the players' ribbon has no marker while a hidden combatant acts, and may still
 * show the last one they saw.
 */
async function actingPcInView(desk: Desk): Promise<string> {
  const acting = await readWatch(desk.gm, CURRENT)
  if (!acting) return ''
  const inView = await desk.player.evaluate((sel) => {
    const entry = document.querySelector(sel)
    if (!entry?.classList.contains('side-party')) return false
    const r = entry.getBoundingClientRect()
    return r.width > 0 && r.left >= 0 && r.right <= innerWidth && r.bottom > 0 && r.top < innerHeight
  }, playerEntry(acting))
  return inView ? acting : ''
}

/** The turn passed (untimed) until a PC acts, on the players' screen and with its card on the GM's. */
async function passUntilPcActs(desk: Desk): Promise<string> {
  for (let turns = 0; turns <= MAX_TURNS_TO_PC; turns++) {
    const id = await actingPcInView(desk)
    if (id && (await showCard(desk.gm, id))) return id
    await passTurn(desk.gm, desk.player)
  }
  throw new Error(`no PC acted on the players' screen in ${MAX_TURNS_TO_PC} turns`)
}

/** D answers in a frame or two; a desk that has not after this never will. */
const PREFILL_TIMEOUT = 10_000

/** Every second combatant of the bench's fights is a PC (core-fixture.ts): far fewer turns than this. */
const MAX_TURNS_TO_PC = 30

/**
 * The GM's own keys for damage, through the desk's shortcut: `D` puts a "-"
 * in the acting combatant's HP field, the amount is typed, and Enter (timed) applies it. Undo
 * (untimed) gives the health back, so the PC never runs down over the samples.
 */
export const hpByKey: PaintCommand = {
  name: 'HP edit by D',
  playersMaySeeNothing: false,
  picksItsOwnPc: true,
  how: 'D, the amount, Enter on whoever acts',
  async prepare(desk) {
    desk.pcId = await passUntilPcActs(desk)
    const { hp, max } = await readHp(desk.gm, desk.pcId)
    const field = desk.gm.locator(`${card(desk.pcId)} [data-testid="hp-input"]`)
    // The shortcut belongs to the desk, not to a field that holds the focus.
    await desk.gm.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
    await desk.gm.keyboard.press('d')
    await desk.gm
      .waitForFunction(
        (sel) => {
          const el = document.querySelector<HTMLInputElement>(sel)
          return !!el && document.activeElement === el && el.value === '-'
        },
        `${card(desk.pcId)} [data-testid="hp-input"]`,
        { timeout: PREFILL_TIMEOUT, polling: 20 },
      )
      .catch(async () => {
        const focus = await desk.gm.evaluate(() => {
          const el = document.activeElement as HTMLInputElement | null
          const owner = el?.closest('[data-combatant-id]')?.getAttribute('data-combatant-id') ?? 'no card'
          return el ? `${el.getAttribute('data-testid') ?? el.tagName} of ${owner}, holding "${el.value ?? ''}"` : 'nothing'
        })
        throw new Error(`D did not put "-" in the HP field of ${desk.pcId} (focus on ${focus})`)
      })
    await desk.gm.keyboard.type('1')
    if ((await field.inputValue()) !== '-1') throw new Error(`D then 1 left "${await field.inputValue()}" in the HP field`)
    return {
      gm: { watch: gmHp(desk.pcId), expect: { kind: 'equals', value: `${hp - 1} / ${max}` } },
      player: { watch: playerHp(desk.pcId), expect: { kind: 'equals', value: `${hp - 1}/${max}` } },
      input: keyNow(desk.gm, 'Enter'),
      restore: async () => {
        await desk.gm.getByTestId('undo').click()
        await waitUntil(desk.gm, gmHp(desk.pcId), { equals: `${hp} / ${max}` }, RESTORE_TIMEOUT)
        await waitUntil(desk.player, playerHp(desk.pcId), { equals: `${hp}/${max}` }, RESTORE_TIMEOUT)
      },
    }
  },
}

const mapToken = (id: string) => `[data-testid="battle-map"] [data-testid="map-token"][data-combatant-id="${id}"]`

/**
 * A token dragged a metre to the right on the GM's battle map and dropped (the release is
 * timed); the token stands at its new spot on both pages' maps. Undo (untimed) puts it back,
 * so every sample starts from the same spot. Runs on its own desk, the map fixture's
 * (map-fixture.ts), whose `mover` is `desk.pcId`.
 */
export const tokenMove: PaintCommand = {
  name: 'token move',
  playersMaySeeNothing: false,
  picksItsOwnPc: true,
  how: 'a token dragged on the map and dropped',
  async prepare(desk) {
    const spotWatch: Watch = { selector: mapToken(desk.pcId), attribute: 'data-x' }
    const gmBefore = await readWatch(desk.gm, spotWatch)
    const playerBefore = await readWatch(desk.player, spotWatch)
    if (!gmBefore || !playerBefore) throw new Error(`token move: ${desk.pcId} is not on both pages' maps`)
    const svg = desk.gm.getByTestId('battle-map').getByTestId('map-svg')
    const zoom = Number((await svg.getAttribute('data-view'))?.split(' ')[2])
    const box = await desk.gm.locator(`${mapToken(desk.pcId)} circle.body`).boundingBox()
    if (!box || !(zoom > 0)) throw new Error('token move: the mover has no place on the GM map')
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    // Zoomed out over thousands of tokens, neighbours overlap on screen: the press must land on the mover.
    const onTop = await desk.gm.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.closest('[data-testid="map-token"]')?.getAttribute('data-combatant-id') ?? '',
      [from.x, from.y],
    )
    if (onTop !== desk.pcId) throw new Error(`token move: ${onTop || 'nothing'} lies over the mover ${desk.pcId}`)
    const input = await dragBetween(desk.gm, from, { x: from.x + CELL_PX * zoom, y: from.y })
    return {
      gm: { watch: spotWatch, expect: { kind: 'differs', from: gmBefore } },
      player: { watch: spotWatch, expect: { kind: 'differs', from: playerBefore } },
      input,
      restore: async () => {
        await desk.gm.getByTestId('undo').click()
        await waitUntil(desk.gm, spotWatch, { equals: gmBefore }, RESTORE_TIMEOUT)
        await waitUntil(desk.player, spotWatch, { equals: playerBefore }, RESTORE_TIMEOUT)
      },
    }
  },
}
