import { modifier, type Modifier } from '../../kit/modifier'
import type { ContentLibrary } from '../content/content-library'
import type { ArmourRig, StatName } from '../content/pack-schema'
import type { ExplanationLine } from '../../../../src-shared/attack'
import { countEdit } from '../../kit/card-edit'
import type { SuitState } from '../protection/defender'
import { losesAirPressure } from '../protection/suit-integrity'
import type { CxCombatant, CxCombatantParsed } from './cx-sheet'

/*
 * `000` EVA Suits and Flight Helmets: "EVA suits are bulky and cannot be used with Armor Rigs,
 * also, DEX skill checks have a -10% penalty … If the suit is hit more times than its "Suit
 * Integrity" rating, it will no longer be able to maintain air pressure". SR-CX-102: the suit is
 * worn as the sheet's armour (its `rigIds`, an armour-rigs item whose piece is 'suit'), so its
 * trauma plate covers like any rig's; its integrity is the item's `suitIntegrity`.
 */

const SOURCE = '000 EVA Suits'
/** `000` EVA Suits: "-10%" on a d100 check is 10 points off. */
export const EVA_DEX_PENALTY = -10

const worn = (c: Pick<CxCombatantParsed, 'armour'>, library: ContentLibrary): ArmourRig[] =>
  c.armour.rigIds.map((id) => library.get('armour-rigs', id)).filter((r) => r !== undefined)

/** The EVA suit worn, if any. */
export function evaSuitOf(c: Pick<CxCombatantParsed, 'armour'>, library: ContentLibrary): ArmourRig | null {
  return worn(c, library).find((r) => r.piece === 'suit') ?? null
}

/**
 * SR-CX-102: the sheet's check refuses a suit worn with an armour rig (any piece outside the EVA
 * family: helmets of the family go with a suit), and a second suit. Null when the sheet is fine.
 */
export function evaSuitRefusal(c: Pick<CxCombatantParsed, 'armour'>, library: ContentLibrary): string | null {
  const rigs = worn(c, library)
  const suits = rigs.filter((r) => r.piece === 'suit')
  if (suits.length === 0) return null
  if (suits.length > 1) return `armour.rigIds: one EVA suit at a time, not ${suits.map((s) => s.name).join(' and ')} (${SOURCE})`
  const rig = rigs.find((r) => r.family !== 'eva')
  return rig
    ? `armour.rigIds: the ${suits[0]!.name} cannot be worn with the ${rig.name}: EVA suits cannot be used with armour rigs (${SOURCE})`
    : null
}

/** `000` EVA Suits: −10 on a check riding on DEX while a suit is worn (SR-CX-102: skill checks, not saves or attacks). */
export function evaCheckModifiers(c: CxCombatant, stat: StatName, library: ContentLibrary | undefined): Modifier[] {
  const suit = library && stat === 'dex' ? evaSuitOf(c, library) : null
  return suit ? [modifier(`${suit.name} (EVA suit)`, EVA_DEX_PENALTY, SOURCE)] : []
}

/** The suit as the protection rules count its hits (SR-CX-103); null without one or without a rating. */
export function suitStateOf(c: CxCombatant, library: ContentLibrary): SuitState | null {
  const suit = evaSuitOf(c, library)
  return suit?.suitIntegrity ? { integrity: suit.suitIntegrity, hits: c.live.suitHits } : null
}

/** The card's line for a worn suit: its hits against its integrity, and the lost seal once past it (SR-CX-103). */
export function evaCardLines(c: CxCombatant, library: ContentLibrary, editKey: string): ExplanationLine[] {
  const suit = suitStateOf(c, library)
  const name = evaSuitOf(c, library)?.name
  if (!suit || !name) return []
  const value = losesAirPressure(suit)
    ? `LOSING AIR PRESSURE (${suit.hits} hits, integrity ${suit.integrity})`
    : `${suit.hits}/${suit.integrity} hits · −10 on DEX skill checks`
  return [{ label: name, value, source: SOURCE, edit: countEdit(editKey, suit.hits) }]
}
