import { expect, type Locator, type Page } from '@playwright/test'
import type { GmPage } from './gm-page'

export type Lasting = { rounds: number } | { startOf: string } | { endOf: string } | 'indefinite'

/** The turn-keeping parts of the GM console: conditions on cards, pips, delay and hold, the ribbon's drag and forecast. */
export class CombatDesk {
  readonly page: Page
  constructor(private readonly gm: GmPage) {
    this.page = gm.page
  }

  async addCondition(name: string, condition: string, lasting: Lasting): Promise<void> {
    const card = this.gm.card(name)
    await card.getByTestId('add-condition').click()
    await card.getByTestId('condition-select').selectOption({ label: condition })
    if (lasting === 'indefinite') await card.getByTestId('condition-duration').selectOption('indefinite')
    else if ('rounds' in lasting) {
      await card.getByTestId('condition-duration').selectOption('rounds')
      await card.getByTestId('condition-rounds').fill(String(lasting.rounds))
    } else {
      await card.getByTestId('condition-duration').selectOption('startOf' in lasting ? 'turnStart' : 'turnEnd')
      await card.getByTestId('condition-of').selectOption({ label: 'startOf' in lasting ? lasting.startOf : lasting.endOf })
    }
    await card.getByTestId('condition-apply').click()
    await expect(card.getByTestId('condition-chip').filter({ hasText: condition })).toBeVisible()
  }

  conditions(name: string): Promise<string[]> {
    return this.gm
      .card(name)
      .getByTestId('condition-chip')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-condition') ?? ''))
  }

  async left(name: string, pool: string): Promise<number> {
    return Number(await this.gm.card(name).getByTestId(`pool-${pool}`).getAttribute('data-left'))
  }

  entry(id: string): Locator {
    return this.gm.ribbon.locator(`[data-testid=ribbon-entry][data-combatant-id="${id}"]`)
  }

  async dragBefore(movingId: string, beforeId: string): Promise<void> {
    await this.entry(movingId).dragTo(this.entry(beforeId), { targetPosition: { x: 10, y: 20 } })
  }

  async forecastNames(): Promise<string[]> {
    return this.gm.ribbon
      .getByTestId('forecast-turn')
      .evaluateAll((els) => els.map((e) => (e.textContent ?? '').replace(/◷\d+$/, '').trim()))
  }
}
