import seedrandom from 'seedrandom'
import { describe, expect, it } from 'vitest'
import { crc32Hex, crc32Js } from '../../../src-main/core/persistence/crc32'

/** Issue 15: journal and archive lines are summed by zlib where Node has it; every line written before must still check. */
describe('the CRC-32 of journal and archive lines', () => {
  it('is the IEEE CRC-32 of the UTF-8 bytes, as 8 hex digits', () => {
    expect(crc32Hex('')).toBe('00000000')
    expect(crc32Hex('123456789')).toBe('cbf43926')
    expect(crc32Hex('hello')).toBe('3610a686')
  })

  it('agrees with the plain JavaScript sum on any text, accents, emoji and lone surrogates too', () => {
    const rng = seedrandom('crc32')
    const pieces = ['a', 'é', '€', '😀', '\n', '"', '\u0000', '\ud800', 'Vex deals 7']
    for (let i = 0; i < 500; i++) {
      const text = Array.from({ length: Math.floor(rng() * 40) }, () => pieces[Math.floor(rng() * pieces.length)]).join('')
      expect(crc32Hex(text)).toBe(crc32Js(text).toString(16).padStart(8, '0'))
    }
  })
})
