import { MAX_CAMPAIGN_FILE_BYTES, type RequestResults } from '../../../src-shared/contract'
import { fail, ok, type Result } from '../../../src-shared/result'
import { assetFileName, describeBytes } from '../../../src-shared/scene-assets'
import { AssetStore } from '../assets/asset-store'
import type { DurableFs } from '../persistence/durable-fs'
import type { OpenCampaign } from '../persistence/open-campaign'
import { referencedAssets } from './campaign-assets'
import { writeCampaignFile } from './campaign-file'
import { readLogArchives } from './campaign-log-archive'

/** The campaign, the images it points at and its closed encounters' archived logs; refused, not written, when it would be too big to import again. */
export function exportCampaign(campaign: OpenCampaign, fs: DurableFs): Result<RequestResults['exportCampaign']> {
  const document = campaign.document()
  const store = new AssetStore(fs, campaign.paths)
  const assets = new Map<string, Uint8Array>()
  for (const asset of referencedAssets(document)) {
    // A missing image is left out rather than failing the export: the records are what matter
    // most, and the scene shows "image missing" either way.
    const bytes = store.read(asset)
    if (bytes) assets.set(assetFileName(asset), bytes)
  }
  const file = writeCampaignFile(document, assets, readLogArchives(fs, campaign.paths))
  const bytes = Buffer.byteLength(file.text, 'utf8')
  if (bytes > MAX_CAMPAIGN_FILE_BYTES) {
    return fail(
      'export/tooLarge',
      `The export would be ${describeBytes(bytes)}, over the ${describeBytes(MAX_CAMPAIGN_FILE_BYTES)} a campaign file may be, so it could not be imported again. Remove or shrink some scene images first.`,
    )
  }
  return ok(file)
}
