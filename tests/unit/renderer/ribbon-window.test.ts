import { describe, expect, it } from 'vitest'
import { ribbonWindow } from '../../../src-renderer/lib/table/ribbon-window'
import { entryWidth, ribbonFit, TABLE_RIBBON } from '../../../src-renderer/lib/table/ribbon-fit'
import { announce, turnOf, type TurnMoment } from '../../../src-renderer/lib/table/turn-announce'

describe('ribbonWindow: the part of the order the table sees', () => {
  it('shows everyone when they fit, with nothing left off', () => {
    expect(ribbonWindow(4, 2, 7, 'fit')).toEqual({ shown: [0, 1, 2, 3], wrapAt: null, before: 0, after: 0 })
    // Fewer combatants than the GM's window: still everyone.
    expect(ribbonWindow(3, 0, 7, 2)).toEqual({ shown: [0, 1, 2], wrapAt: null, before: 0, after: 0 })
  })

  it('centres on whoever acts mid-round: the one before, the acting one, then those after', () => {
    const w = ribbonWindow(20, 11, 7, 'fit')
    expect(w.shown).toEqual([10, 11, 12, 13, 14, 15, 16])
    expect(w).toMatchObject({ wrapAt: null, before: 10, after: 3 })
    expect(w.before + w.shown.length + w.after).toBe(20)
  })

  it('keeps the acting one and the next three before the one who just acted when room is short', () => {
    expect(ribbonWindow(20, 11, 4, 'fit').shown).toEqual([11, 12, 13, 14])
    expect(ribbonWindow(20, 11, 5, 'fit').shown).toEqual([10, 11, 12, 13, 14])
    expect(ribbonWindow(20, 11, 1, 'fit').shown).toEqual([11])
  })

  it("wraps at the end of the round into the next round's first", () => {
    const w = ribbonWindow(20, 18, 5, 'fit')
    expect(w.shown).toEqual([17, 18, 19, 0, 1])
    expect(w.wrapAt).toBe(3)
    expect(w.before + w.after).toBe(15)
    expect(ribbonWindow(20, 19, 5, 'fit')).toMatchObject({ shown: [18, 19, 0, 1, 2], wrapAt: 2 })
  })

  it("shows the previous round's last before the round's first, but not on the fight's first turn", () => {
    expect(ribbonWindow(20, 0, 5, 'fit')).toMatchObject({ shown: [19, 0, 1, 2, 3], wrapAt: 1, before: 0, after: 15 })
    expect(ribbonWindow(20, 0, 5, 'fit', true)).toEqual({ shown: [0, 1, 2, 3, 4], wrapAt: null, before: 0, after: 15 })
  })

  it("the GM's N limits the window to the one before, the acting one and the next N", () => {
    expect(ribbonWindow(20, 11, 7, 1).shown).toEqual([10, 11, 12])
    expect(ribbonWindow(20, 0, 7, 1, true).shown).toEqual([0, 1])
    expect(ribbonWindow(20, 11, 7, 3).shown).toEqual([10, 11, 12, 13, 14])
    // What fits still bounds it.
    expect(ribbonWindow(20, 11, 3, 8).shown).toEqual([11, 12, 13])
  })

  it('with nobody acting yet shows the top of the order', () => {
    expect(ribbonWindow(60, -1, 6, 'fit')).toEqual({ shown: [0, 1, 2, 3, 4, 5], wrapAt: null, before: 0, after: 54 })
  })

  it('counts only the combatants the page has (a hidden one never reaches the table)', () => {
    // 21 in the fight, one hidden: the table's list has 20, and "+N more" adds up to 20.
    const w = ribbonWindow(20, 11, 5, 'fit')
    expect(w.before + w.shown.length + w.after).toBe(20)
  })

  it('never shows an entry twice, however small the order', () => {
    for (let n = 1; n <= 9; n++)
      for (let f = -1; f < n; f++)
        for (let s = 1; s <= 9; s++) {
          const w = ribbonWindow(n, f, s, 'fit')
          expect(new Set(w.shown).size).toBe(w.shown.length)
          expect(w.shown.length).toBe(Math.min(n, s))
          expect(w.before + w.shown.length + w.after).toBe(n)
          if (f >= 0) expect(w.shown).toContain(f)
        }
  })
})

describe('ribbonFit and entryWidth: readable sizes first, then a window', () => {
  const { minEntry, gap } = TABLE_RIBBON
  it('fits everyone who fits at the readable size', () => {
    expect(ribbonFit(6 * minEntry + 5 * gap, 6)).toEqual({ slots: 6, all: true })
    expect(ribbonFit(6 * minEntry + 5 * gap - 1, 6).all).toBe(false)
  })
  it('keeps room for the "+N more" markers when not everyone fits, and never less than one slot', () => {
    const f = ribbonFit(1800, 60)
    expect(f.all).toBe(false)
    expect(f.slots * minEntry + (f.slots - 1) * gap + 2 * (TABLE_RIBBON.more + gap)).toBeLessThanOrEqual(1800)
    expect(ribbonFit(100, 60).slots).toBe(1)
  })
  it('grows entries to fill the room, within the readable and comfortable sizes', () => {
    expect(entryWidth(1800, 3, false)).toBe(TABLE_RIBBON.maxEntry)
    expect(entryWidth(1800, 40, true)).toBe(minEntry)
    const w = entryWidth(1000, 4, false)
    expect(w).toBeGreaterThanOrEqual(minEntry)
    expect(4 * w + 3 * gap).toBeLessThanOrEqual(1000)
  })
})

describe('announce: what the banner says', () => {
  const at = (
    round: number,
    actingId: string | null,
    actingName: string | null = actingId,
    encounterId: string | null = 'e1',
  ): TurnMoment => ({
    encounterId,
    round,
    actingId,
    actingName,
  })
  it('says nothing for the first state seen or without a fight', () => {
    expect(announce(null, at(3, 'Vex'))).toBeNull()
    expect(announce(at(0, null), at(0, null, null, null))).toBeNull()
    // The page's empty state before its first snapshot is not a fight that just began.
    expect(announce(at(0, null, null, null), at(4, 'Vex'))).toBeNull()
  })
  it('announces a new turn by name, and a new round with whose turn opens it', () => {
    expect(announce(at(3, 'Vex'), at(3, 'Ash'))).toEqual({ title: "Ash's turn", sub: null })
    expect(announce(at(3, 'Ash'), at(4, 'Vex'))).toEqual({ title: 'Round 4', sub: "Vex's turn" })
    expect(announce(at(0, null), at(1, 'Vex'))).toEqual({ title: 'Round 1', sub: "Vex's turn" })
  })
  it("never names a hidden combatant's turn (the table gets no acting id then)", () => {
    expect(announce(at(3, 'Vex'), at(3, null))).toBeNull()
    expect(announce(at(3, 'Vex'), at(4, null))).toEqual({ title: 'Round 4', sub: null })
  })
  it('says nothing when nothing changed', () => {
    expect(announce(at(3, 'Vex'), at(3, 'Vex'))).toBeNull()
  })
  it('reads names ending in s right', () => {
    expect(turnOf('Jess')).toBe("Jess' turn")
  })
})
