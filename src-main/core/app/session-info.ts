import type { OpenProblem, SessionInfo } from '../../../src-shared/contract'
import type { ViewRole } from '../../../src-shared/views'
import { historyOf } from '../commands/misc-deciders'
import type { OpenCampaign } from '../persistence/open-campaign'

/** What undo and redo would walk back, for the buttons' tooltips. */
export function undoLabels(campaign: OpenCampaign | null): { undo: string | null; redo: string | null } {
  if (!campaign) return { undo: null, redo: null }
  const h = historyOf(campaign.store)
  return { undo: h.undo.at(-1)?.label ?? null, redo: h.redo.at(-1)?.label ?? null }
}

/** The session as one window may see it: problems, warnings and undo are the GM's. */
export function sessionInfo(
  role: ViewRole,
  campaign: OpenCampaign | null,
  problem: OpenProblem | null,
  warning: string | null,
  notices: readonly string[] = [],
): SessionInfo {
  const labels = role === 'gm' ? undoLabels(campaign) : { undo: null, redo: null }
  return {
    role,
    // The table gets the campaign without its last-change time, which would tick with every GM command.
    campaign: campaign ? (role === 'gm' ? campaign.summary() : { ...campaign.summary(), updatedAt: '' }) : null,
    problem: role === 'gm' ? problem : null,
    warning: role === 'gm' ? warning : null,
    notices: role === 'gm' ? notices : [],
    undoLabel: labels.undo,
    redoLabel: labels.redo,
  }
}
