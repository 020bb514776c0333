import type { RollRecord } from '../../../../src-shared/dice'
import type { CombatantId } from '../../../../src-shared/records'
import type { Dice } from '../../dice'
import type { InitiativeEntrant, InitiativePlacement } from '../../ruleset'
import type { CharacterClass } from '../content/pack-schema'
import { modifier, type Modifier, sumModifiers } from '../../kit/modifier'

const D100 = { count: 1, sides: 100, modifier: 0 }

export const FIGHT_FIERCELY_FIRST = 'Fight Fiercely First'

/**
 * An entrant with its initiative explained. `modifiers`, when given, replace the plain
 * `initiativeModifier` (which stays for the generic engine and is then ignored), so an
 * engine holding only `InitiativeEntrant`s can still call the Compound X procedure.
 */
export interface CompoundXInitiativeEntrant extends InitiativeEntrant {
  readonly modifiers?: readonly Modifier[]
}

/** A placement plus the labelled modifiers behind its total (assignable to `InitiativePlacement`). */
export interface CompoundXInitiativePlacement extends InitiativePlacement {
  readonly modifiers: readonly Modifier[]
  /** Every die rolled for this combatant: the initiative d100, then each roll-off d100. */
  readonly rolls: readonly RollRecord[]
}

/**
 * CX19: initiative is modified only by class abilities — the class's passive bonus (Soldier +15)
 * and the feat "Fight Fiercely First" (+10 more).
 */
export function initiativeModifiers(cls: Pick<CharacterClass, 'name' | 'initiativeBonus'> | null, feats: readonly string[]): Modifier[] {
  const mods: Modifier[] = []
  if (cls && cls.initiativeBonus !== 0) mods.push(modifier(`${cls.name} passive`, cls.initiativeBonus, 'CX19'))
  if (feats.some((f) => f.trim().toLowerCase() === FIGHT_FIERCELY_FIRST.toLowerCase())) {
    mods.push(modifier(`Feat: ${FIGHT_FIERCELY_FIRST}`, 10, 'CX19'))
  }
  return mods
}

function modifiersOf(e: CompoundXInitiativeEntrant): readonly Modifier[] {
  if (e.modifiers) return e.modifiers
  return e.initiativeModifier === 0 ? [] : [modifier('Initiative modifier', e.initiativeModifier, 'CX19')]
}

interface Rolled {
  readonly entrant: CompoundXInitiativeEntrant
  readonly modifiers: readonly Modifier[]
  readonly roll: RollRecord
  readonly tieBreak: readonly number[]
  readonly rollOffs: readonly RollRecord[]
}

/** Total first, then the roll-off faces in order; higher goes first (R0.3). No modifier tie-break in CX19. */
function compare(a: Rolled, b: Rolled): number {
  if (a.roll.total !== b.roll.total) return b.roll.total - a.roll.total
  const n = Math.max(a.tieBreak.length, b.tieBreak.length)
  for (let i = 0; i < n; i++) {
    const d = (b.tieBreak[i] ?? 0) - (a.tieBreak[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/**
 * CX19: d100 + class modifiers, higher first; tied combatants roll d100 off until they differ
 * (each round of roll-offs involves only those still tied with someone).
 */
export function rollCompoundXInitiative(entrants: readonly CompoundXInitiativeEntrant[], dice: Dice): CompoundXInitiativePlacement[] {
  // A stable rolling order, so the same state and seed give the same faces to the same names.
  const byName = [...entrants].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  let rolled: Rolled[] = byName.map((entrant) => {
    const modifiers = modifiersOf(entrant)
    const roll = dice.roll({ ...D100, modifier: sumModifiers(modifiers) }, `initiative: ${entrant.name}`)
    return { entrant, modifiers, roll, tieBreak: [], rollOffs: [] }
  })
  for (;;) {
    const tied = new Set<CombatantId>()
    for (const a of rolled) for (const b of rolled) if (a !== b && compare(a, b) === 0) tied.add(a.entrant.id)
    if (tied.size === 0) break
    rolled = rolled.map((r) => {
      if (!tied.has(r.entrant.id)) return r
      const off = dice.roll(D100, `initiative roll-off: ${r.entrant.name}`)
      return { ...r, tieBreak: [...r.tieBreak, off.total], rollOffs: [...r.rollOffs, off] }
    })
  }
  return [...rolled].sort(compare).map((r) => ({
    combatantId: r.entrant.id,
    initiative: { roll: r.roll, total: r.roll.total, tieBreak: r.tieBreak },
    modifiers: r.modifiers,
    rolls: [r.roll, ...r.rollOffs],
  }))
}
