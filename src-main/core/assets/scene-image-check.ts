import { createHash } from 'node:crypto'
import { fail, ok, type Result } from '../../../src-shared/result'
import { imageTooLargeMessage, MAX_SCENE_IMAGE_BYTES, MAX_SCENE_IMAGE_SIDE, type AssetName } from '../../../src-shared/scene-assets'
import { readImageHeader } from './image-header'

export interface CheckedImage extends AssetName {
  readonly width: number
  readonly height: number
}

export const sha256Hex = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex')

/**
 * Everything a scene image must pass before a byte of it is stored: the size limit, a format
 * we serve (by its magic bytes, never its name) and sane dimensions. Used by the import request
 * and again for every asset inside an imported campaign file.
 */
export function checkSceneImage(fileName: string, bytes: Uint8Array): Result<CheckedImage> {
  if (bytes.length > MAX_SCENE_IMAGE_BYTES) return fail('image/tooLarge', imageTooLargeMessage(fileName, bytes.length))
  const header = readImageHeader(bytes)
  if (!header.ok) return fail(header.error.code, `${fileName} ${header.error.message}.`)
  const { ext, width, height } = header.value
  if (width > MAX_SCENE_IMAGE_SIDE || height > MAX_SCENE_IMAGE_SIDE) {
    return fail('image/tooBig', `${fileName} is ${width}×${height} pixels; a scene image can be at most ${MAX_SCENE_IMAGE_SIDE} pixels on a side.`)
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
