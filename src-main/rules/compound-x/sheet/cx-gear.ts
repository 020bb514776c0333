import type { GearProblem } from '../../../../src-shared/gear'
import type { ContentLibrary } from '../content/content-library'
import { MIN_EXPLOSIVES } from '../cx-throw'
import { requirementProblem } from '../ranged/thrown-weapon'
import type { CxCombatant } from './cx-sheet'
import { ARMOUR_FIELD, GRENADE_KEYS, magazinesKey, skillKey, THROWN_KEYS } from './cx-sheet-form'
import { armourSummary } from './cx-derived'
import { armourCoverageProblem, dexSkillProblem } from '../stats/stat-flaws'
import { attachedModules, cloakModuleRefusal, gunProficiencyRefusal, heldSpares, magSpace, missingArmourProficiency } from './cx-loadout'

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
 * - the loadout (cx-loadout.ts): guns and rigs without the class's proficiency, spare magazines
 *   past the Mag Space, modules past the Hard Points or their skill (SR-CX-190..195).
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
  problems.push(...loadoutProblems(c, library))
  return problems
}

/** SR-CX-190..195: what the loadout carries that play will not let it use. */
function loadoutProblems(c: CxCombatant, library: ContentLibrary): GearProblem[] {
  const problems: GearProblem[] = []
  const held = heldSpares(c, library)
  const space = magSpace(c, library)
  c.weapons.forEach((w, slot) => {
    const gun = w.kind === 'ranged' ? library.get('ranged-weapons', w.itemId) : undefined
    if (!gun) return
    const refusal = gunProficiencyRefusal(c, gun, library)
    if (refusal) problems.push({ field: slot === 0 ? 'weapon' : null, item: gun.name, message: refusal, severity: 'cannot' })
    const kept = held[slot] ?? 0
    if (kept < w.spareMagazines)
      problems.push({
        field: magazinesKey(slot),
        item: gun.name,
        message: `${kept} of ${w.spareMagazines} spare magazines fit the rigs' ${space ?? 0} Mag Space: only those reload (000 Where Is My Ammo Storage?, SR-CX-190)`,
        severity: 'cannot',
      })
  })
  for (const id of c.armour.rigIds) {
    const rig = library.get('armour-rigs', id)
    const missing = rig ? missingArmourProficiency(c, rig, library) : null
    if (rig && missing)
      problems.push({
        field: 'armourFamily',
        item: rig.name,
        message: `No ${missing} armour proficiency: it covers nothing and holds no magazines or modules (001 Armor Proficiencies, SR-CX-194)`,
        severity: 'cannot',
      })
  }
  const fitted = attachedModules(c, library)
  const shield = c.shieldId ? library.get('shields', c.shieldId) : undefined
  if (shield && fitted.shield === null)
    problems.push({
      field: 'shieldId',
      item: shield.name,
      message: `Needs ${shield.hardPoints} Hard Point${shield.hardPoints === 1 ? '' : 's'}; the rigs give ${fitted.points ?? 0}: not attached, no shield (000 Advanced Rigs, SR-CX-191)`,
      severity: 'cannot',
    })
  const cloak = c.cloakId ? library.get('cloaking-modules', c.cloakId) : undefined
  const why = cloak ? cloakModuleRefusal(c, cloak, library) : null
  if (cloak && why) problems.push({ field: 'cloakId', item: cloak.name, message: `Cannot cloak: ${why}`, severity: 'cannot' })
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
