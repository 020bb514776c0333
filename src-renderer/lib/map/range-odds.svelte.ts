import type { CombatantId } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'
import { isPositionRefusal } from '../attack/act-positions'

/**
 * The ruleset's word on a hovered target (range band, the chance that matters, or why it
 * cannot be hit), asked once per attacker/target pair and campaign version — never per frame.
 */
export class RangeOdds {
  text = $state('')
  outOfReach = $state(false)
  #asked = ''

  constructor(private readonly campaignOf: () => CampaignView) {}

  ask(attackerId: CombatantId, targetId: CombatantId): void {
    const campaign = this.campaignOf()
    const key = `${attackerId}>${targetId}@${campaign.view.version}`
    if (key === this.#asked) return
    this.#asked = key
    void campaign.transportRequest('previewAttack', { request: { attackerId, targetId, weapon: 0, mode: '', options: {} } }).then((r) => {
      if (key !== this.#asked) return
      if (!r.ok) {
        // A refusal over where the two stand is the core's word on the hovered target, distance and all.
        const positions = isPositionRefusal(r.error.code)
        this.text = positions ? r.error.message : ''
        this.outOfReach = positions
      } else {
        this.outOfReach = r.value.blocked !== null
        this.text = r.value.blocked ?? r.value.headline ?? ''
      }
    })
  }
}
