import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { listBackups } from '../../../src-main/core/persistence/backups'
import { nodeDurableFs } from '../../../src-main/core/persistence/durable-fs'
import { paddedCampaign } from '../helpers/padded-campaign'

/** A campaign whose document is well past the size from which an open's backup is written in the background (1 MB), closed as a kill would. */
async function campaignOver4Mb() {
  const h = await paddedCampaign(40_000)
  h.campaign.abandon()
  return h
}

afterEach(() => vi.restoreAllMocks())

describe("the backup a large campaign's open writes in the background", () => {
  it('is finished before the campaign closes, so closing and reopening at once neither loses it nor reports an error', async () => {
    const h = await campaignOver4Mb()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const opened = () => listBackups(nodeDurableFs, h.campaign.paths).filter((b) => b.reason === 'opened')
    const before = opened().length
    for (let round = 0; round < 3; round++) {
      expect((await h.reopen()).ok).toBe(true)
      const bytes = readFileSync(h.campaign.paths.document)
      expect(bytes.length).toBeGreaterThan(4 * 1024 * 1024)
      // Closed straight away, in the same process: the next open sweeps stray temp files.
      await h.campaign.close()
      const backups = opened()
      expect(backups).toHaveLength(before + round + 1)
      expect(readFileSync(h.campaign.paths.backup(backups[0]!.name)).equals(bytes)).toBe(true)
    }
    expect(errors).not.toHaveBeenCalled()
  })

  it('stops, writing nothing, when the campaign is let go of as a kill would', async () => {
    const h = await campaignOver4Mb()
    const opened = () => listBackups(nodeDurableFs, h.campaign.paths).filter((b) => b.reason === 'opened').length
    const before = opened()
    expect((await h.reopen()).ok).toBe(true)
    h.campaign.abandon()
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(opened()).toBe(before)
  })
})
