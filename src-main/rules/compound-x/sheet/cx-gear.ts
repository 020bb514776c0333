import type { GearProblem } from '../../../../src-shared/gear'
import type { ContentLibrary } from '../content/content-library'
import { MIN_EXPLOSIVES } from '../cx-throw'
import { requirementProblem } from '../ranged/thrown-weapon'
import type { CxCombatant } from './cx-sheet'
import { ARMOUR_FIELD, GRENADE_KEYS, skillKey, THROWN_KEYS } from './cx-sheet-form'
import { armourSummary } from './cx-derived'
import { armourCoverageProblem, dexSkillProblem } from '../stats/stat-flaws'

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
  problems.push(...statFlawProblems(c, library))
  return problems
}

/**
 * `001` Primary Stat Details, said where the sheet form shows them: STR 1 cannot wear armour
 * covering more than 50% (SR-CX-173), at the armour field; DEX 1 cannot learn DEX skills
 * (SR-CX-172), at each such skill's field. Flagged, not stripped: the GM mends the sheet.
 */
function statFlawProblems(c: CxCombatant, library: ContentLibrary): GearProblem[] {
  const problems: GearProblem[] = []
  const armour = armourSummary(c, library)
  const heavy = armour ? armourCoverageProblem(c.stats, armour.coverage) : null
  if (heavy) problems.push({ field: ARMOUR_FIELD, item: armourName(c, library), message: heavy, severity: 'cannot' })
  for (const [skill, ranks] of Object.entries(c.skills)) {
    const why = dexSkillProblem(c.stats, skill, ranks)
    if (why) problems.push({ field: skillKey(skill), item: skill, message: why, severity: 'cannot' })
  }
  return problems
}

/** The armour as the card names it: the material, else the first rig. */
function armourName(c: CxCombatant, library: ContentLibrary): string {
  const material = c.armour.materialId ? library.get('armour-materials', c.armour.materialId)?.name : undefined
  return material ?? (c.armour.rigIds[0] ? (library.get('armour-rigs', c.armour.rigIds[0])?.name ?? 'Armour') : 'Armour')
}
