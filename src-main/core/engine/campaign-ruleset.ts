import type { JsonValue } from '../../../src-shared/json'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'

/** What makes a campaign's ruleset its own: the GM's items and the settings chosen. Plain data, so a worker can rebuild it. */
export interface CampaignRulesInput {
  readonly content: readonly { readonly section: string; readonly entry: JsonValue }[]
  readonly settings: Readonly<Record<string, string | number | boolean>> | null
}

export function campaignRulesInput(store: RecordReader): CampaignRulesInput {
  const campaign = store.get('campaign')
  return {
    content: store.ofType('content').map((c) => ({ section: c.section, entry: c.entry })),
    settings: campaign?.typeName === 'campaign' ? (campaign.rulesetSettings ?? null) : null,
  }
}

/** The shipped ruleset with the campaign's own content layered over it, under the campaign's settings. */
export function campaignRuleset(base: Ruleset, input: CampaignRulesInput): Ruleset {
  const withContent = base.content && input.content.length ? base.content.withCustom(input.content) : base
  return input.settings && withContent.settings ? withContent.settings.apply(input.settings) : withContent
}
