import { typeMaxHp } from './gm-page'
import { expect, type Locator, type Page } from '@playwright/test'

export interface NewTemplate {
  name: string
  side?: 'party' | 'ally' | 'neutral' | 'enemy'
  kind?: 'pc' | 'npc'
  maxHp?: number
  initiativeModifier?: number
  faction?: string
  tags?: string
}

/** The roster panel in the GM console's right column: entries, spawning, saved encounters. */
export class RosterPanel {
  readonly root: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('roster-panel')
  }

  /** Expands the panel (it starts collapsed, to leave the log its room). */
  async open(): Promise<void> {
    const toggle = this.root.getByTestId('roster-toggle')
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  }

  get search(): Locator {
    return this.root.getByTestId('roster-search')
  }

  entry(name: string): Locator {
    return this.root.locator(`[data-testid="roster-entry"][data-name="${name}"]`)
  }

  /** Entry names as listed (after search and filters). */
  async names(): Promise<string[]> {
    return this.root.getByTestId('roster-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? ''))
  }

  private async fill(form: Locator, t: NewTemplate): Promise<void> {
    await form.getByTestId('template-name').fill(t.name)
    if (t.side) await form.getByTestId('template-side').selectOption(t.side)
    if (t.kind) await form.getByTestId('template-kind').selectOption(t.kind)
    if (t.maxHp !== undefined) await typeMaxHp(form, 'template', t.maxHp)
    if (t.initiativeModifier !== undefined) await form.getByTestId('template-init-mod').fill(String(t.initiativeModifier))
    if (t.faction !== undefined) await form.getByTestId('template-faction').fill(t.faction)
    if (t.tags !== undefined) await form.getByTestId('template-tags').fill(t.tags)
  }

  async create(t: NewTemplate): Promise<void> {
    await this.root.getByTestId('roster-new').click()
    const form = this.root.getByTestId('template-new-form')
    await this.fill(form, t)
    // Enter saves, as a GM would type it.
    await form.getByTestId('template-name').press('Enter')
    await expect(form).toHaveCount(0)
    await expect(this.entry(t.name)).toHaveCount(1)
  }

  /** Opens an entry's inline editor, changes fields, and saves with Enter (or cancels with Esc). */
  async edit(name: string, changes: Partial<NewTemplate>, finish: 'Enter' | 'Escape' = 'Enter'): Promise<void> {
    await this.open()
    await this.entry(name).getByTestId('roster-edit').click()
    const form = this.root.getByTestId('template-edit-form')
    await this.fill(form, { name, ...changes })
    await form.getByTestId('template-name').press(finish)
    await expect(form).toHaveCount(0)
  }

  async spawn(name: string, count: number, options: { oneRoll?: boolean; hidden?: boolean } = {}): Promise<void> {
    await this.open()
    const entry = this.entry(name)
    await entry.getByTestId('spawn-count').fill(String(count))
    await entry.getByTestId('spawn-one-roll').setChecked(options.oneRoll ?? false)
    await entry.getByTestId('spawn-hidden').setChecked(options.hidden ?? false)
    await entry.getByTestId('spawn').click()
  }

  async duplicate(name: string): Promise<void> {
    await this.open()
    await this.entry(name).getByTestId('roster-duplicate').click()
  }

  async remove(name: string): Promise<void> {
    await this.open()
    await this.entry(name).getByTestId('roster-delete').click()
    await expect(this.entry(name)).toHaveCount(0)
  }

  async filterSide(side: string): Promise<void> {
    await this.open()
    await this.root.getByTestId('roster-filter-side').selectOption(side)
  }

  async filterFaction(faction: string): Promise<void> {
    await this.open()
    await this.root.getByTestId('roster-filter-faction').selectOption(faction)
  }

  private async openPlans(): Promise<Locator> {
    await this.open()
    const section = this.root.getByTestId('saved-encounters')
    if (!(await section.isVisible())) await this.root.getByTestId('plans-toggle').click()
    return section
  }

  plan(name: string): Locator {
    return this.root.locator(`[data-testid="plan"][data-name="${name}"]`)
  }

  async saveLineUp(name: string, oneRollPerGroup = false): Promise<void> {
    const section = await this.openPlans()
    await section.getByTestId('plan-name').fill(name)
    await section.getByTestId('plan-one-roll').setChecked(oneRollPerGroup)
    await section.getByTestId('plan-save').click()
    await expect(this.plan(name)).toHaveCount(1)
  }

  async startPlan(name: string): Promise<void> {
    await this.openPlans()
    await this.plan(name).getByTestId('plan-start').click()
  }
}
