import type { GearProblem } from '../../../../src-shared/gear'
import type { Sheet } from './sheet-schema'
import { FORM_WEAPON_SLOTS, weaponKey } from './sheet-form'
import { UNSKILLED_DM } from './skills'

/**
 * What this 2d6 character uses worse than it could: a weapon whose skill it lacks attacks at the
 * unskilled DM (−3, skills.ts; the `004` document does not say, so nothing is refused), named at
 * the weapon's slot.
 */
export function twoD6GearProblems(s: Sheet): GearProblem[] {
  return s.weapons.flatMap((w, i): GearProblem[] =>
    Object.hasOwn(s.skills, w.skill)
      ? []
      : [
          {
            field: i < FORM_WEAPON_SLOTS ? weaponKey(i) : null,
            item: w.name,
            message: `${w.skill} untrained: attacks at ${UNSKILLED_DM} (unskilled DM)`,
            severity: 'worse',
          },
        ],
  )
}
