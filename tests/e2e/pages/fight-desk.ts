import { expect } from '@playwright/test'
import { ActionPanel } from './action-panel'
import { AttackPanel } from './attack-panel'
import { CombatDesk } from './combat-desk'
import type { GmPage } from './gm-page'

/** The panels a scripted fight uses, and the readings every ruleset's fight takes off the desk. */
export class FightDesk {
  readonly attack: AttackPanel
  readonly actions: ActionPanel
  readonly desk: CombatDesk

  constructor(readonly gm: GmPage) {
    this.attack = new AttackPanel(gm.page)
    this.actions = new ActionPanel(gm.page)
    this.desk = new CombatDesk(gm)
  }

  /** The card's health, as a number ("21 / 30" → 21). */
  async hp(name: string): Promise<number> {
    return parseInt(await this.gm.hp(name), 10)
  }

  /** Whose turn it is, by name. */
  async current(): Promise<string> {
    return (await this.gm.ribbon.getByTestId('current-combatant').locator('.name').innerText()).trim()
  }

  /** Passes the turn and waits until the ribbon gives it to `expected`. */
  async next(expected: string): Promise<void> {
    await this.gm.nextTurn()
    await expect.poll(() => this.current()).toBe(expected)
  }
}
