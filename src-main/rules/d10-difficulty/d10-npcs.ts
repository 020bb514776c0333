import type { JsonValue } from '../../../src-shared/json'
import type { QuickNpc } from '../ruleset'
import { issue } from './sheet/d10-items'
import type { D10SheetInput, Weapon } from './sheet/d10-sheet'
import { starterArmour } from './sheet/d10-items'

const kit = (...ids: string[]): Weapon[] => ids.map((id) => issue(id)).filter((w): w is Weapon => w !== null)

const sheet = (s: D10SheetInput): JsonValue => s as unknown as JsonValue

/** Two ready-made enemies in this system's terms; the GM edits the copy. */
export const D10_QUICK_NPCS: readonly QuickNpc[] = [
  {
    name: 'Militia rifleman',
    maxHp: 20,
    initiativeModifier: 0,
    tags: ['militia', 'ranged'],
    rules: sheet({
      attributes: { str: 0, dex: 1, con: 0, per: 1 },
      skills: { firearms: 2, melee: 1, dodge: 1, notice: 1 },
      speed: 8,
      effortMax: 1,
      armourId: 'work-jacket',
      dr: starterArmour('work-jacket')!.dr,
      weapons: kit('service-carbine', 'combat-knife'),
    }),
  },
  {
    name: 'Heavy gunner',
    maxHp: 30,
    initiativeModifier: 0,
    tags: ['heavy', 'suppression'],
    rules: sheet({
      attributes: { str: 2, dex: 0, con: 2, per: 0 },
      skills: { firearms: 3, melee: 1, notice: 1 },
      speed: 6,
      effortMax: 2,
      armourId: 'full-kit',
      dr: starterArmour('full-kit')!.dr,
      weapons: kit('belt-gun', 'pocket-pistol'),
    }),
  },
]
