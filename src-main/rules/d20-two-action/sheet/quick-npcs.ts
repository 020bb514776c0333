import type { QuickNpc } from '../../ruleset'
import type { D20SheetInput } from './d20-sheet'
import { starterWeapon } from './starter-items'
import { toJson } from '../../kit/stored-sheet'

const weapon = (id: string) => {
  const w = starterWeapon(id)
  if (!w) throw new Error(`starter weapon ${id} is missing`)
  return w
}

/** A quick-footed blade: hard to pin down, answers attacks twice a round. */
const duelist: D20SheetInput = {
  attributes: { str: 1, dex: 4, mag: 0, per: 2, vit: 1, wil: 1 },
  armourRating: 12,
  armour: 'Hide vest',
  feats: { combatProwess: false, graceAndFinesse: true },
  defences: ['dodge', 'parry', 'riposte'],
  weapons: [weapon('thin-blade'), weapon('knife')],
}

/** A heavy hitter in thick armour who swings more than once a turn. */
const brute: D20SheetInput = {
  attributes: { str: 4, dex: 0, mag: 0, per: 0, vit: 3, wil: 0 },
  armourRating: 14,
  armour: 'Ring shirt',
  affinities: { concussive: 'resistant' },
  feats: { combatProwess: true, graceAndFinesse: false },
  weapons: [weapon('two-handed-hammer'), weapon('cudgel')],
}

/** W1: an NPC's initiative modifier is its Dexterity, which the sheet also carries. */
export const D20_QUICK_NPCS: readonly QuickNpc[] = [
  {
    name: 'Duelist',
    maxHp: 18,
    initiativeModifier: duelist.attributes.dex,
    rules: toJson(duelist),
    tags: ['melee', 'skirmisher'],
  },
  { name: 'Brute', maxHp: 30, initiativeModifier: brute.attributes.dex, rules: toJson(brute), tags: ['melee', 'heavy'] },
]
