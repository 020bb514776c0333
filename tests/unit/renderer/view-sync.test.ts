import { describe, expect, it, vi } from 'vitest'
import type { Snapshot } from '../../../src-shared/diff'
import type { CampaignRecord } from '../../../src-shared/records'
import { campaignRecord as campaign } from '../helpers/records'
import { ok } from '../../../src-shared/result'
import { ViewSync } from '../../../src-renderer/lib/state/view-sync'

describe("the window's view sync", () => {
  it('applies diffs in order and requests a snapshot on a version gap', async () => {
    const fresh: Snapshot = { version: 9, records: [campaign('Fresh')] }
    const fetchSnapshot = vi.fn(async () => ok(fresh))
    const versions: number[] = []
    const sync = new ViewSync(fetchSnapshot, () => versions.push(sync.state.version))
    sync.receive({ kind: 'snapshot', snapshot: { version: 3, records: [campaign('A')] } })
    sync.receive({
      kind: 'diff',
      diff: { fromVersion: 3, toVersion: 4, added: [], updated: [[campaign('A'), campaign('B')]], removed: [] },
    })
    expect(sync.state.version).toBe(4)
    expect(fetchSnapshot).not.toHaveBeenCalled()

    // Version 5 went missing: the next diff cannot apply, so the window asks for a snapshot.
    sync.receive({ kind: 'diff', diff: { fromVersion: 5, toVersion: 6, added: [], updated: [], removed: ['campaign'] } })
    expect(fetchSnapshot).toHaveBeenCalledTimes(1)
    await sync.resync()
    expect(sync.state.version).toBe(9)
    expect((sync.state.get('campaign') as CampaignRecord).name).toBe('Fresh')
    expect(versions).toEqual([3, 4, 9])
  })

  it('shares one snapshot request between gaps that arrive together', async () => {
    let release: (() => void) | undefined
    const fetchSnapshot = vi.fn(
      () => new Promise<ReturnType<typeof ok<Snapshot>>>((r) => (release = () => r(ok({ version: 2, records: [] })))),
    )
    const sync = new ViewSync(fetchSnapshot, () => undefined)
    sync.receive({ kind: 'diff', diff: { fromVersion: 7, toVersion: 8, added: [], updated: [], removed: [] } })
    sync.receive({ kind: 'diff', diff: { fromVersion: 8, toVersion: 9, added: [], updated: [], removed: [] } })
    expect(fetchSnapshot).toHaveBeenCalledTimes(1)
    release!()
    await sync.resync()
  })
})
