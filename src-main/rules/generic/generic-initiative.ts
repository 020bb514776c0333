import type { InitiativeResult } from '../../../src-shared/records'
import type { Dice } from '../dice'
import type { InitiativeEntrant, InitiativePlacement } from '../ruleset'

const D100 = { count: 1, sides: 100, modifier: 0 }

interface Rolled {
  readonly entrant: InitiativeEntrant
  readonly result: InitiativeResult
}

/** Total, then modifier, then roll-off faces; higher goes first (R0.3). */
function compare(a: Rolled, b: Rolled): number {
  if (a.result.total !== b.result.total) return b.result.total - a.result.total
  if (a.entrant.initiativeModifier !== b.entrant.initiativeModifier) {
    return b.entrant.initiativeModifier - a.entrant.initiativeModifier
  }
  const n = Math.max(a.result.tieBreak.length, b.result.tieBreak.length)
  for (let i = 0; i < n; i++) {
    const d = (b.result.tieBreak[i] ?? 0) - (a.result.tieBreak[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/**
 * The placeholder procedure the foundation ships: d100 + initiative modifier, higher first;
 * ties go to the higher modifier, then the tied roll d100 off until they differ.
 */
export function rollGenericInitiative(entrants: readonly InitiativeEntrant[], dice: Dice): InitiativePlacement[] {
  // Roll in a stable order so the same state and seed give the same faces to the same names.
  const ordered = [...entrants].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1))
  let rolled: Rolled[] = ordered.map((entrant) => {
    const roll = dice.roll({ ...D100, modifier: entrant.initiativeModifier }, `initiative: ${entrant.name}`)
    return { entrant, result: { roll, total: roll.total, tieBreak: [] } }
  })
  for (;;) {
    rolled.sort(compare)
    const tiedSet = new Set<Rolled>()
    for (let i = 1; i < rolled.length; i++) {
      if (compare(rolled[i - 1]!, rolled[i]!) === 0) tiedSet.add(rolled[i - 1]!).add(rolled[i]!)
    }
    if (tiedSet.size === 0) break
    rolled = rolled.map((r) => {
      if (!tiedSet.has(r)) return r
      const face = dice.roll(D100, `initiative roll-off: ${r.entrant.name}`).total
      return { ...r, result: { ...r.result, tieBreak: [...r.result.tieBreak, face] } }
    })
  }
  return rolled.map((r) => ({ combatantId: r.entrant.id, initiative: r.result }))
}
