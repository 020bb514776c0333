import { ok } from '../../../src-shared/result'
import { perCampaignAnswer } from '../state/per-campaign-answer.svelte'

/**
 * Whether the campaign's ruleset works max health out from the sheet (issue 16), asked once per
 * campaign; null until the core answers, so a form shows neither Max HP nor a derived value yet.
 */
export const derivesMaxHp = perCampaignAnswer<boolean | null>(async (campaign) => {
  const r = await campaign.transportRequest('rulesetSetup', undefined)
  return r.ok ? ok(r.value.derivesMaxHp) : r
}, null)
