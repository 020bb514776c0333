import type { CampaignRecord } from '../../../src-shared/records'

/** A campaign record with the given name, for tests of diffs and view sync. */
export const campaignRecord = (name: string): CampaignRecord => ({
  typeName: 'campaign',
  id: 'campaign',
  name,
  rulesetId: 'generic-d100',
  createdAt: '2026-11-22T00:00:00.000Z',
})
