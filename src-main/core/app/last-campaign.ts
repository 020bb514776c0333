import * as path from 'node:path'
import type { DurableFs } from '../persistence/durable-fs'

/** Which campaign Salvo reopens at start: a one-line file beside the campaigns, ignored when unreadable. */
export class LastCampaign {
  readonly #file: string

  constructor(
    private readonly fs: DurableFs,
    dataDir: string,
  ) {
    this.#file = path.join(dataDir, 'app-state.json')
  }

  read(): string | null {
    try {
      const v = JSON.parse(this.fs.readFile(this.#file)?.toString('utf8') ?? 'null') as { lastCampaignId?: unknown } | null
      return typeof v?.lastCampaignId === 'string' ? v.lastCampaignId : null
    } catch {
      return null
    }
  }

  write(campaignId: string): void {
    this.fs.writeFileAtomic(this.#file, JSON.stringify({ lastCampaignId: campaignId }))
  }
}
