import type { GmPage } from './gm-page'
import { CX_RIFLEMAN, type GmDispatch } from './gm-dispatch'

/**
 * The walls specs' shared yard, set up over the GM's socket in a Compound X campaign: Vex (party)
 * in C3 and Raider (enemy) in I3, 9 m east of it, with a wall across the yard between them, and
 * the fight started with initiative rolled.
 */
export async function walledYard(desk: GmDispatch): Promise<{ ids: Record<string, string>; sceneId: string }> {
  await desk.send('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: CX_RIFLEMAN })
  await desk.send('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: CX_RIFLEMAN })
  await desk.send('scene/create', {
    name: 'Yard',
    grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 },
  })
  const { combatants: ids, sceneId } = await desk.ids()
  if (!sceneId) throw new Error('the yard was not created')
  await desk.send('token/place', { sceneId, combatantId: ids['Vex'], x: 3.75, y: 3.75 })
  await desk.send('token/place', { sceneId, combatantId: ids['Raider'], x: 12.75, y: 3.75 })
  await desk.send('wall/add', {
    sceneId,
    kind: 'wall',
    points: [
      { x: 7.5, y: 0 },
      { x: 7.5, y: 12 },
    ],
  })
  await desk.send('encounter/start', { name: 'Yard' })
  await desk.send('encounter/rollInitiative', {})
  return { ids, sceneId }
}

/**
 * The reach specs' shared dock, in a 2d6 campaign already created: Vex and Raider with bare hands
 * only (every 2d6 sheet has them: a blow needs the other within 1.5 m base to base, SR-2D6-20),
 * standing well apart, the fight started with initiative rolled.
 */
export async function dockApart(desk: GmDispatch): Promise<{ ids: Record<string, string>; sceneId: string }> {
  const rules = { characteristics: { str: 7, dex: 7, end: 7, int: 7, edu: 7, soc: 7 }, skills: { Melee: 1 } }
  await desk.send('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules })
  await desk.send('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules })
  await desk.send('scene/create', { name: 'Dock' })
  const { combatants: ids, sceneId } = await desk.ids()
  if (!sceneId) throw new Error('the dock was not created')
  await desk.send('token/place', { sceneId, combatantId: ids['Vex'], x: 4, y: 4 })
  await desk.send('token/place', { sceneId, combatantId: ids['Raider'], x: 8.5, y: 10 })
  await desk.send('encounter/start', { name: 'Dock' })
  await desk.send('encounter/rollInitiative', {})
  return { ids, sceneId }
}

/**
 * The Balance specs' party, typed through the sheet panel in a Compound X campaign already
 * created: three PCs in medium Kevlar rigs, each with a gun the class may fire (SR-CX-193).
 */
export async function kestrelParty(gm: GmPage): Promise<void> {
  const kit = { armourFamily: 'medium', materialId: 'standard-l1-kevlar' }
  for (const [name, classId, weapon] of [
    ['Vex', 'soldier', 'anvil-arms-c25'],
    ['Ash', 'engineer', 'frontier-lz150-carbine'],
    ['Kit', 'soldier', 'anvil-arms-c25'],
  ] as const) {
    await gm.addCombatant({ name, side: 'party', kind: 'pc', maxHp: 1 })
    await gm.editSheet(name, { str: 6, per: 8, fort: 6, dex: 6, luck: 5, classId, weapon, ...kit })
  }
}
