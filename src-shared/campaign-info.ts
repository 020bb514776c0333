/* What the core tells a window about campaigns on disk: the list, a file, backups, a failed open. */

export interface CampaignSummary {
  readonly id: string
  readonly name: string
  readonly rulesetId: string
  readonly updatedAt: string
  /** When the GM last opened it (the recent list's order); absent if never recorded. */
  readonly openedAt?: string
}

/** A whole campaign as one file, for the GM to keep or carry to another machine. */
export interface CampaignFile {
  readonly fileName: string
  readonly text: string
}

/**
 * The largest campaign file Salvo imports or exports; windows check it too, before sending a
 * byte. The records alone are rarely more than a few MB: the room is for the scene images a
 * file carries (base64, so 4/3 of their size), a handful of large battle maps.
 */
export const MAX_CAMPAIGN_FILE_BYTES = 128 * 1024 * 1024

export interface BackupInfo {
  readonly name: string
  readonly createdAt: string
  readonly bytes: number
  /** Why it was taken: 'opened', 'closed', 'periodic', 'encounter-end', 'before-migration-v1', … */
  readonly reason: string
}

/** Why a campaign could not be opened, with what the GM can do about it. */
export interface OpenProblem {
  readonly campaignId: string
  readonly code: string
  readonly message: string
  readonly file: string
  readonly backups: readonly BackupInfo[]
}
