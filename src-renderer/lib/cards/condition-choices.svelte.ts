import type { RequestResults } from '../../../src-shared/contract'
import type { CampaignView } from '../state/campaign-view.svelte'

type Choices = RequestResults['listConditions']

/** The campaign ruleset's conditions, asked once per campaign and shared by every card. */
// A plain cache on purpose: `loaded` is what tells readers to look again.
// eslint-disable-next-line svelte/prefer-svelte-reactivity
const cache = new Map<string, Choices>()
let loaded = $state(0)

export function conditionChoices(campaign: CampaignView): Choices {
  void loaded
  const key = campaign.session?.campaign?.id ?? ''
  const hit = cache.get(key)
  if (hit) return hit
  if (key) {
    cache.set(key, [])
    void campaign.transportRequest('listConditions', undefined).then((r) => {
      if (r.ok) cache.set(key, r.value)
      else cache.delete(key)
      loaded++
    })
  }
  return []
}
