import { describe, expect, it } from 'vitest'
import seedrandom from 'seedrandom'
import { applyDiff, viewFromSnapshot, type RecordsDiff, type ViewState } from '../../../src-shared/diff'
import type { LogEntryRecord } from '../../../src-shared/records'
import type { CombatantView, ViewRecord } from '../../../src-shared/views'
import { RecordIndex, RELOADED } from '../../../src-renderer/lib/state/record-index'
import { extendLog, orderCombatants, reorderCombatants, windowLog } from '../../../src-renderer/lib/state/ordered-lists'
import { campaignRecord, combatantView, logEntry } from '../helpers/records'

const diff = (from: number, over: Partial<RecordsDiff>): RecordsDiff => ({
  fromVersion: from,
  toVersion: from + 1,
  added: [],
  updated: [],
  removed: [],
  ...over,
})

describe("the window's record index (issue 15: no full scans per diff)", () => {
  it('applies a diff in place and names only the types it touched', () => {
    const index = new RecordIndex()
    const ash = combatantView('Ash', 1)
    expect(index.load({ version: 1, records: [campaignRecord('A'), ash, logEntry(1)] })).toBe(RELOADED)
    const hurt = { ...ash, numbers: { kind: 'exact', hp: 4, maxHp: 10, initiativeModifier: 0 } } as CombatantView
    const out = index.apply(diff(1, { updated: [[ash, hurt]], added: [logEntry(2)] }))
    expect(out.kind).toBe('applied')
    if (out.kind !== 'applied' || out.changes === RELOADED) throw new Error('expected per-type changes')
    expect([...out.changes.keys()].sort()).toEqual(['combatant', 'log'])
    expect(out.changes.get('combatant')!.updated).toEqual([[ash, hurt]])
    expect(index.ofType('combatant').get(ash.id)).toBe(hurt)
    expect([...index.ofType('log').keys()]).toEqual(['log:1', 'log:2'])
    expect(index.version).toBe(2)
  })

  it('ignores an old diff and reports a gap for a newer one, changing nothing', () => {
    const index = new RecordIndex()
    index.load({ version: 5, records: [campaignRecord('A')] })
    expect(index.apply(diff(3, { removed: ['campaign'] })).kind).toBe('stale')
    expect(index.apply(diff(6, { removed: ['campaign'] })).kind).toBe('gap')
    expect(index.get('campaign')).toBeDefined()
    expect(index.version).toBe(5)
  })

  it('keeps the acting order without sorting when no one moved, and sorts when someone did', () => {
    const [a, b, c] = [combatantView('A', 1), combatantView('B', 2), combatantView('C', 3)]
    const order = orderCombatants([c, a, b])
    const b2 = { ...b, hidden: true }
    const { list: same, moved: sameMoved } = reorderCombatants(order, { added: [], updated: [[b, b2]], removed: [] }, () => {
      throw new Error('a health change must not walk every combatant')
    })
    expect(sameMoved).toBe(false)
    expect(same.map((x) => x.id)).toEqual([a.id, b.id, c.id])
    expect(same[1]).toBe(b2)
    const b3 = { ...b, orderKey: 9 }
    const moved = reorderCombatants(order, { added: [], updated: [[b, b3]], removed: [] }, () => [a, b3, c])
    expect(moved.moved).toBe(true)
    expect(moved.list.map((x) => x.name)).toEqual(['A', 'C', 'B'])
  })

  it('appends new log lines, swaps marked ones in place, and sorts only when out of order', () => {
    const log = [logEntry(1), logEntry(2)]
    const noWalk = () => {
      throw new Error('an appended line must not re-sort the log')
    }
    expect(extendLog(log, { added: [logEntry(4), logEntry(3)], updated: [], removed: [] }, noWalk).map((l) => l.seq)).toEqual([1, 2, 3, 4])
    const undone = { ...logEntry(2), text: 'undone' }
    expect(extendLog(log, { added: [], updated: [[log[1]!, undone]], removed: [] }, noWalk)[1]).toBe(undone)
    const early = logEntry(0)
    expect(extendLog(log, { added: [early], updated: [], removed: [] }, () => [...log, early]).map((l) => l.seq)).toEqual([0, 1, 2])
  })

  it('keeps only the latest lines of a long log, and counts a line let go of only once', () => {
    const log = [1, 2, 3, 4, 5].map((n) => logEntry(n))
    const first = windowLog(log, 3, -Infinity)
    expect(first.kept.map((l) => l.seq)).toEqual([3, 4, 5])
    expect(first.dropped.map((l) => l.seq)).toEqual([1, 2])
    expect(first.newlyForgotten).toBe(2)
    // Line 2 came back (an undo marked it) with line 6: both 2 and 3 go, but only 3 is new.
    const again = windowLog([logEntry(2), ...first.kept, logEntry(6)], 3, 2)
    expect(again.kept.map((l) => l.seq)).toEqual([4, 5, 6])
    expect(again.newlyForgotten).toBe(1)
    expect(windowLog(log, 10, -Infinity).kept).toBe(log)
    // With slack the window lets nothing go until it is over by more than the slack, then all at once.
    expect(windowLog(log, 3, -Infinity, 2).kept).toBe(log)
    expect(windowLog([...log, logEntry(6)], 3, -Infinity, 2).kept.map((l) => l.seq)).toEqual([4, 5, 6])
    const index = new RecordIndex()
    index.load({ version: 1, records: log })
    index.forget(first.dropped.map((l) => l.id))
    expect([...index.ofType('log').keys()]).toEqual(['log:3', 'log:4', 'log:5'])
    expect(index.version).toBe(1)
  })

  it('after any run of random diffs holds exactly what a full rebuild would', () => {
    const random = seedrandom('index-15')
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!
    const names = ['Ash', 'Bo', 'Cy', 'Dee', 'Eve', 'Fay']
    let reference: ViewState = viewFromSnapshot({ version: 0, records: [] })
    const index = new RecordIndex()
    index.load({ version: 0, records: [] })
    let combatants: CombatantView[] = []
    let log: LogEntryRecord[] = []
    let seq = 0
    for (let step = 0; step < 400; step++) {
      const present = [...reference.records.values()]
      const added: ViewRecord[] = []
      const updated: [ViewRecord, ViewRecord][] = []
      const removed: ViewRecord['id'][] = []
      const name = pick(names)
      const existing = reference.records.get(`combatant:${name}`) as CombatantView | undefined
      const roll = random()
      if (!existing) added.push(combatantView(name, random() < 0.3 ? null : Math.floor(random() * 10)))
      else if (roll < 0.15) removed.push(existing.id)
      else if (roll < 0.3) updated.push([existing, { ...existing, orderKey: Math.floor(random() * 10) }])
      else updated.push([existing, { ...existing, hidden: !existing.hidden }])
      if (random() < 0.7) added.push(logEntry(random() < 0.1 ? Math.max(0, seq - 3) + 0.5 : ++seq))
      const oldLog = present.find((r) => r.typeName === 'log')
      if (oldLog && random() < 0.1) updated.push([oldLog, { ...oldLog, text: `marked ${step}` } as ViewRecord])
      if (oldLog && random() < 0.05 && !updated.some(([f]) => f.id === oldLog.id)) removed.push(oldLog.id)
      const d = diff(step, { added, updated, removed })
      const r = applyDiff(reference, d)
      if (r.kind !== 'applied') throw new Error('reference refused a diff')
      reference = r.state
      const out = index.apply(d)
      if (out.kind !== 'applied' || out.changes === RELOADED) throw new Error('index refused a diff')
      const c = out.changes.get('combatant')
      if (c) {
        const next = reorderCombatants(combatants, c, () => index.ofType('combatant').values())
        // Whenever the names or order changed, it must say so: the pickers rebuild only then.
        if (!next.moved) expect(next.list.map((x) => [x.id, x.name])).toEqual(combatants.map((x) => [x.id, x.name]))
        combatants = next.list
      }
      const l = out.changes.get('log')
      if (l) log = extendLog(log, l, () => index.ofType('log').values())

      const all = [...reference.records.values()]
      expect(combatants).toEqual(orderCombatants(all.filter((x): x is CombatantView => x.typeName === 'combatant')))
      expect(log).toEqual(all.filter((x): x is LogEntryRecord => x.typeName === 'log').sort((x, y) => x.seq - y.seq))
      expect(new Map(index.records)).toEqual(reference.records)
    }
  })
})
