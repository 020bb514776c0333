import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import {
  MESSAGE_CHANNEL,
  requestChannel,
  type RequestInputs,
  type RequestName,
  type RequestResults,
  type SalvoApi,
  type ServerMessage,
} from '../../../src-shared/contract'
import type { Result } from '../../../src-shared/result'

/**
 * The whole surface a window gets: `window.salvo`, one method per request plus `subscribe`.
 * It runs sandboxed (only `electron` can be required), so it is bundled whole; the contract
 * module it imports holds no runtime dependencies (the zod schemas live in request-schemas.ts),
 * which keeps the preload tiny. It it never hands the page `ipcRenderer` or an IPC event,
 * either of which would let page script reach channels other than ours.
 */

function request<N extends RequestName>(name: N): (input: RequestInputs[N]) => Promise<Result<RequestResults[N]>> {
  const channel = requestChannel(name)
  return (input) =>
    // Main answers every request with a Result; a rejection here means IPC itself failed
    // (no handler yet, window closing), and the page should see that as a Result too.
    (ipcRenderer.invoke(channel, input) as Promise<Result<RequestResults[N]>>).catch(() => ({
      ok: false as const,
      error: { code: 'ipc/unavailable', message: `Salvo could not reach the core for ${name}; try again in a moment.` },
    }))
}

// Annotated as SalvoApi so a request added to the contract without a method here, or a
// method here that the contract does not know, is a compile error.
const api: SalvoApi = {
  dispatch: request('dispatch'),
  snapshot: request('snapshot'),
  session: request('session'),
  listCampaigns: request('listCampaigns'),
  createCampaign: request('createCampaign'),
  openCampaign: request('openCampaign'),
  restoreBackup: request('restoreBackup'),
  listBackups: request('listBackups'),
  exportCampaign: request('exportCampaign'),
  importCampaign: request('importCampaign'),
  listRulesets: request('listRulesets'),
  previewAttack: request('previewAttack'),
  previewReach: request('previewReach'),
  previewAction: request('previewAction'),
  sheetForm: request('sheetForm'),
  listActions: request('listActions'),
  listConditions: request('listConditions'),
  rulesetSetup: request('rulesetSetup'),
  previewMove: request('previewMove'),
  movementCost: request('movementCost'),
  importSceneImage: request('importSceneImage'),
  listDisplays: request('listDisplays'),
  chooseDisplay: request('chooseDisplay'),
  importPortrait: request('importPortrait'),
  importUvtt: request('importUvtt'),
  rosterTemplate: request('rosterTemplate'),
  listLogArchives: request('listLogArchives'),
  readLogArchive: request('readLogArchive'),
  readEarlierLog: request('readEarlierLog'),
  sheetDraft: request('sheetDraft'),
  forecastStart: request('forecastStart'),
  forecastCancel: request('forecastCancel'),
  autopilotSuggest: request('autopilotSuggest'),
  autopilotRun: request('autopilotRun'),
  dicePlan: request('dicePlan'),
  balanceStart: request('balanceStart'),
  balanceCancel: request('balanceCancel'),
  planBadge: request('planBadge'),
  subscribe(listener: (message: ServerMessage) => void): () => void {
    const forward = (_event: IpcRendererEvent, message: ServerMessage) => listener(message)
    ipcRenderer.on(MESSAGE_CHANNEL, forward)
    return () => {
      ipcRenderer.removeListener(MESSAGE_CHANNEL, forward)
    }
  },
}

contextBridge.exposeInMainWorld('salvo', api)
