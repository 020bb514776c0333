import type { RollRecord } from '../../../../src-shared/dice'
import type { CombatantId } from '../../../../src-shared/records'
import type { Dice } from '../../dice'
import type { InitiativeEntrant, InitiativePlacement } from '../../ruleset'

/**
 * W1: the Dexterity an entrant rolls with: its sheet's when it has one, otherwise the
 * initiative modifier the GM typed (for a combatant without a sheet, that number is its Dex).
 */
export function initiativeDex(e: InitiativeEntrant): number {
  const dex = (e.rules as { attributes?: { dex?: unknown } } | null | undefined)?.attributes?.dex
  return typeof dex === 'number' && Number.isInteger(dex) ? dex : e.initiativeModifier
}

interface Rolled {
  readonly id: CombatantId
  readonly name: string
  readonly dex: number
  readonly roll: RollRecord
  /** The d6 roll-off faces, in order. */
  readonly offs: readonly number[]
  readonly offRolls: readonly RollRecord[]
}

export interface D20Placement extends InitiativePlacement {
  readonly dex: number
  /** The initiative d20, then each roll-off d6. */
  readonly rolls: readonly RollRecord[]
}

/** Splits a list sorted by `key` into runs that share it. */
function runs<T>(sorted: readonly T[], key: (x: T) => string): T[][] {
  const out: T[][] = []
  for (const x of sorted) {
    const last = out[out.length - 1]
    if (last && key(last[0]!) === key(x)) last.push(x)
    else out.push([x])
  }
  return out
}

/**
 * W1: the tied roll a d6 each, higher first; any still tied with each other roll again, until
 * every one of them has its own place.
 */
function rollOff(tied: readonly Rolled[], dice: Dice): Rolled[] {
  const rolled = tied.map((r) => {
    const off = dice.roll({ count: 1, sides: 6, modifier: 0 }, `initiative roll-off: ${r.name} (d6, W1)`)
    return { ...r, offs: [...r.offs, off.total], offRolls: [...r.offRolls, off] }
  })
  const byFace = [...rolled].sort((a, b) => b.offs[b.offs.length - 1]! - a.offs[a.offs.length - 1]!)
  return runs(byFace, (r) => String(r.offs[r.offs.length - 1])).flatMap((run) => (run.length > 1 ? rollOff(run, dice) : run))
}

/**
 * W1 / R0.3: each entrant rolls d20 + Dex, higher first. A tied total goes to the higher Dex;
 * those tied on both roll d6 off until they differ.
 */
export function rollD20Initiative(entrants: readonly InitiativeEntrant[], dice: Dice): D20Placement[] {
  // A stable rolling order, so the same state and seed give the same faces to the same names.
  const byName = [...entrants].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  const rolled: Rolled[] = byName.map((e) => {
    const dex = initiativeDex(e)
    const roll = dice.roll({ count: 1, sides: 20, modifier: dex }, `initiative: ${e.name} (d20 + Dex, W1)`)
    return { id: e.id, name: e.name, dex, roll, offs: [], offRolls: [] }
  })
  // Sorting is stable: equal keys keep the name order, which is the order they roll off in.
  const ranked = [...rolled].sort((a, b) => b.roll.total - a.roll.total || b.dex - a.dex)
  const placed = runs(ranked, (r) => `${r.roll.total}/${r.dex}`).flatMap((run) => (run.length > 1 ? rollOff(run, dice) : run))
  return placed.map((r) => ({
    combatantId: r.id,
    initiative: { roll: r.roll, total: r.roll.total, tieBreak: r.offs },
    dex: r.dex,
    rolls: [r.roll, ...r.offRolls],
  }))
}
