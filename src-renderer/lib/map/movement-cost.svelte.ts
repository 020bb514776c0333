import type { CombatantId } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'
import { LatestOnly } from './latest-only'

/**
 * The ruleset's price of the move being dragged. At most one question is in flight and only
 * the latest distance (to the decimetre, as the log shows it) is asked next, so a fast drag
 * costs a handful of round trips, not one per frame.
 */
export class MovementCostQuote {
  label = $state('')
  #asked = ''
  readonly #quotes: LatestOnly<{ id: CombatantId; metres: number }, string>

  constructor(campaign: () => Pick<CampaignView, 'transportRequest'>) {
    this.#quotes = new LatestOnly(
      async (q) => {
        const r = await campaign().transportRequest('movementCost', { combatantId: q.id, metres: q.metres })
        return r.ok && r.value ? r.value.label : ''
      },
      (label) => (this.label = label),
    )
  }

  ask(id: CombatantId, metres: number): void {
    const rounded = Math.round(metres * 10) / 10
    const key = `${id}|${rounded}`
    if (key === this.#asked) return
    this.#asked = key
    this.#quotes.request({ id, metres: rounded })
  }

  /** A drag that ended (or was cancelled) keeps its cleared label, whatever answer is still on its way. */
  clear(): void {
    this.#quotes.clear()
    this.#asked = ''
    this.label = ''
  }
}
