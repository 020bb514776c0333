import * as path from 'node:path'
import type { CampaignSummary } from '../../../src-shared/contract'
import type { DurableFs } from './durable-fs'

/** Enough for any real table; stops the index growing with campaigns long deleted. */
const MAX_ENTRIES = 200

/**
 * When each campaign was last opened, in `<data>/recent.json`. Only the order of the
 * campaign list depends on it, so a missing or damaged index is treated as empty (and
 * rewritten on the next open) rather than stopping anything.
 */
export class RecentCampaigns {
  constructor(
    private readonly fs: DurableFs,
    private readonly dataDir: string,
  ) {}

  get file(): string {
    return path.join(this.dataDir, 'recent.json')
  }

  /** Campaign id → ISO time it was last opened; unreadable entries are skipped. */
  read(): Map<string, string> {
    const out = new Map<string, string>()
    let value: unknown
    try {
      value = JSON.parse(this.fs.readFile(this.file)?.toString('utf8') ?? '{}')
    } catch {
      return out
    }
    const opened = typeof value === 'object' && value !== null ? (value as { opened?: unknown }).opened : null
    if (typeof opened !== 'object' || opened === null || Array.isArray(opened)) return out
    for (const [id, at] of Object.entries(opened)) {
      if (/^[a-z0-9-]{1,80}$/.test(id) && typeof at === 'string' && !Number.isNaN(Date.parse(at))) out.set(id, at)
    }
    return out
  }

  markOpened(campaignId: string, at: Date): void {
    const entries = [...this.read()].filter(([id]) => id !== campaignId)
    entries.unshift([campaignId, at.toISOString()])
    entries.sort((a, b) => Date.parse(b[1]) - Date.parse(a[1]))
    const opened = Object.fromEntries(entries.slice(0, MAX_ENTRIES))
    this.fs.writeFileAtomic(this.file, JSON.stringify({ version: 1, opened }))
  }

  /**
   * Most recently opened first. Campaigns never opened since the index existed follow, by
   * their last change, so a data folder from an older Salvo still lists sensibly.
   */
  order(campaigns: readonly CampaignSummary[]): CampaignSummary[] {
    const opened = this.read()
    const time = (s: string | undefined) => (s ? Date.parse(s) || 0 : 0)
    return campaigns
      .map((c) => {
        const at = opened.get(c.id)
        return at ? { ...c, openedAt: at } : { ...c }
      })
      .sort(
        (a, b) =>
          time(b.openedAt) - time(a.openedAt) ||
          time(b.updatedAt) - time(a.updatedAt) ||
          a.name.localeCompare(b.name) ||
          (a.id < b.id ? -1 : 1),
      )
  }
}
