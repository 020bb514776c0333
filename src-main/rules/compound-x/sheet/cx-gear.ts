import type { GearProblem } from '../../../../src-shared/gear'
import type { ContentLibrary } from '../content/content-library'
import { MIN_EXPLOSIVES } from '../cx-throw'
import { requirementProblem } from '../ranged/thrown-weapon'
import type { CxCombatant } from './cx-sheet'
import { GRENADE_KEYS, THROWN_KEYS } from './cx-sheet-form'

/** The skill `000` Grenades asks for. */
export const EXPLOSIVES = 'Explosives'

/**
 * What this Compound X combatant carries but cannot use, each at the form field of its item
 * (only the first line of grenades and of thrown weapons has one). The same checks the throws
 * make, so the sheet says before the fight what the action would refuse in it:
 * - `000` Grenades: "All grenades require an explosives skill of at least 6 to use."
 * - `000` Thrown Weapons, SR-CX-54: a DEX or STR requirement not met refuses the throw.
 * - `000` Melee: "A character must be proficient with a weapon to benefit from its Guard modifier,
 *   otherwise it is treated as an improvised melee weapon": a blade of a size its class does not
 *   list guards worse (the sheet form has no field for carried blades, so the card says it).
 */
export function cxGearProblems(c: CxCombatant, library: ContentLibrary): GearProblem[] {
  const problems: GearProblem[] = []
  const explosives = c.skills[EXPLOSIVES] ?? 0
  c.grenades.forEach((g, i) => {
    const name = library.get('thrown-weapons', g.itemId)?.name ?? g.itemId
    if (explosives < MIN_EXPLOSIVES)
      problems.push({
        field: i === 0 ? GRENADE_KEYS.item : null,
        item: name,
        message: `${EXPLOSIVES} ${explosives}: cannot throw (000 Grenades: needs ${MIN_EXPLOSIVES})`,
        severity: 'cannot',
      })
  })
  c.thrown.forEach((t, i) => {
    const item = library.get('thrown-weapons', t.itemId)
    const why = item ? requirementProblem(item, c.stats, c.skills) : null
    if (item && why)
      problems.push({ field: i === 0 ? THROWN_KEYS.item : null, item: item.name, message: `Cannot throw: ${why}`, severity: 'cannot' })
  })
  for (const w of c.weapons) {
    const blade = w.kind === 'melee' ? library.get('melee-weapons', w.itemId) : undefined
    const cls = c.classId ? library.get('classes', c.classId) : undefined
    if (blade && !(cls?.meleeProficiencies.includes(blade.size) ?? false))
      problems.push({
        field: null,
        item: blade.name,
        message: `Not proficient (${blade.size}): guards as an improvised weapon (000 Melee)`,
        severity: 'worse',
      })
  }
  return problems
}
