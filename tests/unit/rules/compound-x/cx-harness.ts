import { resolve } from 'node:path'
import type { CxCombatant, CxCombatantInput } from '../../../../src-main/rules/compound-x/sheet/cx-sheet'
import { createRulesetRegistry } from '../../../../src-main/rules/ruleset-registry'
import { CampaignHarness } from '../../helpers/campaign-harness'
import { tempDir } from '../../helpers/temp-dir'

export const registry = createRulesetRegistry(resolve('resources'))
export const cx = registry.find('compound-x')!

/** The trooper's stats with some changed. */
export const troopStats = (over: Partial<CxCombatantInput['stats']> = {}): CxCombatantInput['stats'] => ({
  str: 6,
  per: 8,
  fort: 6,
  cha: 5,
  int: 5,
  dex: 6,
  luck: 5,
  ...over,
})

export const trooper = (over: Partial<CxCombatantInput> = {}): CxCombatantInput => ({
  stats: { str: 6, per: 8, fort: 6, cha: 5, int: 5, dex: 6, luck: 5 },
  classId: 'soldier',
  speciesId: 'human',
  weapons: [{ kind: 'ranged', itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 25, spareMagazines: 3 }],
  armour: { rigIds: ['medium-chest-rig'], materialId: 'standard-l1-kevlar' },
  ...over,
})

/**
 * `000` What Is an 'Advanced Rig'? (SR-CX-191): a shield is attached only to Hard Points. A Light
 * chest rig covers 40% as the trooper's Medium one does; the advanced arm rig gives one Hard Point.
 */
export const SHIELD_RIGS = { rigIds: ['light-chest-rig', 'light-advanced-arm-rig'], materialId: 'standard-l1-kevlar' }

export async function fight() {
  const h = await CampaignHarness.create('cx-seed', tempDir(), undefined, cx)
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
  h.must('combatant/add', {
    name: 'Raider',
    side: 'enemy',
    kind: 'npc',
    maxHp: 1,
    rules: trooper({ stats: { str: 5, per: 5, fort: 5, cha: 5, int: 5, dex: 5, luck: 5 } }),
  })
  return h
}

export const combatant = (h: CampaignHarness, name: string) => h.campaign.store.ofType('combatant').find((c) => c.name === name)!
export const live = (h: CampaignHarness, name: string) => (combatant(h, name).rules as unknown as CxCombatant).live
export const ammo = (h: CampaignHarness, name: string) => (combatant(h, name).rules as { weapons: { ammo: number }[] }).weapons[0]!.ammo
