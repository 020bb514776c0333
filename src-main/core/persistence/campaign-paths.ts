import * as path from 'node:path'

/** Where one campaign's files live inside the data folder. */
export class CampaignPaths {
  constructor(
    readonly dataDir: string,
    readonly campaignId: string,
  ) {}

  static campaignsDir(dataDir: string): string {
    return path.join(dataDir, 'campaigns')
  }

  get dir(): string {
    return path.join(CampaignPaths.campaignsDir(this.dataDir), this.campaignId)
  }
  get document(): string {
    return path.join(this.dir, 'campaign.json')
  }
  get journal(): string {
    return path.join(this.dir, 'journal.log')
  }
  get meta(): string {
    return path.join(this.dir, 'meta.json')
  }
  get backupsDir(): string {
    return path.join(this.dir, 'backups')
  }
  backup(name: string): string {
    return path.join(this.backupsDir, name)
  }
  /** Scene images, content-addressed (`<sha256>.<ext>`), so the campaign folder carries them. */
  get assetsDir(): string {
    return path.join(this.dir, 'assets')
  }
  asset(name: string): string {
    return path.join(this.assetsDir, name)
  }
  /** Closed encounters' log entries, one append-only file per encounter (issue 15). */
  get logArchiveDir(): string {
    return path.join(this.dir, 'log-archive')
  }
  logArchive(fileName: string): string {
    return path.join(this.logArchiveDir, fileName)
  }
  /** The table's masked copies of fogged maps: a cache, remade whenever missing. */
  get tableImagesDir(): string {
    return path.join(this.dir, 'table-images')
  }
}

/** A filesystem-safe, sortable timestamp: 2026-11-22T05-10-00-123Z. */
export function fileStamp(d: Date): string {
  return d.toISOString().replace(/[:.]/g, '-')
}
