import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { countEdit } from '../../../../src-main/rules/kit/card-edit'
import { keysOf, statBlock } from '../../../../src-main/rules/kit/stat-block'

describe('stat blocks', () => {
  const block = statBlock({ might: 'Might', wits: 'Wits', nerve: 'Nerve' }, z.number().int('must be a whole number').min(0).max(9))

  it('lists the keys in the order the label table gives them, with their labels', () => {
    expect(block.keys).toEqual(['might', 'wits', 'nerve'])
    expect(block.labels.wits).toBe('Wits')
    expect(keysOf({ b: 'B', a: 'A' })).toEqual(['b', 'a'])
  })

  it('checks every key by the one rule, in its own words, and nothing else', () => {
    expect(block.schema.parse({ might: 1, wits: 2, nerve: 3 })).toEqual({ might: 1, wits: 2, nerve: 3 })
    const half = block.schema.safeParse({ might: 1.5, wits: 2, nerve: 3 })
    expect(half.success ? '' : `${half.error.issues[0]!.path.join('.')} ${half.error.issues[0]!.message}`).toBe(
      'might must be a whole number',
    )
    expect(block.schema.safeParse({ might: 1, wits: 2 }).success).toBe(false)
    expect(block.schema.safeParse({ might: 1, wits: 2, nerve: 3, luck: 4 }).success).toBe(false)
  })
})

describe('card edits', () => {
  it('count from 0, with a cap only when one is given', () => {
    expect(countEdit('ammo.0', 12, 30)).toEqual({ key: 'ammo.0', kind: 'number', value: 12, min: 0, max: 30 })
    expect(Object.keys(countEdit('effort', 2))).toEqual(['key', 'kind', 'value', 'min'])
  })
})
