import type { CombatantId } from '../../../src-shared/records'
import type { CampaignView } from '../state/campaign-view.svelte'
import { rangeWord } from './range-word'
import { noLineWords } from './reach-verdicts'

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
      const word = rangeWord(r)
      // Behind a wall the word says so first (SR-CORE-30).
      this.text = word.outOfReach ? noLineWords(word.text) : word.text
      this.outOfReach = word.outOfReach
    })
  }
}
