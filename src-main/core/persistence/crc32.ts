import * as zlib from 'node:zlib'

const TABLE = (() => {
  const t = new Uint32Array(256)
  for (let n = 0; n < 256; n++) {
    let c = n
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    t[n] = c >>> 0
  }
  return t
})()

/** The same sum in plain JavaScript, for a Node without zlib.crc32 (before 20.15). */
function crc32Js(text: string): number {
  const bytes = new TextEncoder().encode(text)
  let c = 0xffffffff
  for (const b of bytes) c = TABLE[(c ^ b) & 0xff]! ^ (c >>> 8)
  return (c ^ 0xffffffff) >>> 0
}

/**
 * zlib's own CRC-32 where Node has it: the JavaScript loop was a third of reading an archive's
 * 1 MB tail at open (issue 15). Both sum a string's UTF-8 bytes.
 */
const crc32 = typeof zlib.crc32 === 'function' ? (text: string) => zlib.crc32(text) : crc32Js

/** CRC-32 (IEEE) of a string's UTF-8 bytes, as 8 hex digits: catches torn or flipped journal lines. */
export function crc32Hex(text: string): string {
  return crc32(text).toString(16).padStart(8, '0')
}

export { crc32Js }
