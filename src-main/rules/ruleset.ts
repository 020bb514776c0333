import type { CombatantId, InitiativeResult } from '../../src-shared/records'
import type { Dice } from '../core/dice/dice-roller'

export interface InitiativeEntrant {
  readonly id: CombatantId
  readonly name: string
  readonly initiativeModifier: number
}

/** One combatant's place in the order; the list a ruleset returns is first-to-act first. */
export interface InitiativePlacement {
  readonly combatantId: CombatantId
  readonly initiative: InitiativeResult
}

/**
 * What the core asks of a ruleset. The core and the UI never name a specific ruleset's
 * rules; they ask the campaign's ruleset. (The Compound X issue widens this interface with
 * action economy, attacks, checks, conditions and odds.)
 */
export interface Ruleset {
  readonly id: string
  readonly name: string
  /** Rolls for every entrant and returns them in acting order, ties already broken. */
  rollInitiative(entrants: readonly InitiativeEntrant[], dice: Dice): InitiativePlacement[]
}
