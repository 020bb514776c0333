import type { RequestResults } from '../../../src-shared/contract'
import { perCampaignAnswer } from '../state/per-campaign-answer.svelte'

type Choices = RequestResults['listConditions']

/** The campaign ruleset's conditions, asked once per campaign and shared by every card. */
export const conditionChoices = perCampaignAnswer<Choices>((campaign) => campaign.transportRequest('listConditions', undefined), [])
