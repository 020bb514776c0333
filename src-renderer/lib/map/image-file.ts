import { imageTooLargeMessage, SCENE_IMAGE_LIMITS, type ImageLimits } from '../../../src-shared/scene-assets'

/** What the file dialog offers; the core checks the bytes themselves, whatever the name says. */
export const IMAGE_ACCEPT = '.png,.jpg,.jpeg,.webp,image/png,image/jpeg,image/webp'

/** The refusal a window can give before reading a byte (the core says the same if asked). */
export function pickedImageProblem(file: File, limits: ImageLimits = SCENE_IMAGE_LIMITS): string | null {
  if (file.size > limits.bytes) return imageTooLargeMessage(file.name, file.size, limits)
  if (file.size === 0) return `${file.name} is empty.`
  return null
}

/**
 * The file as base64 (the WebSocket carries text), reporting how much has been read so a big
 * map shows progress. A data URL is the one FileReader result that is already base64.
 */
export function readAsBase64(file: File, onprogress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onprogress(e.loaded / e.total)
    }
    reader.onerror = () => reject(new Error(reader.error?.message ?? 'the file could not be read'))
    reader.onload = () => {
      const url = String(reader.result)
      const comma = url.indexOf(',')
      resolve(comma >= 0 ? url.slice(comma + 1) : '')
    }
    reader.readAsDataURL(file)
  })
}
