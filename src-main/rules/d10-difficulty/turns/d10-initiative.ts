import type { RollRecord } from '../../../../src-shared/dice'
import type { CombatantId } from '../../../../src-shared/records'
import type { Dice } from '../../../core/dice/dice-roller'
import type { InitiativeEntrant, InitiativePlacement } from '../../ruleset'
import { sumTerms, term, type Term } from '../d10-terms'
import type { D10Sheet } from '../sheet/d10-sheet'

const D10 = { count: 1, sides: 10, modifier: 0 }

/** D2: the effort points an entrant declared, as far as it has them on hand. */
export function declaredEffort(sheet: D10Sheet | null): number {
  if (!sheet) return 0
  return Math.max(0, Math.min(sheet.live.initiativeEffort, sheet.live.effort))
}

/** D2: d10 + DEX modifier + effort points declared before the roll (+ the GM's other bonuses, `002` Turns). */
export function initiativeTerms(e: InitiativeEntrant): Term[] {
  const sheet = (e.rules ?? null) as unknown as D10Sheet | null
  const terms = [term('Dexterity modifier', sheet?.attributes.dex ?? 0, 'D2')]
  const effort = declaredEffort(sheet)
  if (effort > 0) terms.push(term('Effort points declared', effort, 'D2'))
  if (e.initiativeModifier) terms.push(term('Other bonuses (GM)', e.initiativeModifier, '002 Turns'))
  return terms
}

interface Rolled {
  readonly entrant: InitiativeEntrant
  readonly dex: number
  readonly roll: RollRecord
  readonly rollOffs: readonly number[]
}

/** D2 and R0.3: higher total first; ties go to the higher DEX modifier, then to the d10 roll-offs in order. */
function compare(a: Rolled, b: Rolled): number {
  if (a.roll.total !== b.roll.total) return b.roll.total - a.roll.total
  if (a.dex !== b.dex) return b.dex - a.dex
  const n = Math.max(a.rollOffs.length, b.rollOffs.length)
  for (let i = 0; i < n; i++) {
    const d = (b.rollOffs[i] ?? 0) - (a.rollOffs[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/**
 * D2: everyone rolls d10 + DEX modifier + declared effort; those still tied after comparing DEX
 * modifiers roll a d10 off, again and again among whoever is still tied, until they differ.
 */
export function rollD10Initiative(entrants: readonly InitiativeEntrant[], dice: Dice): InitiativePlacement[] {
  // A stable rolling order, so the same state and seed give the same faces to the same names.
  const byName = [...entrants].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  let rolled: Rolled[] = byName.map((entrant) => {
    const terms = initiativeTerms(entrant)
    const roll = dice.roll({ ...D10, modifier: sumTerms(terms) }, `initiative: ${entrant.name}`)
    return { entrant, dex: terms[0]!.value, roll, rollOffs: [] }
  })
  for (;;) {
    const tied = new Set<CombatantId>()
    for (const a of rolled) for (const b of rolled) if (a !== b && compare(a, b) === 0) tied.add(a.entrant.id)
    if (tied.size === 0) break
    rolled = rolled.map((r) => (tied.has(r.entrant.id) ? { ...r, rollOffs: [...r.rollOffs, dice.roll(D10, `initiative roll-off: ${r.entrant.name}`).total] } : r))
  }
  return [...rolled].sort(compare).map((r) => ({ combatantId: r.entrant.id, initiative: { roll: r.roll, total: r.roll.total, tieBreak: r.rollOffs } }))
}
