import { expect, type Locator, type Page } from '@playwright/test'

/** The attack panel: set-up, live odds, resolve. */
export class AttackPanel {
  readonly root: Locator

  constructor(page: Page) {
    this.root = page.getByTestId('attack-panel')
  }

  async choose(attacker: string, target: string): Promise<void> {
    await this.root.getByTestId('attack-attacker').selectOption({ label: attacker })
    await this.root.getByTestId('attack-target').selectOption({ label: target })
  }

  async setNumber(key: string, value: number): Promise<void> {
    const input = this.root.getByTestId(`option-${key}`).locator('input')
    // A set-up just changed (mode, weapon) redraws the options when its preview lands; a fill
    // that straddles the redraw types after the old value ("30" + "100"), so it is checked and redone.
    await expect(async () => {
      await input.fill(String(value))
      await expect(input).toHaveValue(String(value), { timeout: 500 })
    }).toPass({ timeout: 10_000 })
    await input.press('Tab')
  }

  async setChoice(key: string, value: string): Promise<void> {
    await this.root.getByTestId(`option-${key}`).locator('select').selectOption(value)
  }

  /** Outcome label → displayed probability in percent. */
  async outcomes(): Promise<Record<string, number>> {
    return this.root
      .getByTestId('odds-outcome')
      .evaluateAll((els) =>
        Object.fromEntries(
          els.map((e) => [e.getAttribute('data-label') ?? '', parseFloat(e.querySelector('.value')?.textContent ?? 'NaN')]),
        ),
      )
  }

  /** The physical-dice field, the list of dice beside it, and the refusal shown under it. */
  get diceField(): Locator {
    return this.root.getByTestId('attack-typed-dice')
  }

  get dicePlan(): Locator {
    return this.root.getByTestId('attack-dice-plan')
  }

  get diceRefusal(): Locator {
    return this.root.getByTestId('attack-dice-refusal')
  }

  /** The dice the plan lists, as shown ("✓ d10 accuracy 9", "d100 armour"…), in order. */
  async plannedDice(): Promise<string[]> {
    return (await this.dicePlan.getByTestId('planned-die').allTextContents()).map((t) => t.trim())
  }

  async setRollRest(on: boolean): Promise<void> {
    await this.root.getByTestId('attack-roll-rest').setChecked(on)
  }

  async resolve(typedDice?: string): Promise<void> {
    if (typedDice) await this.root.getByTestId('attack-typed-dice').fill(typedDice)
    await this.root.getByTestId('attack-resolve').click()
  }
}
