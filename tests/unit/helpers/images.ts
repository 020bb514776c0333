import { deflateSync } from 'node:zlib'

/**
 * Tiny image files made byte by byte, so tests hold real headers without binary fixtures.
 * PNGs are complete and decodable (a browser shows them); the JPEG and WebP files carry real
 * headers over placeholder image data, which is all a header reader looks at.
 */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
  return c >>> 0
})

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'ascii')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
  return Buffer.concat([head, data, crc])
}

/** A valid 8-bit RGB PNG of one colour (seed varies the colour, so two PNGs of one size differ). */
export function makePng(width: number, height: number, seed = 0): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  const row = Buffer.alloc(1 + width * 3)
  // The seed's low byte tints red as it always did; higher bytes tint green and blue, so long runs get distinct images.
  for (let x = 0; x < width; x++)
    row.set([(40 + seed * 17) & 0xff, (90 + (seed >> 8) * 13) & 0xff, (160 + (seed >> 16) * 7) & 0xff], 1 + x * 3)
  const raw = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(raw)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** The same PNG claiming another size in its header (its checksum kept valid): a file whose data is not the picture it says. */
export function pngWithHeader(png: Buffer, width: number, height: number): Buffer {
  const b = Buffer.from(png)
  b.writeUInt32BE(width, 16)
  b.writeUInt32BE(height, 20)
  b.writeUInt32BE(crc32(b.subarray(12, 29)), 29)
  return b
}

const segment = (marker: number, body: Buffer) => {
  const head = Buffer.from([0xff, marker, 0, 0])
  head.writeUInt16BE(body.length + 2, 2)
  return Buffer.concat([head, body])
}

/**
 * A JPEG's marker structure: JFIF, a quantisation table, EXIF-sized padding, then the frame
 * header (baseline SOF0 or progressive SOF2) the size is read from, a scan and the end.
 */
export function makeJpeg(width: number, height: number, options: { progressive?: boolean; fillBytes?: boolean } = {}): Buffer {
  const app0 = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'))
  const dqt = segment(0xdb, Buffer.alloc(65, 1))
  const app1 = segment(0xe1, Buffer.alloc(300, 0x20))
  const sof = Buffer.alloc(15)
  sof[0] = 8
  sof.writeUInt16BE(height, 1)
  sof.writeUInt16BE(width, 3)
  sof[5] = 3
  sof.set([1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1], 6)
  const frame = segment(options.progressive ? 0xc2 : 0xc0, sof)
  const dht = segment(0xc4, Buffer.alloc(20, 0))
  const sos = segment(0xda, Buffer.from([1, 1, 0, 0, 63, 0]))
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    app0,
    dqt,
    app1,
    options.fillBytes ? Buffer.from([0xff, 0xff]) : Buffer.alloc(0),
    frame,
    dht,
    sos,
    Buffer.alloc(32, 0x55),
    Buffer.from([0xff, 0xd9]),
  ])
}

function riff(chunk: string, data: Buffer): Buffer {
  const padded = data.length % 2 ? Buffer.concat([data, Buffer.alloc(1)]) : data
  const head = Buffer.alloc(20)
  head.write('RIFF', 0, 'ascii')
  head.writeUInt32LE(4 + 8 + padded.length, 4)
  head.write('WEBP', 8, 'ascii')
  head.write(chunk, 12, 'ascii')
  head.writeUInt32LE(data.length, 16)
  return Buffer.concat([head, padded])
}

export function makeWebpLossy(width: number, height: number, scaleBits = 0): Buffer {
  const data = Buffer.alloc(30)
  data.set([0x30, 0x01, 0x00, 0x9d, 0x01, 0x2a], 0)
  data.writeUInt16LE(width | (scaleBits << 14), 6)
  data.writeUInt16LE(height | (scaleBits << 14), 8)
  return riff('VP8 ', data)
}

export function makeWebpLossless(width: number, height: number): Buffer {
  const data = Buffer.alloc(16)
  data[0] = 0x2f
  data.writeUInt32LE(((width - 1) | ((height - 1) << 14) | (1 << 28)) >>> 0, 1)
  return riff('VP8L', data)
}

export function makeWebpExtended(width: number, height: number): Buffer {
  const data = Buffer.alloc(10)
  data[0] = 0x10 // alpha
  data.writeUIntLE(width - 1, 4, 3)
  data.writeUIntLE(height - 1, 7, 3)
  return riff('VP8X', data)
}

export const GIF = Buffer.concat([Buffer.from('GIF89a', 'ascii'), Buffer.from([2, 0, 2, 0, 0, 0, 0]), Buffer.alloc(20)])
