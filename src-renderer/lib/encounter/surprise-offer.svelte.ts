import type { CampaignView } from '../state/campaign-view.svelte'

/**
 * Whether the campaign's ruleset can open a fight with a surprise round (issue 14 E5), asked once
 * per campaign and shared by the encounter bar and the palette.
 */
// A plain cache on purpose: `loaded` is what tells readers to look again.
// eslint-disable-next-line svelte/prefer-svelte-reactivity
const cache = new Map<string, boolean>()
let loaded = $state(0)

export function surpriseOffered(campaign: CampaignView): boolean {
  void loaded
  const key = campaign.campaignId
  const hit = cache.get(key)
  if (hit !== undefined) return hit
  if (key) {
    cache.set(key, false)
    void campaign.transportRequest('rulesetSetup', undefined).then((r) => {
      if (r.ok) cache.set(key, r.value.surpriseRound)
      else cache.delete(key)
      loaded++
    })
  }
  return false
}
