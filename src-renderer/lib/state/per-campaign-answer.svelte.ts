import type { Result } from '../../../src-shared/result'
import type { CampaignView } from './campaign-view.svelte'

/**
 * One answer from the core per open campaign (its ruleset's conditions, its damage types…),
 * asked once and shared by every card that reads it. Until it arrives, and if asking fails,
 * readers get `empty`; a failed ask is tried again on the next read.
 */
export function perCampaignAnswer<T>(ask: (campaign: CampaignView) => Promise<Result<T>>, empty: T): (campaign: CampaignView) => T {
  // A plain cache on purpose: `loaded` is what tells readers to look again.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  const cache = new Map<string, T>()
  let loaded = $state(0)
  return (campaign) => {
    void loaded
    const key = campaign.campaignId
    if (cache.has(key)) return cache.get(key)!
    if (key) {
      cache.set(key, empty)
      void ask(campaign).then((r) => {
        if (r.ok) cache.set(key, r.value)
        else cache.delete(key)
        loaded++
      })
    }
    return empty
  }
}
