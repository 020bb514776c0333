import type { QuickNpc } from '../ruleset'
import { issue, starterArmour } from './sheet/d10-items'
import type { D10SheetInput, Weapon } from './sheet/d10-sheet'
import { toJson } from '../kit/stored-sheet'

interface Build {
  readonly attributes: D10SheetInput['attributes']
  readonly skills: D10SheetInput['skills']
  readonly speed: number
  readonly effortMax: number
  readonly armourId: string
  readonly weaponIds: readonly string[]
}

/** A ready-made enemy: starter armour and weapons issued as the sheet form would hand them out. */
function npc(name: string, maxHp: number, tags: readonly string[], b: Build): QuickNpc {
  const weapons = b.weaponIds.map((id) => issue(id)).filter((w): w is Weapon => w !== null)
  const sheet: D10SheetInput = {
    attributes: b.attributes,
    skills: b.skills,
    speed: b.speed,
    effortMax: b.effortMax,
    armourId: b.armourId,
    dr: starterArmour(b.armourId)?.dr,
    weapons,
  }
  return { name, maxHp, initiativeModifier: 0, tags, rules: toJson(sheet) }
}

/** Two ready-made enemies in this system's terms; the GM edits the copy. */
export const D10_QUICK_NPCS: readonly QuickNpc[] = [
  npc('Militia rifleman', 20, ['militia', 'ranged'], {
    attributes: { str: 0, dex: 1, con: 0, per: 1 },
    skills: { firearms: 2, melee: 1, dodge: 1, notice: 1 },
    speed: 8,
    effortMax: 1,
    armourId: 'work-jacket',
    weaponIds: ['service-carbine', 'combat-knife'],
  }),
  npc('Heavy gunner', 30, ['heavy', 'suppression'], {
    attributes: { str: 2, dex: 0, con: 2, per: 0 },
    skills: { firearms: 3, melee: 1, notice: 1 },
    speed: 6,
    effortMax: 2,
    armourId: 'full-kit',
    weaponIds: ['belt-gun', 'pocket-pistol'],
  }),
]
