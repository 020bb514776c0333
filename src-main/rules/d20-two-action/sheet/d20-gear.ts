import type { GearProblem } from '../../../../src-shared/gear'
import type { D20Sheet } from './d20-sheet'
import { weaponKey } from './d20-sheet-form'

/** The weapon slots the sheet form edits, each with a field the panel can put a warning beside. */
const FORM_SLOTS = 2

/**
 * What this d20 combatant uses worse than it could. `003 Proficiency`: "You are allowed to use
 * any weapon at your disposal", but untrained a basic weapon is −2 to hit and an advanced one −4:
 * nothing is refused, so each problem is a penalty, named at the weapon's slot.
 */
export function d20GearProblems(s: D20Sheet): GearProblem[] {
  return s.weapons.flatMap((w, i): GearProblem[] =>
    w.proficient
      ? []
      : [
          {
            field: i < FORM_SLOTS ? weaponKey(i) : null,
            item: w.name,
            message: `Not proficient: ${w.category === 'advanced' ? '−4' : '−2'} to hit (003 Proficiency)`,
            severity: 'worse',
          },
        ],
  )
}
