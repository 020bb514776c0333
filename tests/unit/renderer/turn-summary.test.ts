import { describe, expect, it } from 'vitest'
import type { LogEntryRecord } from '../../../src-shared/records'
import { turnStartSummary } from '../../../src-renderer/lib/encounter/turn-summary'

let seq = 0
const entry = (commandId: string, text: string): LogEntryRecord => ({
  typeName: 'log',
  id: `log:${++seq}`,
  seq,
  commandId,
  round: 1,
  text,
  rolls: [],
  visibility: 'all',
})

describe('the turn-start summary', () => {
  it("keeps the turn change's own lines (expiries before, effects after) and leaves out what led to it", () => {
    const log = [
      entry('a', 'Vex rolls initiative: 80'),
      entry('a', "Round 1: Vex's turn"),
      entry('b', 'Vex fires'),
      entry('c', "Suppressed on Ash ends (end of Vex's turn)"),
      entry('c', "Round 1: Raider's turn"),
      entry('c', 'Raider: death save 34: failure (1/3)'),
    ]
    const s = turnStartSummary(log)!
    expect(s.heading).toBe("Start of Raider's turn (round 1)")
    expect(s.lines.map((l) => l.text)).toEqual(["Suppressed on Ash ends (end of Vex's turn)", 'Raider: death save 34: failure (1/3)'])
    expect(turnStartSummary(log.slice(0, 2))!.lines).toEqual([])
  })
  it('is absent before any turn', () => {
    expect(turnStartSummary([entry('x', 'Added Vex')])).toBeNull()
  })
})
