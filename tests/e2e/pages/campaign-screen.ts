import { readFileSync } from 'node:fs'
import { expect, type Locator, type Page } from '@playwright/test'

export interface SavedFile {
  readonly fileName: string
  readonly text: string
}

/** The campaign screen: the open campaign (rename, export, backups), the recent list, import. */
export class CampaignScreen {
  constructor(readonly page: Page) {}

  get root(): Locator {
    return this.page.getByTestId('campaign-screen')
  }

  get currentName(): Locator {
    return this.page.getByTestId('current-name')
  }

  get importProblem(): Locator {
    return this.page.getByTestId('import-problem')
  }

  get backups(): Locator {
    return this.page.getByTestId('backup-row')
  }

  /** From the fight: the campaign title in the top bar opens this screen. */
  async open(): Promise<void> {
    await this.page.getByTestId('campaign-title').click()
    await expect(this.root).toBeVisible()
  }

  async backToFight(): Promise<void> {
    await this.page.getByTestId('back-to-fight').click()
    await expect(this.root).toHaveCount(0)
  }

  async startRename(name: string): Promise<Locator> {
    await this.page.getByTestId('rename-campaign').click()
    const input = this.page.getByTestId('rename-input')
    await expect(input).toBeFocused()
    await input.fill(name)
    return input
  }

  async rename(name: string): Promise<void> {
    await (await this.startRename(name)).press('Enter')
    await expect(this.currentName).toHaveText(name)
  }

  /** Exports through the button and reads back what the browser saved. */
  async export(): Promise<SavedFile> {
    const [download] = await Promise.all([this.page.waitForEvent('download'), this.page.getByTestId('export-campaign').click()])
    const saved = await download.path()
    return { fileName: download.suggestedFilename(), text: readFileSync(saved, 'utf8') }
  }

  /** Imports through the file picker. */
  async importFile(file: SavedFile): Promise<void> {
    await this.page
      .getByTestId('import-campaign-file')
      .setInputFiles({ name: file.fileName, mimeType: 'application/json', buffer: Buffer.from(file.text, 'utf8') })
  }

  /** Imports by dropping the file onto the screen, as from a file manager. */
  async dropFile(file: SavedFile): Promise<void> {
    await this.root.drop({ files: { name: file.fileName, mimeType: 'application/json', buffer: Buffer.from(file.text, 'utf8') } })
  }

  async recentNames(): Promise<string[]> {
    return this.page.getByTestId('open-campaign').locator('strong').allTextContents()
  }

  /** Restores the backup in the given row, answering the confirmation. */
  async restoreBackup(row: Locator): Promise<void> {
    await row.getByTestId('backup-restore').click()
    await row.getByTestId('backup-confirm').click()
  }
}
