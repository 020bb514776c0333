import type { CampaignView } from '../state/campaign-view.svelte'
import { readPickedFile } from './campaign-files'

/**
 * Importing a campaign file, picked or dropped: whether one is being checked, and the file's
 * own problem, shown on the campaign screen where the GM is looking rather than in a toast.
 */
export class CampaignImport {
  importing = $state(false)
  problem = $state('')

  constructor(private readonly campaign: () => Pick<CampaignView, 'transportRequest'>) {}

  /** True when the file became a campaign (which is now the open one). */
  async import(file: File): Promise<boolean> {
    this.problem = ''
    this.importing = true
    try {
      const read = await readPickedFile(file)
      if (!read.ok) {
        this.problem = read.message
        return false
      }
      const r = await this.campaign().transportRequest('importCampaign', read.file)
      if (!r.ok) this.problem = r.error.message
      return r.ok
    } finally {
      this.importing = false
    }
  }
}
