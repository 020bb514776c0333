import type { CampaignView } from '../state/campaign-view.svelte'
import type { DamageChoice } from './damage-edit'

/** The campaign ruleset's damage types, asked once per campaign and shared by every card. */
// A plain cache on purpose: `loaded` is what tells readers to look again.
// eslint-disable-next-line svelte/prefer-svelte-reactivity
const cache = new Map<string, readonly DamageChoice[]>()
let loaded = $state(0)

export function damageChoices(campaign: CampaignView): readonly DamageChoice[] {
  void loaded
  const key = campaign.session?.campaign?.id ?? ''
  const hit = cache.get(key)
  if (hit) return hit
  if (key) {
    cache.set(key, [])
    void campaign.transportRequest('rulesetSetup', undefined).then((r) => {
      if (r.ok) cache.set(key, r.value.damageTypes)
      else cache.delete(key)
      loaded++
    })
  }
  return []
}
