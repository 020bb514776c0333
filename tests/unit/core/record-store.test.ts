import seedrandom from 'seedrandom'
import { describe, expect, it } from 'vitest'
import { RecordStore } from '../../../src-main/core/state/record-store'
import type { RecordChange, StoredRecord, StoredTypeName } from '../../../src-main/core/state/stored-records'

/** Stand-ins of a few types: the store reads only `id` and `typeName`. */
const rec = (id: string, typeName: StoredTypeName, n: number) => ({ id, typeName, n }) as unknown as StoredRecord
const TYPES: StoredTypeName[] = ['combatant', 'log', 'token', 'encounter']

describe('RecordStore by type', () => {
  it('answers ofType exactly as a walk over every record would, in the same order, through random changes', () => {
    const rng = seedrandom('store')
    const store = new RecordStore([rec('a', 'combatant', 0), rec('b', 'log', 0)])
    for (let i = 0; i < 3000; i++) {
      const id = `r${Math.floor(rng() * 60)}`
      const type = TYPES[Math.floor(rng() * TYPES.length)]!
      const from = store.get(id) ?? null
      // Removals, replacements in place, and (rarely, as a damaged journal might) a change of type.
      const change: RecordChange = { id, from, to: rng() < 0.25 ? null : rec(id, from && rng() < 0.9 ? from.typeName : type, i) }
      store.applyChanges([change])
      for (const t of TYPES) expect(store.ofType(t)).toEqual([...store.values()].filter((r) => r.typeName === t))
    }
    expect(store.size).toBeGreaterThan(10)
  })
})
