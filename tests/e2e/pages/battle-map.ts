import { expect, type Locator, type Page } from '@playwright/test'

export interface Metres {
  x: number
  y: number
}

/** The battle map, on the GM desk or the player screen: positions are asked for in metres, as a GM thinks. */
export class BattleMapPage {
  readonly root: Locator
  readonly svg: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('battle-map')
    this.svg = this.root.getByTestId('map-svg')
  }

  /** GM: swap the cards for the map. */
  async open(): Promise<void> {
    await this.page.getByTestId('show-map').click()
    await expect(this.root).toBeVisible()
  }

  /** GM: swaps the cards for the map and makes a new scene to play on. */
  async openOn(sceneName: string): Promise<void> {
    await this.open()
    await this.createScene(sceneName)
  }

  /** Imports a background through the scene bar's file picker. */
  async importImage(fileName: string, mimeType: string, buffer: Buffer): Promise<void> {
    if ((await this.page.getByTestId('image-import-file').count()) === 0) await this.root.getByTestId('scene-image').click()
    await this.page.getByTestId('image-import-file').setInputFiles({ name: fileName, mimeType, buffer })
  }

  async createScene(name: string): Promise<void> {
    await this.root.getByTestId('scene-new').click()
    await this.root.getByTestId('scene-new-name').fill(name)
    await this.root.getByTestId('scene-create').click()
    await expect(this.root.getByTestId('scene-select').locator('option:checked')).toHaveText(new RegExp(`${name}$`))
  }

  async calibrateSquare(cellPx: number, metresPerCell: number): Promise<void> {
    await this.root.getByTestId('scene-calibrate').click()
    const form = this.root.getByTestId('grid-calibration')
    await form.getByTestId('grid-kind').selectOption('square')
    await form.getByTestId('grid-cell-px').fill(String(cellPx))
    await form.getByTestId('grid-metres-per-cell').fill(String(metresPerCell))
    await form.getByTestId('grid-apply').click()
    await expect(form).toHaveCount(0)
    await expect(this.svg).toHaveAttribute('data-px-per-metre', String(cellPx / metresPerCell))
  }

  /** The screen point of a spot on the map, from the map's own pan, zoom and calibration. */
  async screenPoint(m: Metres): Promise<{ x: number; y: number }> {
    const box = (await this.svg.boundingBox())!
    const [vx, vy, k] = (await this.svg.getAttribute('data-view'))!.split(' ').map(Number) as [number, number, number]
    const s = Number(await this.svg.getAttribute('data-px-per-metre'))
    return { x: box.x + vx + m.x * s * k, y: box.y + vy + m.y * s * k }
  }

  unplaced(name: string): Locator {
    return this.root.getByTestId('unplaced-combatant').and(this.page.locator(`[data-name="${name}"]`))
  }

  token(name: string): Locator {
    return this.root.locator(`[data-testid="map-token"][data-name="${name}"]`)
  }

  /** Select a combatant in the unplaced strip, then click the map where it stands. */
  async place(name: string, at: Metres): Promise<void> {
    await this.unplaced(name).click()
    const p = await this.screenPoint(at)
    await this.page.mouse.click(p.x, p.y)
    await expect(this.token(name)).toHaveCount(1)
  }

  /** The centre of a token on screen. */
  async tokenCentre(name: string): Promise<{ x: number; y: number }> {
    const box = (await this.token(name).locator('circle.body').boundingBox())!
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 }
  }

  /** Presses on a token and drags it to a spot, leaving the button down (the caller reads the readout, then drops or cancels). */
  async startDrag(name: string, to: Metres): Promise<void> {
    const from = await this.tokenCentre(name)
    const target = await this.screenPoint(to)
    await this.page.mouse.move(from.x, from.y)
    await this.page.mouse.down()
    await this.page.mouse.move(target.x, target.y, { steps: 8 })
  }

  /** The canvas a token drag is drawn on (path, ghost, readout); its accessible name is the readout's words. */
  get dragLayer(): Locator {
    return this.root.getByTestId('drag-layer')
  }

  /** What the drag's readout says ('' with no drag). */
  async dragReadout(): Promise<string> {
    return (await this.dragLayer.getAttribute('aria-label')) ?? ''
  }

  /**
   * How many pixels the drag layer has drawn in a box of the page (page pixels, centred on `at`):
   * what the GM sees of the drag, read from the canvas itself.
   */
  async dragInkNear(at: { x: number; y: number }, half: { w: number; h: number }): Promise<number> {
    return this.dragLayer.evaluate(
      (el, [cx, cy, hw, hh]) => {
        const canvas = el as HTMLCanvasElement
        const r = canvas.getBoundingClientRect()
        const sx = canvas.width / r.width
        const sy = canvas.height / r.height
        const x = Math.max(0, Math.floor((cx - hw - r.left) * sx))
        const y = Math.max(0, Math.floor((cy - hh - r.top) * sy))
        const w = Math.min(canvas.width - x, Math.ceil(2 * hw * sx))
        const h = Math.min(canvas.height - y, Math.ceil(2 * hh * sy))
        if (w <= 0 || h <= 0) return 0
        const data = canvas.getContext('2d')!.getImageData(x, y, w, h).data
        let n = 0
        for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++
        return n
      },
      [at.x, at.y, half.w, half.h] as const,
    )
  }

  get distanceReadout(): Locator {
    return this.root.getByTestId('map-distance')
  }

  async tokenIds(): Promise<string[]> {
    return this.root.getByTestId('map-token').evaluateAll((els) => els.map((e) => e.getAttribute('data-combatant-id') ?? ''))
  }

  /** With the fog tool on, drags a rectangle between two spots (Shift held hides instead of revealing), seeing it drawn on the way. */
  async fogDrag(from: Metres, to: Metres, hide = false): Promise<void> {
    const a = await this.screenPoint(from)
    const b = await this.screenPoint(to)
    if (hide) await this.page.keyboard.down('Shift')
    await this.page.mouse.move(a.x, a.y)
    await this.page.mouse.down()
    await this.page.mouse.move(b.x, b.y, { steps: 6 })
    // While drawn, the area is on the drag layer, filled (faintly) all across.
    await expect(this.dragLayer).toHaveAttribute('data-drawing', 'fog')
    expect(await this.dragInkNear({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, { w: 2, h: 2 })).toBeGreaterThan(0)
    await this.page.mouse.up()
    if (hide) await this.page.keyboard.up('Shift')
  }

  /** Where a spot on the map is, relative to the centre of the map on screen (0, 0 is dead centre). */
  async offsetFromCentre(m: Metres): Promise<{ dx: number; dy: number }> {
    const box = (await this.svg.boundingBox())!
    const p = await this.screenPoint(m)
    return { dx: p.x - (box.x + box.width / 2), dy: p.y - (box.y + box.height / 2) }
  }

  /** An area template on this map by its label as drawn ("Grenade 3 m"). */
  areaMark(label: string): Locator {
    return this.root.locator(`[data-testid="area-mark"][data-label="${label}"]`)
  }

  /** Turns the template tool on (if it is off), sets the next template's label, radius and hiding, and clicks it onto the map. */
  async placeArea(at: Metres, t: { label: string; radius: number; hidden?: boolean }): Promise<void> {
    const bar = this.root.getByTestId('area-bar')
    // With a template picked the bar edits that one: Esc drops the pick (and the tool, turned on again below).
    if ((await bar.getByTestId('area-remove').count()) > 0) await this.page.keyboard.press('Escape')
    if ((await bar.count()) === 0) await this.root.getByTestId('area-tool').click()
    await expect(bar.getByTestId('area-remove')).toHaveCount(0)
    await bar.getByTestId('area-label').fill(t.label)
    await bar.getByTestId('area-label').press('Tab')
    await bar.getByTestId('area-radius').fill(String(t.radius))
    await bar.getByTestId('area-radius').press('Tab')
    await bar.getByTestId('area-hidden').setChecked(t.hidden ?? false)
    const p = await this.screenPoint(at)
    await this.page.mouse.click(p.x, p.y)
  }

  /** With the template tool on, drags a template by its centre to another spot. */
  async dragArea(label: string, to: Metres): Promise<void> {
    const dot = (await this.areaMark(label).locator('circle.centre').boundingBox())!
    const target = await this.screenPoint(to)
    await this.page.mouse.move(dot.x + dot.width / 2, dot.y + dot.height / 2)
    await this.page.mouse.down()
    await this.page.mouse.move(target.x, target.y, { steps: 8 })
    // On its way it is drawn on the drag layer under the pointer (its centre dot there), named by its label.
    await expect(this.dragLayer).toHaveAttribute('data-drawing', 'area')
    await expect(this.dragLayer).toHaveAttribute('aria-label', new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))
    expect(await this.dragInkNear(target, { w: 2, h: 2 })).toBeGreaterThan(0)
    await this.page.mouse.up()
  }

  /** Right-clicks a token: its menu of actions that need no target. */
  async openTokenMenu(name: string): Promise<Locator> {
    const c = await this.tokenCentre(name)
    await this.page.mouse.click(c.x, c.y, { button: 'right' })
    const menu = this.root.getByTestId('token-menu')
    await expect(menu).toHaveAttribute('data-name', name)
    return menu
  }

  /** Names of the tokens marked out of the picked weapon's reach. */
  async outOfReach(): Promise<string[]> {
    return this.root
      .locator('[data-testid="map-token"][data-out-of-reach]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? '').sort())
  }

  /** Walls tool: turns it on if it is off and picks the next wall's kind ("wall", "low", "window", "door", "secret"). */
  async wallKind(pick: string): Promise<void> {
    const bar = this.root.getByTestId('wall-bar')
    if ((await bar.count()) === 0) await this.root.getByTestId('wall-tool').click()
    await bar.getByTestId('wall-kind').selectOption(pick)
    await expect(bar.getByTestId('wall-kind')).toHaveValue(pick)
  }

  /** Walls tool: clicks each corner in turn, seeing the line drawn grow, then Enter. */
  async drawWall(corners: readonly Metres[]): Promise<void> {
    for (const [i, m] of corners.entries()) {
      const p = await this.screenPoint(m)
      await this.page.mouse.click(p.x, p.y)
      if (i > 0) await expect(this.root.getByTestId('wall-draft')).toHaveAttribute('data-corners', String(i + 1))
    }
    await this.page.keyboard.press('Enter')
    await expect(this.root.getByTestId('wall-draft')).toHaveCount(0)
  }

  /** Presses at one spot and drags to another (with steps, so the map sees a drag, not a click). */
  async dragFromTo(from: Metres, to: Metres): Promise<void> {
    const a = await this.screenPoint(from)
    const b = await this.screenPoint(to)
    await this.page.mouse.move(a.x, a.y)
    await this.page.mouse.down()
    await this.page.mouse.move(b.x, b.y, { steps: 8 })
    await this.page.mouse.up()
  }

  /** A door's handle on this map, by the wall's id. */
  doorHandle(wallId: string): Locator {
    return this.root.locator(`[data-testid="door-handle"][data-wall-id="${wallId}"]`)
  }
}
