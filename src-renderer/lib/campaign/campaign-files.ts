import { MAX_CAMPAIGN_FILE_BYTES, type CampaignFile } from '../../../src-shared/contract'

const MB = 1024 * 1024

/**
 * Saves a file the way both shells support without extra permissions: a Blob URL behind a
 * download link. (Electron shows its save dialog; a browser saves to its downloads.)
 */
export function downloadFile(file: CampaignFile): void {
  const url = URL.createObjectURL(new Blob([file.text], { type: 'application/json' }))
  const link = document.createElement('a')
  link.href = url
  link.download = file.fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoking straight away can cancel a download that has not started reading yet.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}

export type ReadFile = { readonly ok: true; readonly file: CampaignFile } | { readonly ok: false; readonly message: string }

/** Reads a picked or dropped file; one too large to be a campaign is refused before a byte is sent. */
export async function readPickedFile(file: File): Promise<ReadFile> {
  if (file.size > MAX_CAMPAIGN_FILE_BYTES) {
    const size = Math.ceil((file.size / MB) * 10) / 10
    return { ok: false, message: `${file.name} is ${size} MB; a campaign file can be at most ${MAX_CAMPAIGN_FILE_BYTES / MB} MB.` }
  }
  try {
    return { ok: true, file: { fileName: file.name, text: await file.text() } }
  } catch (e) {
    return { ok: false, message: `${file.name} could not be read (${(e as Error).message}).` }
  }
}
