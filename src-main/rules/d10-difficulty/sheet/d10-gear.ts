import type { GearProblem } from '../../../../src-shared/gear'
import { starterArmour } from './d10-items'
import { ARMOUR_ZONES, type D10Sheet } from './d10-sheet'
import { KEYS } from './d10-sheet-form'

/**
 * Where the sheet's damage reduction is not the armour's (`002` Zones, D7): the armour picked
 * sets each zone's DR, and a number the GM typed over it stands, said as extra (or less) at the
 * zone's box and on the card. A sheet with no starter armour picked has only typed numbers.
 */
export function d10GearNotes(sheet: D10Sheet): GearProblem[] {
  const armour = sheet.armourId ? starterArmour(sheet.armourId) : undefined
  if (!armour) return []
  return ARMOUR_ZONES.flatMap((z): GearProblem[] => {
    const diff = sheet.dr[z] - armour.dr[z]
    if (diff === 0) return []
    return [
      {
        field: KEYS.dr(z),
        item: armour.name,
        message: `${diff > 0 ? `+${diff} extra over` : `${diff} under`} the armour's ${armour.dr[z]} (typed)`,
        severity: 'extra',
      },
    ]
  })
}

/** The DR a zone shows on the card: the number, and where the GM typed over the armour's, by how much. */
export function drText(sheet: D10Sheet, zone: (typeof ARMOUR_ZONES)[number]): string {
  const armour = sheet.armourId ? starterArmour(sheet.armourId) : undefined
  if (!armour) return String(sheet.dr[zone])
  const diff = sheet.dr[zone] - armour.dr[zone]
  return diff === 0 ? String(sheet.dr[zone]) : `${sheet.dr[zone]} (${armour.name} ${armour.dr[zone]}, ${diff > 0 ? '+' : ''}${diff} extra)`
}
