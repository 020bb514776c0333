import { expect, type Locator, type Page } from '@playwright/test'

/** The forecast panel and the autopilot bar on the GM desk (issue 17). */
export class AutopilotDeskPage {
  constructor(readonly page: Page) {}

  get forecast(): Locator {
    return this.page.getByTestId('forecast-panel')
  }

  get bar(): Locator {
    return this.page.getByTestId('autopilot-bar')
  }

  get suggestion(): Locator {
    return this.page.getByTestId('suggestion')
  }

  /** Waits for the forecast on screen to finish, within `ms`, and returns its headline. */
  async forecastDone(ms: number): Promise<string> {
    await expect(this.forecast).toHaveAttribute('data-state', 'done', { timeout: ms })
    return (await this.forecast.getByTestId('forecast-headline').textContent())?.trim() ?? ''
  }

  /** Picks how many fights a forecast plays (by the option's value: '' is the core's default). */
  async setFights(fights: number | ''): Promise<void> {
    await this.forecast.getByTestId('forecast-fights').selectOption(String(fights))
  }

  /** The undo button's label, the log's length and every card's HP: what a forecast must leave alone. */
  async campaignState(): Promise<{ undo: string | null; log: number; hp: string[] }> {
    return {
      undo: await this.page.getByTestId('undo').getAttribute('title'),
      log: await this.page.getByTestId('log-entry').count(),
      hp: await this.page.getByTestId('card-hp').allTextContents(),
    }
  }
}
