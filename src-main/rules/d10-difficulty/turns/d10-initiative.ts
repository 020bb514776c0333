import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import type { InitiativeEntrant, InitiativePlacement } from '../../ruleset'
import { type Modifier, modifier, sumModifiers } from '../../kit/modifier'
import type { D10Sheet } from '../sheet/d10-sheet'
import { d10Sheets } from '../d10-sheet-access'

const D10 = { count: 1, sides: 10, modifier: 0 }

/** D2: the effort points an entrant declared, as far as it has them on hand. */
export function declaredEffort(sheet: D10Sheet | null): number {
  if (!sheet) return 0
  return Math.max(0, Math.min(sheet.live.initiativeEffort, sheet.live.effort))
}

/** D2: d10 + DEX modifier + effort points declared before the roll (+ the GM's other bonuses, `002` Turns). */
export function initiativeTerms(e: InitiativeEntrant): Modifier[] {
  const sheet = d10Sheets.read(e.rules ?? null)
  const terms = [modifier('Dexterity modifier', sheet?.attributes.dex ?? 0, 'D2')]
  const effort = declaredEffort(sheet)
  if (effort > 0) terms.push(modifier('Effort points declared', effort, 'D2'))
  if (e.initiativeModifier) terms.push(modifier('Other bonuses (GM)', e.initiativeModifier, '002 Turns'))
  return terms
}

interface Rolled {
  readonly entrant: InitiativeEntrant
  readonly roll: RollRecord
  /** D2's order of precedence: the total, then the DEX modifier, then each roll-off face in turn. */
  readonly rank: readonly number[]
}

/** R0.3: higher first, comparing the ranks place by place. */
function compare(a: Rolled, b: Rolled): number {
  for (let i = 0; i < Math.max(a.rank.length, b.rank.length); i++) {
    const d = (b.rank[i] ?? 0) - (a.rank[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/**
 * D2: everyone rolls d10 + DEX modifier + declared effort; those still tied after comparing DEX
 * modifiers roll a d10 off, again and again among whoever is still tied, until they differ.
 */
export function rollD10Initiative(entrants: readonly InitiativeEntrant[], dice: Dice): InitiativePlacement[] {
  // A stable rolling order (by name, then id), so the same state and seed give the same faces to the same names.
  const byText = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0)
  const byName = [...entrants].sort((a, b) => byText(a.name, b.name) || byText(a.id, b.id))
  let rolled: Rolled[] = byName.map((entrant) => {
    const terms = initiativeTerms(entrant)
    const roll = dice.roll({ ...D10, modifier: sumModifiers(terms) }, `initiative: ${entrant.name}`)
    return { entrant, roll, rank: [roll.total, terms[0]!.value] }
  })
  // Whoever still shares a rank with someone rolls another d10, until no two share one.
  for (;;) {
    const counts = new Map<string, number>()
    for (const r of rolled) counts.set(r.rank.join(','), (counts.get(r.rank.join(',')) ?? 0) + 1)
    if ([...counts.values()].every((n) => n === 1)) break
    rolled = rolled.map((r) =>
      (counts.get(r.rank.join(',')) ?? 0) > 1
        ? { ...r, rank: [...r.rank, dice.roll(D10, `initiative roll-off: ${r.entrant.name}`).total] }
        : r,
    )
  }
  return [...rolled]
    .sort(compare)
    .map((r) => ({ combatantId: r.entrant.id, initiative: { roll: r.roll, total: r.roll.total, tieBreak: r.rank.slice(2) } }))
}
