import { fail, ok, type Result } from '../../../src-shared/result'
import type { FormField } from '../../../src-shared/attack'
import type { RulesCombatant } from '../ruleset'
import { choiceField } from './cx-form-fields'
import { cxCoverOf } from './cx-map-cover'
import type { Cover } from './ranged/ranged-setup'
import { cxSheets } from './sheet/cx-sheet'

/**
 * `001` Casting Spells: the DC adds "any bonuses the target gains from cover". SR-CX-182: the
 * cover is found as a shot's is (SR-CX-151: the GM's pick, else the map's, else the sheet's), and
 * its bonus is the one the document gives cover anywhere, CX6's +2 partial and +4 full.
 */

/** The largest cover bonus the GM may type (a DC past 100 is already beyond any d100). */
export const MAX_COVER_BONUS = 100

/** `000` Using Cover/Stances: "Partial Cover: +2 · Full Cover: +4". */
const BONUS: Readonly<Record<Cover, number>> = { none: 0, partial: 2, full: 4 }

/** The form's choice that leaves the cover to the map (else the target's sheet). */
export const COVER_FROM_MAP = 'map'

export interface SpellCover {
  readonly bonus: number
  readonly source: 'gm' | 'map' | 'sheet' | 'none'
  /** The working's line: "Low cover at C4 hides 45% of Raider: partial cover, +2". */
  readonly words: string
}

/** The spell form's cover field: the map's by default, or the GM's pick. */
export const spellCoverField = (): FormField =>
  choiceField('cover', 'The target’s cover (adds to the DC)', COVER_FROM_MAP, [
    [COVER_FROM_MAP, 'As the map has it (else the sheet)'],
    ['none', 'None (+0)'],
    ['partial', 'Partial (+2)'],
    ['full', 'Full (+4)'],
  ])

/**
 * The cover bonus a spell at `target` adds to its DC. A number is the GM's typed bonus (the
 * palette and older requests send one); a cover name is the GM's pick; 'map' or nothing asks the
 * map, then the target's sheet. A spell on oneself, or on no one, meets no cover.
 */
export function spellCoverOf(
  option: string | number | boolean | undefined,
  caster: RulesCombatant,
  target: RulesCombatant | null,
): Result<SpellCover> {
  if (typeof option === 'number') {
    if (!Number.isInteger(option) || option < 0 || option > MAX_COVER_BONUS)
      return fail('action/badOption', `The target's cover bonus must be a whole number from 0 to ${MAX_COVER_BONUS}.`)
    return ok({ bonus: option, source: 'gm', words: `Cover bonus typed by the GM: +${option}` })
  }
  if (option !== undefined && option !== COVER_FROM_MAP && !['none', 'partial', 'full'].includes(String(option)))
    return fail('action/badOption', `The target's cover is "${String(option)}": pick map, none, partial or full.`)
  if (!target || target.id === caster.id) return ok({ bonus: 0, source: 'none', words: 'No one else targeted: no cover' })
  const sheet = cxSheets.of(target)?.live.cover ?? 'none'
  const chosen = cxCoverOf(option === COVER_FROM_MAP ? undefined : (option as string | undefined), target, sheet)
  const bonus = BONUS[chosen.cover]
  return ok({ bonus, source: chosen.source, words: `${chosen.words}, +${bonus}` })
}
