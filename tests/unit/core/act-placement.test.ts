import { describe, expect, it } from 'vitest'
import type { LogEntryRecord } from '../../../src-shared/records'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { makePng } from '../helpers/images'
import { trooper } from '../rules/compound-x/cx-harness'

/**
 * Issue 31, one place for positions: on the scene in play the map gives an act its distance. A
 * typed distance that is not the map's is refused, so is an act between one combatant on the map
 * and one off it; the GM may set positions aside for one act, and the log says so.
 */

const startCore = coresForTests()
type Gm = ReturnType<typeof attachWindow>

const idOf = async (gm: Gm, name: string) => {
  const c = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant' && r.name === name)
  return c!.id as `combatant:${string}`
}

/** Vex at (2, 2) and Raider at (14, 6) on Dock (12.6 m apart); Scout with no token anywhere. */
async function dock() {
  const { core, gm } = await startCore()
  await gm.must('createCampaign', { name: 'Positions', seed: 'positions', rulesetId: 'compound-x' })
  for (const [name, side, kind] of [
    ['Vex', 'party', 'pc'],
    ['Raider', 'enemy', 'npc'],
    ['Scout', 'enemy', 'npc'],
  ] as const)
    await gm.command('combatant/add', { name, side, kind, maxHp: 1, rules: trooper() })
  await gm.command('scene/create', { name: 'Dock' })
  const scene = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'scene')!.id
  const [vex, raider, scout] = [await idOf(gm, 'Vex'), await idOf(gm, 'Raider'), await idOf(gm, 'Scout')]
  await gm.command('token/place', { sceneId: scene, combatantId: vex, x: 2, y: 2 })
  await gm.command('token/place', { sceneId: scene, combatantId: raider, x: 14, y: 6 })
  await gm.command('encounter/start', {})
  await gm.command('encounter/rollInitiative', {})
  return { core, gm, scene, vex, raider, scout }
}

const shot = (attackerId: `combatant:${string}`, targetId: `combatant:${string}`, options: Record<string, number | boolean> = {}) => ({
  request: { attackerId, targetId, weapon: 0, mode: 'semi', options },
})
const attack = (gm: Gm, payload: unknown, n: number) =>
  gm.request('dispatch', { type: 'attack/resolve', payload, meta: { commandId: `shot-${n}` } } as never)
const logs = async (gm: Gm) =>
  (await gm.must('snapshot', undefined)).records.filter((r): r is LogEntryRecord => r.typeName === 'log').map((l) => l.text)

describe('one place for positions (issue 31)', () => {
  it('refuses a typed distance that is not the map’s, in the preview and the attack, and changes nothing', async () => {
    const { gm, vex, raider } = await dock()
    const before = await gm.must('snapshot', undefined)
    const preview = await gm.request('previewAttack', shot(vex, raider, { distance: 5 }))
    const r = await attack(gm, shot(vex, raider, { distance: 5 }), 1)
    for (const refused of [preview, r]) {
      expect(!refused.ok && refused.error.code).toBe('position/distanceNotTheMaps')
      expect(!refused.ok && refused.error.message).toContain('12.6 m apart on the map, not 5 m')
    }
    expect((await gm.must('snapshot', undefined)).version).toBe(before.version)
    // The map's own distance, as the desk fills it in, and no distance at all, are the map's.
    expect((await attack(gm, shot(vex, raider, { distance: 12.6 }), 2)).ok).toBe(true)
    expect((await gm.request('previewAttack', shot(vex, raider))).ok).toBe(true)
  })

  it('refuses an act between one combatant on the map and one off it', async () => {
    const { gm, vex, scout } = await dock()
    for (const payload of [shot(vex, scout), shot(scout, vex, { distance: 10 })]) {
      const r = await attack(gm, payload, 3)
      expect(!r.ok && r.error.code).toBe('position/offMap')
      expect(!r.ok && r.error.message).toMatch(/^Scout has no token on "Dock", where Vex stands/)
    }
  })

  it('sets positions aside for one act when the GM says so, and logs it with both distances', async () => {
    const { gm, vex, raider, scout } = await dock()
    const near = await gm.must('previewAttack', shot(vex, raider, { distance: 2, ignorePositions: true }))
    const far = await gm.must('previewAttack', shot(vex, raider, { distance: 55, ignorePositions: true }))
    // The typed distance stands: a shot at 2 m misses less than one at 55 m.
    expect(near.headline).not.toBe(far.headline)
    expect((await attack(gm, shot(vex, raider, { distance: 5, ignorePositions: true }), 4)).ok).toBe(true)
    expect(await logs(gm)).toContain('Positions set aside by the GM for this act (distance typed: 5 m; 12.6 m on the map)')
    // Off the map too: the GM may settle Scout's distance by hand.
    expect((await attack(gm, shot(vex, scout, { distance: 8, ignorePositions: true }), 5)).ok).toBe(true)
  })

  it('refuses a token placed off the scene’s picture, or at a negative position', async () => {
    const { gm, scene, vex } = await dock()
    // 200 × 100 px at the scene's 50 px a metre: 4 × 2 m.
    await gm.must('importSceneImage', {
      sceneId: scene as `scene:${string}`,
      fileName: 'dock.png',
      dataBase64: makePng(200, 100, 1).toString('base64'),
    })
    const place = (x: number, y: number, n: number) =>
      gm.request('dispatch', {
        type: 'token/place',
        payload: { sceneId: scene, combatantId: vex, x, y, free: true },
        meta: { commandId: `place-${n}` },
      } as never)
    const off = await place(5, 1, 1)
    expect(!off.ok && [off.error.code, off.error.message]).toEqual(['token/offScene', 'Vex cannot stand at (5, 1) m: "Dock" is 4 × 2 m.'])
    const below = await place(-0.5, 1, 2)
    expect(!below.ok && below.error.code).toBe('token/offScene')
    expect((await place(4, 2, 3)).ok).toBe(true)
  })

  it('counts only the scene in play: a token on another scene is no place on this one', async () => {
    const { gm, vex, raider, scout } = await dock()
    await gm.command('scene/create', { name: 'Hold' })
    const hold = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'scene' && r.name === 'Hold')!.id
    await gm.command('token/place', { sceneId: hold, combatantId: scout, x: 2, y: 3 })
    const before = await gm.must('snapshot', undefined)
    const r = await attack(gm, shot(vex, scout), 6)
    expect(!r.ok && r.error.code).toBe('position/offMap')
    expect(!r.ok && r.error.message).toMatch(/^Scout has no token on "Dock", where Vex stands/)
    expect((await gm.must('snapshot', undefined)).version).toBe(before.version)
    // Two on the other scene are measured on neither: the scene in play is the only map.
    expect((await attack(gm, shot(vex, raider), 7)).ok).toBe(true)
  })

  it('refuses a scene without a scale (no metres to a cell, or no pixels to a metre), naming the field', async () => {
    const { gm, scene } = await dock()
    const before = await gm.must('snapshot', undefined)
    let n = 0
    for (const grid of [
      { kind: 'square', cellPx: 50, metresPerCell: 0, offsetX: 0, offsetY: 0 },
      { kind: 'none', pxPerMetre: 0 },
      { kind: 'square', cellPx: 50, offsetX: 0, offsetY: 0 },
    ]) {
      for (const [type, payload] of [
        ['scene/update', { sceneId: scene, grid }],
        ['scene/create', { name: 'Flat', grid }],
      ] as const) {
        const r = await gm.request('dispatch', { type, payload, meta: { commandId: `grid-${++n}` } } as never)
        expect(r.ok).toBe(false)
        expect(!r.ok && r.error.message).toMatch(/metresPerCell|pxPerMetre/)
      }
    }
    expect((await gm.must('snapshot', undefined)).version).toBe(before.version)
  })
})
