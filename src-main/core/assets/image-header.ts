import { fail, ok, type Result } from '../../../src-shared/result'
import type { SceneImageExt } from '../../../src-shared/scene-assets'

/**
 * Reads an image's format and pixel size from its first bytes, without decoding it: enough to
 * refuse what is not a PNG, JPEG or WebP (naming what it is instead) and to store the size the
 * map's scale is computed from. No image library: the three headers are small and fixed.
 */

export interface ImageHeader {
  readonly ext: SceneImageExt
  readonly width: number
  readonly height: number
}

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => b.length >= at + sig.length && sig.every((v, i) => b[at + i] === v)
const ascii = (b: Uint8Array, at: number, len: number) => (b.length >= at + len ? String.fromCharCode(...b.subarray(at, at + len)) : '')
const u16be = (b: Uint8Array, at: number) => (b[at]! << 8) | b[at + 1]!
const u16le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8)
const u24le = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16)
const u32be = (b: Uint8Array, at: number) => ((b[at]! << 24) >>> 0) + ((b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!)

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

function readPng(b: Uint8Array): Result<ImageHeader> {
  // The first chunk must be IHDR (13 bytes of data): width and height are its first 8.
  if (b.length < 33 || ascii(b, 12, 4) !== 'IHDR' || u32be(b, 8) !== 13)
    return fail('image/corrupt', 'is a damaged PNG (its header chunk is missing or cut off)')
  return ok({ ext: 'png', width: u32be(b, 16), height: u32be(b, 20) })
}

/** Start-of-frame markers of every JPEG flavour (baseline, progressive, lossless, arithmetic); C4, C8 and CC are not frames. */
const isStartOfFrame = (m: number) => m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc

function readJpeg(b: Uint8Array): Result<ImageHeader> {
  const damaged = fail('image/corrupt', 'is a damaged JPEG (no frame header before the image data)')
  let at = 2
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return damaged
    // Any number of 0xFF fill bytes may precede a marker.
    while (b[at] === 0xff && at < b.length) at++
    const marker = b[at]!
    at++
    // Markers that stand alone, with no length after them.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue
    if (marker === 0xd9 || marker === 0xda || at + 2 > b.length) return damaged
    const length = u16be(b, at)
    if (length < 2) return damaged
    if (isStartOfFrame(marker)) {
      if (at + 7 > b.length) return damaged
      const height = u16be(b, at + 3)
      const width = u16be(b, at + 5)
      // A zero height means "given later, after the scan" (DNL), which no browser shows reliably.
      if (height === 0) return fail('image/corrupt', 'is a JPEG whose height is only given after the image data, which Salvo cannot read')
      return ok({ ext: 'jpg', width, height })
    }
    at += length
  }
  return damaged
}

function readWebp(b: Uint8Array): Result<ImageHeader> {
  const chunk = ascii(b, 12, 4)
  const damaged = fail('image/corrupt', 'is a damaged WebP (its image header is cut off)')
  if (chunk === 'VP8 ') {
    // Lossy: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit sizes (the top 2 bits are scaling).
    if (b.length < 30 || !startsWith(b, [0x9d, 0x01, 0x2a], 23)) return damaged
    return ok({ ext: 'webp', width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff })
  }
  if (chunk === 'VP8L') {
    // Lossless: signature 0x2F, then width-1 and height-1 as two 14-bit fields packed little-endian.
    if (b.length < 25 || b[20] !== 0x2f) return damaged
    const bits = (b[21]! | (b[22]! << 8) | (b[23]! << 16) | (b[24]! << 24)) >>> 0
    return ok({ ext: 'webp', width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 })
  }
  if (chunk === 'VP8X') {
    // Extended (alpha, animation, metadata): the canvas size, 24 bits each, minus one.
    if (b.length < 30) return damaged
    return ok({ ext: 'webp', width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 })
  }
  return fail('image/corrupt', `is a WebP of a kind Salvo does not know (first chunk ${JSON.stringify(chunk)})`)
}

/**
 * Whether a WebP holds a lossless picture: a `VP8L` chunk, first or (in an extended file) after
 * the `VP8X` header. Turning it upright must not make it lossy.
 */
export function isLosslessWebp(b: Uint8Array): boolean {
  const u32le = (at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0
  // Chunks follow the 12-byte RIFF header: a four-letter name, a length, the data padded to even.
  for (let at = 12; at + 8 <= b.length; at += 8 + u32le(at + 4) + (u32le(at + 4) & 1)) {
    if (ascii(b, at, 4) === 'VP8L') return true
    if (ascii(b, at, 4) === 'VP8 ') return false
  }
  return false
}

/** What a refused file most likely is, so the GM hears "a GIF", not just "not supported". */
export function describeOtherFormat(b: Uint8Array): string {
  if (b.length === 0) return 'an empty file'
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'a GIF image'
  if (ascii(b, 0, 2) === 'BM') return 'a BMP image'
  if (startsWith(b, [0x49, 0x49, 0x2a, 0x00]) || startsWith(b, [0x4d, 0x4d, 0x00, 0x2a])) return 'a TIFF image'
  if (ascii(b, 4, 4) === 'ftyp') {
    const brand = ascii(b, 8, 4)
    if (brand.startsWith('avi')) return 'an AVIF image'
    if (brand.startsWith('hei') || brand.startsWith('mif') || brand.startsWith('hev')) return 'a HEIC image'
    return 'a video or other MP4-family file'
  }
  if (startsWith(b, [0x00, 0x00, 0x01, 0x00])) return 'an icon (ICO) file'
  if (ascii(b, 0, 4) === '%PDF') return 'a PDF document'
  if (startsWith(b, [0x50, 0x4b, 0x03, 0x04])) return 'a ZIP archive (or an office document)'
  if (ascii(b, 0, 4) === 'RIFF') return `a RIFF file of type ${JSON.stringify(ascii(b, 8, 4))}, not a WebP image`
  const head = new TextDecoder('utf-8', { fatal: false })
    .decode(b.subarray(0, 512))
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase()
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'an SVG drawing'
  if (head.startsWith('<!doctype html') || head.startsWith('<html')) return 'an HTML page'
  // Text: no control bytes other than tab, newline, carriage return in the first 512.
  if (b.subarray(0, 512).every((c) => c === 9 || c === 10 || c === 13 || c >= 32)) return 'a text file'
  return 'not an image Salvo recognises'
}

/** The format and size of a PNG, JPEG or WebP, or a refusal naming what the bytes are instead (and what `what` must be). */
export function readImageHeader(b: Uint8Array, what = 'a scene image'): Result<ImageHeader> {
  let header: Result<ImageHeader>
  if (startsWith(b, PNG_SIGNATURE)) header = readPng(b)
  else if (startsWith(b, [0xff, 0xd8, 0xff])) header = readJpeg(b)
  else if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 4) === 'WEBP') header = readWebp(b)
  else return fail('image/unsupported', `is ${describeOtherFormat(b)}; ${what} must be a PNG, JPEG or WebP`)
  if (!header.ok) return header
  if (header.value.width < 1 || header.value.height < 1)
    return fail('image/corrupt', `claims a size of ${header.value.width}×${header.value.height} pixels, which is not an image`)
  return header
}
