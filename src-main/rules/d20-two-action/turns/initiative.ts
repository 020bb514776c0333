import type { RollRecord } from '../../../../src-shared/dice'
import type { CombatantId } from '../../../../src-shared/records'
import type { Dice } from '../../../core/dice/dice-roller'
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

/** W1 / R0.3: higher total first; a tie goes to the higher Dex, then to the roll-offs, face by face. */
function compare(a: Rolled, b: Rolled): number {
  if (a.roll.total !== b.roll.total) return b.roll.total - a.roll.total
  if (a.dex !== b.dex) return b.dex - a.dex
  const n = Math.max(a.offs.length, b.offs.length)
  for (let i = 0; i < n; i++) {
    const d = (b.offs[i] ?? 0) - (a.offs[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/**
 * W1: each entrant rolls d20 + Dex. Combatants with the same total and the same Dex roll a d6
 * each, again and again, until none is tied with another (only those still tied roll again).
 */
export function rollD20Initiative(entrants: readonly InitiativeEntrant[], dice: Dice): D20Placement[] {
  // A stable rolling order, so the same state and seed give the same faces to the same names.
  const byName = [...entrants].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  let rolled: Rolled[] = byName.map((e) => {
    const dex = initiativeDex(e)
    const roll = dice.roll({ count: 1, sides: 20, modifier: dex }, `initiative: ${e.name} (d20 + Dex, W1)`)
    return { id: e.id, name: e.name, dex, roll, offs: [], offRolls: [] }
  })
  for (;;) {
    const tied = new Set<CombatantId>()
    for (const a of rolled) for (const b of rolled) if (a !== b && compare(a, b) === 0) tied.add(a.id)
    if (tied.size === 0) break
    rolled = rolled.map((r) => {
      if (!tied.has(r.id)) return r
      const off = dice.roll({ count: 1, sides: 6, modifier: 0 }, `initiative roll-off: ${r.name} (d6, W1)`)
      return { ...r, offs: [...r.offs, off.total], offRolls: [...r.offRolls, off] }
    })
  }
  return [...rolled].sort(compare).map((r) => ({
    combatantId: r.id,
    initiative: { roll: r.roll, total: r.roll.total, tieBreak: r.offs },
    dex: r.dex,
    rolls: [r.roll, ...r.offRolls],
  }))
}
