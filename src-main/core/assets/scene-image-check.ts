import { createHash } from 'node:crypto'
import { fail, ok, type Result } from '../../../src-shared/result'
import { imageTooLargeMessage, SCENE_IMAGE_LIMITS, type AssetName, type ImageLimits } from '../../../src-shared/scene-assets'
import { readImageHeader } from './image-header'

export interface CheckedImage extends AssetName {
  readonly width: number
  readonly height: number
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/**
 * Everything a scene image (or, with its limits, a portrait) must pass before a byte of it is
 * stored: the size limit, a format we serve (by its magic bytes, never its name) and sane
 * dimensions. Used by the import requests and again for every asset inside an imported campaign
 * file (with the scene limits, the widest).
 */
export function checkSceneImage(fileName: string, bytes: Uint8Array, limits: ImageLimits = SCENE_IMAGE_LIMITS): Result<CheckedImage> {
  if (bytes.length > limits.bytes) return fail('image/tooLarge', imageTooLargeMessage(fileName, bytes.length, limits))
  const header = readImageHeader(bytes, limits.what)
  if (!header.ok) return fail(header.error.code, `${fileName} ${header.error.message}.`)
  const { ext, width, height } = header.value
  if (width > limits.side || height > limits.side) {
    return fail('image/tooBig', `${fileName} is ${width}×${height} pixels; ${limits.what} can be at most ${limits.side} pixels on a side.`)
  }
  return ok({ hash: sha256Hex(bytes), ext, width, height })
}

/**
 * Base64 as sent by a window, decoded strictly: Node's decoder silently skips characters it
 * does not know, which would turn a garbled upload into a different, "valid" file.
 */
export function decodeBase64Strict(text: string): Buffer | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null
  return Buffer.from(text, 'base64')
}
