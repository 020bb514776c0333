import { expect, type Locator, type Page } from '@playwright/test'

export interface NewCombatant {
  name: string
  side: 'party' | 'ally' | 'neutral' | 'enemy'
  kind: 'pc' | 'npc'
  maxHp: number
  initiativeModifier?: number
  hidden?: boolean
}

/**
 * Types a max HP into the one combatant form (issue 16). Where the ruleset works health out from
 * the sheet (Compound X, 2d6) the field only shows once the GM says there is no sheet yet.
 */
export async function typeMaxHp(form: Locator, ids: 'add' | 'template', maxHp: number): Promise<void> {
  await expect(form).toHaveAttribute('data-ready', 'yes')
  const noSheet = form.getByTestId(`${ids}-no-sheet`)
  if ((await noSheet.count()) > 0) await noSheet.check()
  await form.getByTestId(`${ids}-max-hp`).fill(String(maxHp))
}

/** The GM console, driven the way a GM would: by its controls and shortcuts. */
export class GmPage {
  constructor(readonly page: Page) {}

  get ribbon(): Locator {
    return this.page.getByTestId('initiative-ribbon')
  }

  /** The card whose title is exactly `name` ("Raider" is not "Raider 1"). */
  card(name: string): Locator {
    const exact = new RegExp(`^\\s*${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`)
    return this.page.getByTestId('combatant-card').filter({ has: this.page.locator('h3', { hasText: exact }) })
  }

  async createCampaign(name: string, seed: string, rulesetId?: string): Promise<void> {
    await this.page.getByTestId('campaign-name').fill(name)
    await this.page.getByTestId('campaign-seed').fill(seed)
    if (rulesetId) await this.page.getByTestId('campaign-ruleset').selectOption(rulesetId)
    await this.page.getByTestId('create-campaign').click()
    await expect(this.page.getByTestId('campaign-title')).toContainText(name)
  }

  async addCombatant(c: NewCombatant): Promise<string> {
    const form = this.page.getByTestId('add-combatant-form')
    await form.getByTestId('add-name').fill(c.name)
    await form.getByTestId('add-side').selectOption(c.side)
    await form.getByTestId('add-kind').selectOption(c.kind)
    await typeMaxHp(form, 'add', c.maxHp)
    await form.getByTestId('add-init-mod').fill(String(c.initiativeModifier ?? 0))
    await form.getByTestId('add-hidden').setChecked(c.hidden ?? false)
    // The action a lag is measured from is the Add click, not the "No sheet" tick while filling in.
    await this.page.evaluate(() => {
      const w = window as unknown as { __salvoAction?: number }
      w.__salvoAction = undefined
    })
    await form.getByTestId('add-submit').click()
    const card = this.card(c.name)
    await expect(card).toHaveCount(1)
    return (await card.getAttribute('data-combatant-id'))!
  }

  /** Opens a card's sheet editor, sets fields by key (numbers or choice values), saves. */
  async editSheet(name: string, values: Record<string, string | number>): Promise<void> {
    const card = this.card(name)
    await card.getByTestId('edit-sheet').click()
    // The sheet opens in the wide panel (a modal dialog kept in the card's markup).
    const editor = card.getByTestId('sheet-editor')
    await expect(editor.getByTestId('option-str')).toBeVisible()
    for (const [key, value] of Object.entries(values)) {
      const field = editor.getByTestId(`option-${key}`)
      if (typeof value === 'number') {
        await field.locator('input').fill(String(value))
        await field.locator('input').press('Tab')
      } else {
        await field.locator('select').selectOption(value)
      }
    }
    await editor.getByTestId('sheet-save').click()
    await expect(editor).toHaveCount(0)
  }

  /** A line of a card's rendered sheet, by its label. */
  sheetLine(name: string, label: string): Locator {
    return this.card(name).locator(`[data-testid="rules-line"][data-label="${label}"]`)
  }

  async startEncounter(): Promise<void> {
    await this.page.getByTestId('start-encounter').click()
    await expect(this.page.getByTestId('roll-initiative')).toBeVisible()
  }

  async rollInitiative(): Promise<void> {
    await this.page.getByTestId('roll-initiative').click()
    await expect(this.page.getByTestId('round-number')).toHaveText('1')
  }

  /** Starts an encounter and rolls its initiative: round 1 is running. */
  async startFight(): Promise<void> {
    await this.startEncounter()
    await this.rollInitiative()
  }

  /** Ends the encounter as a GM does: End, then confirm in the dialog that asks. */
  async endEncounter(): Promise<void> {
    await this.page.getByTestId('end-encounter').click()
    await this.page.getByTestId('end-encounter-confirm').click()
    await expect(this.page.getByTestId('start-encounter')).toBeVisible()
  }

  async nextTurn(): Promise<void> {
    await this.page.getByTestId('next-turn').click()
  }

  async toggleHidden(name: string): Promise<void> {
    await this.card(name).getByTestId('toggle-hidden').click()
  }

  async editHp(name: string, change: string): Promise<void> {
    const input = this.card(name).getByTestId('hp-input')
    await input.fill(change)
    await input.press('Enter')
  }

  async hp(name: string): Promise<string> {
    return (await this.card(name).getByTestId('card-hp').textContent())?.trim() ?? ''
  }

  /** Ribbon entries' combatant ids in displayed order. */
  async ribbonIds(): Promise<string[]> {
    return this.ribbon.getByTestId('ribbon-entry').evaluateAll((els) => els.map((e) => e.getAttribute('data-combatant-id') ?? ''))
  }

  async currentId(): Promise<string | null> {
    const current = this.ribbon.getByTestId('current-combatant')
    return (await current.count()) ? current.getAttribute('data-combatant-id') : null
  }

  /** Presses a shortcut with focus on the page body, not in a field. */
  async shortcut(keys: string): Promise<void> {
    await this.page.locator('body').click({ position: { x: 5, y: 300 } })
    await this.page.keyboard.press(keys)
  }

  /** Records the time of the GM's next click or key press, in page time (epoch ms, sub-ms). */
  async armActionClock(): Promise<void> {
    await this.page.evaluate(() => {
      const w = window as unknown as { __salvoAction?: number; __salvoArmed?: boolean }
      w.__salvoAction = undefined
      if (w.__salvoArmed) return
      w.__salvoArmed = true
      const stamp = () => {
        w.__salvoAction ??= performance.timeOrigin + performance.now()
      }
      window.addEventListener('click', stamp, { capture: true })
      window.addEventListener('keydown', stamp, { capture: true })
    })
  }

  async lastActionTime(): Promise<number> {
    const t = await this.page.evaluate(() => (window as unknown as { __salvoAction?: number }).__salvoAction)
    if (t === undefined) throw new Error('no GM action was recorded')
    return t
  }
}
