import type { QuickNpc } from '../ruleset'
import { armourItem, carried, weaponItem } from './sheet/items'
import { maxHitsOf } from './sheet/sheet-access'
import type { SheetInput } from './sheet/sheet-schema'
import { toJson } from '../kit/stored-sheet'

const weapons = (...ids: string[]) => ids.map((id) => carried(weaponItem(id)!))

function npc(name: string, tags: string[], sheet: SheetInput & { characteristics: NonNullable<SheetInput['characteristics']> }): QuickNpc {
  // The DEX DM comes from the sheet (T2), so the GM's own initiative modifier starts at 0.
  return { name, maxHp: maxHitsOf(sheet), initiativeModifier: 0, rules: toJson(sheet), tags }
}

const armour = (id: string) => {
  const a = armourItem(id)!
  return { name: a.name, itemId: a.id, rating: a.rating }
}

/** Two ready-made opponents in this ruleset's terms. */
export const QUICK_NPCS: readonly QuickNpc[] = [
  npc('Pirate boarder', ['pirate', 'boarder'], {
    characteristics: { str: 9, dex: 8, end: 8, int: 6, edu: 5, soc: 4 },
    skills: { Melee: 1, 'Gun Combat': 0, Athletics: 1 },
    weapons: weapons('boarding-blade', 'scattergun'),
    armour: armour('mesh-vest'),
  }),
  npc('Security guard', ['security', 'guard'], {
    characteristics: { str: 7, dex: 8, end: 7, int: 7, edu: 7, soc: 6 },
    skills: { 'Gun Combat': 1, Melee: 0, Tactics: 0 },
    weapons: weapons('service-pistol', 'shock-baton'),
    armour: armour('padded-jacket'),
  }),
]
