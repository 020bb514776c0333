import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'
import type { SalvoServer } from '../fixtures/salvo-server'
import { CX_RIFLEMAN, GmDispatch } from './gm-dispatch'
import type { GmPage } from './gm-page'

/** Who stands where in the accessibility checks' fight: two PCs, an ally, three enemies (one hidden). */
export const CAST: Record<string, { x: number; y: number; side: 'party' | 'ally' | 'enemy'; pc?: true; hidden?: true }> = {
  Vex: { x: 4, y: 4, side: 'party', pc: true },
  Ash: { x: 5, y: 6, side: 'party', pc: true },
  Doc: { x: 3, y: 8, side: 'ally' },
  'Raider 1': { x: 14, y: 4, side: 'enemy' },
  'Raider 2': { x: 15, y: 7, side: 'enemy' },
  Lurker: { x: 18, y: 12, side: 'enemy', hidden: true },
}

/**
 * The state a GM meets the desk in: a Compound X campaign with PCs and NPCs, a scene with their
 * tokens, an encounter in round 1, a suppression zone on the map and a shot in the log.
 */
export async function fightInPlay(gm: GmPage, server: SalvoServer, seed: string): Promise<GmDispatch> {
  await gm.createCampaign('Access', seed, 'compound-x')
  const desk = await GmDispatch.connect(server, seed)
  for (const [name, c] of Object.entries(CAST))
    await desk.send('combatant/add', {
      name,
      side: c.side,
      kind: c.pc ? 'pc' : 'npc',
      maxHp: 1,
      hidden: c.hidden ?? false,
      rules: CX_RIFLEMAN,
    })
  await desk.send('scene/create', { name: 'Yard' })
  const { combatants: ids, sceneId } = await desk.ids()
  for (const [name, c] of Object.entries(CAST)) await desk.send('token/place', { sceneId, combatantId: ids[name], x: c.x, y: c.y })
  await desk.send('encounter/start', { name: 'Yard fight' })
  await desk.send('encounter/rollInitiative', {})
  await desk.send('action/perform', {
    request: { actorId: ids['Vex'], action: 'suppress', targetId: ids['Raider 1'], options: { level: 'medium' } },
  })
  await desk.send('attack/resolve', {
    request: { attackerId: ids['Raider 2'], targetId: ids['Ash'], weapon: 0, mode: '', options: {} },
  })
  await expect(gm.page.getByTestId('round-number')).toHaveText('1')
  return desk
}

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']

/** Runs axe over the page as it stands; returns the serious and critical violations, one readable line per node. */
export async function seriousViolations(page: Page, name: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG).analyze()
  const lines: string[] = []
  for (const v of results.violations) {
    if (v.impact !== 'serious' && v.impact !== 'critical') continue
    for (const n of v.nodes)
      lines.push(`${name}: ${v.id} (${v.impact}) at ${n.target.join(' ')} — ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
  }
  return lines
}
