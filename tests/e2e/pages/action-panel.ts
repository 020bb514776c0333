import { expect, type Locator, type Page } from '@playwright/test'

/** The actions panel: everything besides attacks that the rules resolve (reload, suppress, move, stabilise, checks). */
export class ActionPanel {
  readonly root: Locator

  constructor(page: Page) {
    this.root = page.getByTestId('action-panel')
  }

  /** The list of dice beside the physical-dice field, as shown, in order. */
  async plannedDice(): Promise<string[]> {
    return (await this.root.getByTestId('action-dice-plan').getByTestId('planned-die').allTextContents()).map((t) => t.trim())
  }

  /** Picks the actor and the action (by its key), an optional target, options by key, then does it. */
  async perform(
    actor: string,
    action: string,
    set: { target?: string; options?: Record<string, string | number | boolean>; dice?: string } = {},
  ): Promise<void> {
    await this.root.getByTestId('action-actor').selectOption({ label: actor })
    await this.root.getByTestId('action-key').selectOption(action)
    if (set.target) await this.root.getByTestId('action-target').selectOption({ label: set.target })
    for (const [key, value] of Object.entries(set.options ?? {})) {
      const field = this.root.getByTestId(`option-${key}`)
      if (typeof value === 'boolean') await field.locator('input').setChecked(value)
      else if (typeof value === 'number') {
        await field.locator('input').fill(String(value))
        await field.locator('input').press('Tab')
      } else await field.locator('select').selectOption(value)
    }
    if (set.dice) await this.root.getByTestId('action-typed-dice').fill(set.dice)
    await this.root.getByTestId('action-perform').click()
  }

  /** Picks the actor and the action (by its key), leaving the rest as the panel sets it. */
  async choose(actor: string, action: string): Promise<void> {
    await this.root.getByTestId('action-actor').selectOption({ label: actor })
    await this.root.getByTestId('action-key').selectOption(action)
  }

  /** Whom "On" has picked, by name ('—' for no one). */
  async target(): Promise<string> {
    return ((await this.root.getByTestId('action-target').locator('option:checked').textContent()) ?? '').trim()
  }

  /** The odds block's outcomes, label → percent as shown, once it shows this label. */
  async odds(waitFor: string): Promise<Record<string, number>> {
    await expect(this.root.locator(`[data-testid=action-odds-outcome][data-label="${waitFor}"]`)).toBeVisible()
    const out: Record<string, number> = {}
    for (const bar of await this.root.getByTestId('action-odds-outcome').all()) {
      out[(await bar.getAttribute('data-label'))!] = Number.parseFloat((await bar.locator('.value').textContent()) ?? '')
    }
    return out
  }
}
