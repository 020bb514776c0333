import type { attachWindow } from './core-window'

type Gm = ReturnType<typeof attachWindow>

/** A generic-d100 campaign with Vex (a PC) and a hidden Ghost (whose turns the GM alone sees logged) in a running fight, initiative rolled. */
export async function vexAndGhostFight(gm: Gm, campaign: string, seed: string): Promise<void> {
  await gm.must('createCampaign', { name: campaign, seed, rulesetId: 'generic-d100' })
  await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  await gm.command('combatant/add', { name: 'Ghost', side: 'enemy', kind: 'npc', maxHp: 20, hidden: true })
  await gm.command('encounter/start', { name: 'Dockside' })
  await gm.command('encounter/rollInitiative', {})
}
