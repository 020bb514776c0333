import { describe, expect, it } from 'vitest'
import { applyDiff, EMPTY_VIEW, viewFromSnapshot, type RecordsDiff } from '../../../src-shared/diff'
import type { CampaignRecord } from '../../../src-shared/records'
import { campaignRecord as campaign } from '../helpers/records'

describe('applyDiff', () => {
  const base = viewFromSnapshot({ version: 4, records: [campaign('Old')] })

  it('applies a diff made from the version the window holds', () => {
    const diff: RecordsDiff = { fromVersion: 4, toVersion: 5, added: [], updated: [[campaign('Old'), campaign('New')]], removed: [] }
    const out = applyDiff(base, diff)
    expect(out.kind).toBe('applied')
    if (out.kind !== 'applied') return
    expect(out.state.version).toBe(5)
    expect((out.state.records.get('campaign') as CampaignRecord).name).toBe('New')
    // The input state is a value: untouched.
    expect((base.records.get('campaign') as CampaignRecord).name).toBe('Old')
  })

  it('reports a gap when a diff starts past the held version (a snapshot is needed)', () => {
    const diff: RecordsDiff = { fromVersion: 6, toVersion: 7, added: [], updated: [], removed: ['campaign'] }
    expect(applyDiff(base, diff).kind).toBe('gap')
  })

  it('ignores a diff the window has already moved past', () => {
    const diff: RecordsDiff = { fromVersion: 3, toVersion: 4, added: [], updated: [], removed: ['campaign'] }
    expect(applyDiff(base, diff).kind).toBe('stale')
  })

  it('treats any diff as a gap before the first snapshot', () => {
    const diff: RecordsDiff = { fromVersion: 0, toVersion: 1, added: [campaign('X')], updated: [], removed: [] }
    expect(applyDiff(EMPTY_VIEW, diff).kind).toBe('gap')
  })

  it('adds and removes records', () => {
    const diff: RecordsDiff = { fromVersion: 4, toVersion: 5, added: [], updated: [], removed: ['campaign'] }
    const out = applyDiff(base, diff)
    expect(out.kind === 'applied' && out.state.records.size).toBe(0)
  })
})
