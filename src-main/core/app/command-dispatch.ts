import type { CommandAck } from '../../../src-shared/contract'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { OpenCampaign } from '../persistence/open-campaign'
import type { AttachedWindows } from './attached-windows'
import type { CampaignSession } from './campaign-session'
import { undoLabels } from './session-info'
import type { UpkeepScheduler } from './upkeep-scheduler'

export interface DispatchDeps {
  readonly session: CampaignSession
  readonly windows: AttachedWindows
  readonly upkeep: UpkeepScheduler
}

/**
 * Runs one command on the open campaign and tells everyone who needs to know: each window its
 * diff, the session when undo's labels or the name changed, the upkeep that a command happened.
 */
export function dispatchCommand({ session, windows, upkeep }: DispatchDeps, input: unknown): Result<CommandAck> {
  const campaign = session.campaign
  const engine = session.engine
  if (!campaign || !engine) return fail('campaign/none', 'Open or create a campaign first.')
  const before = undoLabels(campaign)
  const result = engine.execute(input)
  if (!result.ok) return result
  if (result.value.repeated) return ok(result.value.ack)
  // New or edited items change cards everywhere: give every window a fresh projection.
  if (result.value.contentChanged) windows.resetViews(session)
  else windows.publish(session, result.value.changes)
  // A table that connects later should find the scene in play's masked picture already made.
  if (result.value.changes.some((c) => c.id.startsWith('scene:'))) session.prepareTablePicture()
  // A rename (or its undo) shows in every title and in the campaign list at once.
  const renamed = result.value.changes.some((c) => c.id === 'campaign')
  if (renamed) writeMeta(campaign)
  const after = undoLabels(campaign)
  if (renamed || before.undo !== after.undo || before.redo !== after.redo) windows.broadcastSession(session)
  upkeep.afterCommand(result.value.commandType)
  return ok(result.value.ack)
}

function writeMeta(campaign: OpenCampaign): void {
  try {
    campaign.writeMeta()
  } catch (e) {
    // Only the campaign list's copy of the name is stale; the campaign itself has the change.
    console.error(`Salvo could not update ${campaign.paths.meta}: ${(e as Error).message}`)
  }
}
