import { fail, ok } from '../../../src-shared/result'
import type { Decider } from './decide-context'

/**
 * Renaming is an ordinary command (journaled, undoable) rather than a file operation: the
 * name lives in the campaign record, so the list, the title and exports all follow it.
 */
export const renameCampaign: Decider<'campaign/rename'> = (ctx, p) => {
  const campaign = ctx.state.get('campaign')
  if (campaign?.typeName !== 'campaign') return fail('campaign/missing', 'This campaign has no campaign record to rename.')
  // An empty undo step would make Ctrl+Z appear to do nothing.
  if (campaign.name === p.name) return fail('campaign/sameName', `The campaign is already called "${p.name}".`)
  return ok({ label: 'Rename campaign', events: [{ type: 'campaign/renamed', name: p.name }] })
}
