import type { CombatantId } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'

/**
 * The ruleset's price of the move being dragged. At most one question is in flight and only
 * the latest distance (to the decimetre, as the log shows it) is asked next, so a fast drag
 * costs a handful of round trips, not one per frame.
 */
export class MovementCostQuote {
  label = $state('')
  #asked = ''
  #pending: { id: CombatantId; metres: number } | null = null
  #busy = false
  #generation = 0

  constructor(private readonly campaign: () => Pick<CampaignView, 'transportRequest'>) {}

  ask(id: CombatantId, metres: number): void {
    const rounded = Math.round(metres * 10) / 10
    const key = `${id}|${rounded}`
    if (key === this.#asked) return
    this.#asked = key
    this.#pending = { id, metres: rounded }
    if (!this.#busy) void this.#next()
  }

  clear(): void {
    this.#generation++
    this.#asked = ''
    this.#pending = null
    this.label = ''
  }

  async #next(): Promise<void> {
    const q = this.#pending
    if (!q) return
    this.#pending = null
    this.#busy = true
    const generation = this.#generation
    const r = await this.campaign().transportRequest('movementCost', { combatantId: q.id, metres: q.metres })
    this.#busy = false
    // A drag that ended (or was cancelled) meanwhile keeps its cleared label.
    if (generation === this.#generation) this.label = r.ok && r.value ? r.value.label : ''
    void this.#next()
  }
}
