import { ok } from '../../../src-shared/result'
import { perCampaignAnswer } from '../state/per-campaign-answer.svelte'
import type { DamageChoice } from './damage-edit'

/** The campaign ruleset's damage types, asked once per campaign and shared by every card. */
export const damageChoices = perCampaignAnswer<readonly DamageChoice[]>(async (campaign) => {
  const r = await campaign.transportRequest('rulesetSetup', undefined)
  return r.ok ? ok(r.value.damageTypes) : r
}, [])
