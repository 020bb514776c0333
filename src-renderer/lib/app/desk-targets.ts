import { createContext } from 'svelte'
import type { CombatantId } from '../../../src-shared/records'

export type HpSign = '-' | '+'

/** A card's HP field just filled with D's or H's sign. */
export interface HpPrefill {
  /** The field itself, so Esc can tell whether it was pressed there. */
  readonly field: EventTarget
  /** Takes the lone sign back out; a field the GM has typed into since is left alone. */
  abandon(): void
}

/** A card's HP field: focused holding the sign, or null when the card shows no HP to edit. */
export type HpField = (sign: HpSign) => HpPrefill | null

/**
 * The attack panel brings itself into view with `attackerId` picked and the target select
 * focused; with no attacker (or one it does not list) it focuses the attacker select.
 */
export type AttackFocus = (attackerId: CombatantId | null) => void

/** The card grid: it renders only the cards in view, and can bring any other one into view. */
export interface CardGridTarget {
  holds(combatantId: CombatantId): boolean
  /** Resolves once the card is on the page (its HP field registered). */
  reveal(combatantId: CombatantId): Promise<void>
}

/** Unregisters what a panel registered; the panel calls it when it leaves the page. */
export type Release = () => void

/**
 * What the desk's shortcuts and command palette drive in panels they do not own. Each panel
 * registers a function while it is on the page and the shortcut calls it; a panel that is not
 * on the page has nothing registered, and the caller tells the GM so. The panels keep their
 * elements to themselves, so nothing here knows a selector or a test id.
 */
export class DeskTargets {
  readonly #hpFields = new Map<CombatantId, HpField>()
  #attack: AttackFocus | null = null
  #rosterSearch: (() => void) | null = null
  #squadBuilder: (() => void) | null = null
  #cardGrid: CardGridTarget | null = null
  /** The HP field D or H filled last, so Esc can take the lone sign back out. */
  #prefilled: HpPrefill | null = null

  hpField(combatantId: CombatantId, field: HpField): Release {
    this.#hpFields.set(combatantId, field)
    return () => {
      // A card remounted under the same id may have registered again before the old one left.
      if (this.#hpFields.get(combatantId) === field) this.#hpFields.delete(combatantId)
    }
  }

  cardGrid(grid: CardGridTarget): Release {
    this.#cardGrid = grid
    return () => {
      if (this.#cardGrid === grid) this.#cardGrid = null
    }
  }

  attackPanel(focus: AttackFocus): Release {
    this.#attack = focus
    return () => {
      if (this.#attack === focus) this.#attack = null
    }
  }

  rosterSearch(focus: () => void): Release {
    this.#rosterSearch = focus
    return () => {
      if (this.#rosterSearch === focus) this.#rosterSearch = null
    }
  }

  squadBuilder(open: () => void): Release {
    this.#squadBuilder = open
    return () => {
      if (this.#squadBuilder === open) this.#squadBuilder = null
    }
  }

  /** Focuses a card's HP field holding just the sign, so the GM types the amount and Enter. False: no such field on the page. */
  fillHp(combatantId: CombatantId, sign: HpSign): boolean {
    const field = this.#hpFields.get(combatantId)
    if (field) return this.#fill(field, sign)
    // A card scrolled out of view is not on the page: the grid brings it in, then it is filled.
    const grid = this.#cardGrid
    if (!grid?.holds(combatantId)) return false
    void grid.reveal(combatantId).then(() => {
      const revealed = this.#hpFields.get(combatantId)
      if (revealed) this.#fill(revealed, sign)
    })
    return true
  }

  #fill(field: HpField, sign: HpSign): boolean {
    const prefill = field(sign)
    if (!prefill) return false
    this.#prefilled = prefill
    return true
  }

  /** Esc in `field` after D or H with nothing typed: leave the field as it was, not holding a stray sign. */
  abandonPrefill(field: EventTarget | null): void {
    if (this.#prefilled && this.#prefilled.field === field) this.#prefilled.abandon()
    this.#prefilled = null
  }

  /** False: the attack panel is not on the page (no encounter, or fewer than two combatants). */
  focusAttack(attackerId: CombatantId | null): boolean {
    if (!this.#attack) return false
    this.#attack(attackerId)
    return true
  }

  /** False: the roster (which holds the squad builder) is not on the page. */
  openSquadBuilder(): boolean {
    if (!this.#squadBuilder) return false
    this.#squadBuilder()
    return true
  }

  /** False: the roster is not on the page. */
  focusRosterSearch(): boolean {
    if (!this.#rosterSearch) return false
    this.#rosterSearch()
    return true
  }
}

/** The desk (GmApp) provides one registry; its panels take it during their initialisation. */
export const [getDeskTargets, setDeskTargets] = createContext<DeskTargets>()
