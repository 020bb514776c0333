import { expect, type Download, type Locator, type Page } from '@playwright/test'
import type { GmPage } from './gm-page'

/** The GM's desk tools: the command palette, the keyboard shortcuts and the log's filter and export. */
export class Desk {
  readonly page: Page

  constructor(readonly gm: GmPage) {
    this.page = gm.page
  }

  get palette(): Locator {
    return this.page.getByTestId('command-palette')
  }

  get paletteInput(): Locator {
    return this.page.getByTestId('palette-input')
  }

  get paletteItems(): Locator {
    return this.page.getByTestId('palette-item')
  }

  get logEntries(): Locator {
    return this.page.getByTestId('log-entry')
  }

  /** A card by its exact name ("Raider", not "Raider 2", which the page object's card() would also find). */
  cardNamed(name: string): Locator {
    return this.page.getByTestId('combatant-card').filter({ has: this.page.getByRole('heading', { name, exact: true }) })
  }

  async editHp(name: string, change: string): Promise<void> {
    const input = this.cardNamed(name).getByTestId('hp-input')
    await input.fill(change)
    await input.press('Enter')
  }

  /** The acting combatant's card, found through the ribbon's current entry. */
  async actingCard(): Promise<Locator> {
    const id = await this.gm.currentId()
    if (!id) throw new Error('no one is acting')
    return this.page.locator(`[data-testid="combatant-card"][data-combatant-id="${id}"]`)
  }

  async actingHp(): Promise<number> {
    const text = (await (await this.actingCard()).getByTestId('card-hp').textContent()) ?? ''
    return Number(text.split('/')[0]!.trim())
  }

  async openPalette(): Promise<void> {
    await this.gm.shortcut('Control+k')
    await expect(this.palette).toBeVisible()
    await expect(this.paletteInput).toBeFocused()
  }

  /** Types into the open palette, waits for the top row to be the one expected, and runs it. */
  async runInPalette(query: string, expectTop: string | RegExp, key: 'Enter' | 'Shift+Enter' = 'Enter'): Promise<void> {
    await this.paletteInput.fill(query)
    await expect(this.paletteItems.first().locator('.label')).toHaveText(expectTop)
    await this.paletteInput.press(key)
    await expect(this.palette).toHaveCount(0)
  }

  async filterLogBy(name: string): Promise<void> {
    await this.page.getByTestId('log-filter-combatant').selectOption({ label: name })
  }

  async exportLog(): Promise<{ download: Download; text: string }> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('log-export').click()])
    const stream = await download.createReadStream()
    const chunks: Buffer[] = []
    for await (const chunk of stream) chunks.push(chunk as Buffer)
    return { download, text: Buffer.concat(chunks).toString('utf8') }
  }
}
