import type { RollRecord } from '../../../../src-shared/dice'
import type { CombatantId } from '../../../../src-shared/records'
import type { Dice } from '../../dice'
import type { InitiativeEntrant, InitiativePlacement } from '../../ruleset'
import { characteristicDm } from '../characteristics'

/** T2: an ambusher's initiative counts the dice as 12. */
export const AMBUSH_ROLL = 12

/** What initiative reads from an entrant's sheet: its DEX DM and whether it springs an ambush. Bad or missing data reads as DM 0, no ambush. */
export function initiativeFacts(rules: unknown): { dexDm: number; ambusher: boolean } {
  const r = rules as { characteristics?: { dex?: unknown }; ambusher?: unknown } | null | undefined
  const dex = r?.characteristics?.dex
  return { dexDm: typeof dex === 'number' ? characteristicDm(dex) : 0, ambusher: r?.ambusher === true }
}

interface Rolled {
  readonly id: CombatantId
  readonly dexDm: number
  readonly roll: RollRecord
  readonly rollOffs: readonly RollRecord[]
}

const tieBreakOf = (r: Rolled) => r.rollOffs.map((x) => x.total)

/** T2, R0.3: higher total first; ties go to the higher DEX DM, then to 2d6 roll-offs in order. */
function compare(a: Rolled, b: Rolled): number {
  if (a.roll.total !== b.roll.total) return b.roll.total - a.roll.total
  if (a.dexDm !== b.dexDm) return b.dexDm - a.dexDm
  const ta = tieBreakOf(a)
  const tb = tieBreakOf(b)
  for (let i = 0; i < Math.max(ta.length, tb.length); i++) {
    const d = (tb[i] ?? 0) - (ta[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/**
 * T2: an ambusher counts as rolling 12. No die is thrown for it (R0.2: nothing random happens), so
 * its record shows the two sixes it counts as (the log's purpose says why) rather than drawing from
 * the generator; a RollRecord has no source for a fixed value, so it reads 'seeded'.
 */
function ambushRecord(name: string, modifier: number): RollRecord {
  return {
    expression: modifier === 0 ? '2d6' : `2d6${modifier > 0 ? '+' : ''}${modifier}`,
    sides: 6,
    faces: [6, 6],
    modifier,
    total: AMBUSH_ROLL + modifier,
    source: 'seeded',
    purpose: `initiative: ${name} (ambusher: counts as rolling 12, no dice, T2)`,
  }
}

/** The extra InitiativePlacement detail: every die thrown for each combatant, for tests and logs. */
export interface TwoD6Placement extends InitiativePlacement {
  readonly dexDm: number
  readonly rolls: readonly RollRecord[]
}

/**
 * T2: initiative = 2d6 + DEX DM (+ the GM's own modifier, if any); ambushers count the dice as
 * 12. Tied totals go to the higher DEX DM; those still tied roll 2d6 off until they differ.
 */
export function rollTwoD6Initiative(entrants: readonly InitiativeEntrant[], dice: Dice): TwoD6Placement[] {
  // A stable rolling order, so the same state and seed give the same dice to the same names.
  const ordered = [...entrants].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  let rolled: Rolled[] = ordered.map((e) => {
    const { dexDm, ambusher } = initiativeFacts(e.rules)
    const modifier = dexDm + e.initiativeModifier
    const roll = ambusher
      ? ambushRecord(e.name, modifier)
      : dice.roll({ count: 2, sides: 6, modifier }, `initiative: ${e.name} (2d6 + DEX DM, T2)`)
    return { id: e.id, dexDm, roll, rollOffs: [] }
  })
  for (;;) {
    const tied = new Set<CombatantId>()
    for (const a of rolled) for (const b of rolled) if (a !== b && compare(a, b) === 0) tied.add(a.id)
    if (tied.size === 0) break
    const names = new Map(ordered.map((e) => [e.id, e.name]))
    rolled = rolled.map((r) =>
      tied.has(r.id)
        ? {
            ...r,
            rollOffs: [...r.rollOffs, dice.roll({ count: 2, sides: 6, modifier: 0 }, `initiative roll-off: ${names.get(r.id)} (T2)`)],
          }
        : r,
    )
  }
  return [...rolled].sort(compare).map((r) => ({
    combatantId: r.id,
    initiative: { roll: r.roll, total: r.roll.total, tieBreak: tieBreakOf(r) },
    dexDm: r.dexDm,
    rolls: [r.roll, ...r.rollOffs],
  }))
}
