import { describe, expect, it } from 'vitest'
import { performance } from 'node:perf_hooks'
import { coresForTests } from '../helpers/core-window'
import { trooper } from '../rules/compound-x/cx-harness'

const startCore = coresForTests()

/** Vex with a rifle (brackets to 60 m) in slot 1 and a snub pistol (to 15 m) in slot 2, and targets around the yard. */
async function yard(targets: { name: string; x: number; y: number }[]) {
  const { core, gm } = await startCore()
  await gm.must('createCampaign', { name: 'Reach', seed: 'reach', rulesetId: 'compound-x' })
  const weapons = [
    { kind: 'ranged' as const, itemId: 'anvil-arms-c25', attachmentIds: [], ammo: 25, spareMagazines: 3 },
    { kind: 'ranged' as const, itemId: 'matthews-model-19-snub', attachmentIds: [], ammo: 6, spareMagazines: 1 },
  ]
  await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper({ weapons }) })
  for (const t of targets) await gm.command('combatant/add', { name: t.name, side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
  await gm.command('scene/create', { name: 'Yard' })
  const records = (await gm.must('snapshot', undefined)).records
  const sceneId = records.find((r) => r.typeName === 'scene')!.id
  const id = (name: string) => records.find((r) => r.typeName === 'combatant' && r.name === name)!.id as `combatant:${string}`
  await gm.command('token/place', { sceneId, combatantId: id('Vex'), x: 0, y: 0 })
  for (const t of targets) await gm.command('token/place', { sceneId, combatantId: id(t.name), x: t.x, y: t.y })
  return { core, gm, id, sceneId }
}

describe('previewReach: the attack preview against every token on the table, in one request', () => {
  it("names who the chosen weapon cannot reach, by the ruleset's own verdict", async () => {
    const { gm, id, sceneId } = await yard([
      { name: 'Near', x: 8, y: 0 },
      { name: 'Mid', x: 30, y: 40 },
      { name: 'Far', x: 70, y: 0 },
    ])
    const verdicts = async (weapon: number) => {
      const r = await gm.must('previewReach', { attackerId: id('Vex'), weapon, mode: '' })
      expect(r.sceneId).toBe(sceneId)
      return Object.fromEntries(r.targets.map((t) => [t.targetId, t.blocked]))
    }
    const rifle = await verdicts(0)
    expect(Object.keys(rifle).sort()).toEqual([id('Near'), id('Mid'), id('Far')].sort())
    expect(rifle[id('Near')]).toBeNull()
    expect(rifle[id('Mid')]).toBeNull()
    expect(rifle[id('Far')]).toMatch(/70 m is beyond the Anvil Arms C25's longest range \(60 m\)/)
    const pistol = await verdicts(1)
    expect(pistol[id('Near')]).toBeNull()
    expect(pistol[id('Mid')]).toMatch(/50 m is beyond/)
    expect(pistol[id('Far')]).toMatch(/70 m is beyond/)
  })

  it('gives an empty list for an attacker off the table, and clear errors for bad input', async () => {
    const { gm, id } = await yard([{ name: 'Near', x: 8, y: 0 }])
    await gm.command('scene/create', { name: 'Elsewhere' })
    const other = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'scene' && r.name === 'Elsewhere')!
      .id as `scene:${string}`
    await gm.command('scene/activate', { sceneId: other })
    expect(await gm.must('previewReach', { attackerId: id('Vex'), weapon: 0, mode: '' })).toEqual({ sceneId: other, targets: [] })
    expect(await gm.request('previewReach', { attackerId: 'combatant:nobody', weapon: 0, mode: '' })).toMatchObject({
      ok: false,
      error: { code: 'combatant/notFound' },
    })
    expect(await gm.request('previewReach', { attackerId: id('Vex'), weapon: 99, mode: '' })).toMatchObject({
      ok: false,
      error: { code: 'request/invalid', message: expect.stringContaining('weapon') },
    })
  })

  it('issue 36: on a crowded map (600 tokens) a command sent while the marks are worked out is answered first', async () => {
    const targets = Array.from({ length: 600 }, (_, i) => ({ name: `Raider ${i + 1}`, x: (i % 30) * 2, y: Math.floor(i / 30) * 2 + 3 }))
    const { gm, id } = await yard(targets)
    await gm.must('previewReach', { attackerId: id('Vex'), weapon: 0, mode: '' })
    const answered: string[] = []
    const reach = gm.must('previewReach', { attackerId: id('Vex'), weapon: 0, mode: '' }).then((r) => {
      answered.push('reach')
      return r
    })
    // `command` throws if the core refuses it.
    const command = gm.command('combatant/adjustHp', { combatantId: id('Raider 1'), delta: -1 }).then(() => answered.push('command'))
    const [marks] = await Promise.all([reach, command])
    expect(answered).toEqual(['command', 'reach'])
    expect(marks.targets).toHaveLength(600)
  })

  it('answers for a crowded map (60 tokens) in well under a frame budget per target', async () => {
    const targets = Array.from({ length: 60 }, (_, i) => ({ name: `Raider ${i + 1}`, x: (i % 10) * 9, y: Math.floor(i / 10) * 9 + 3 }))
    const { gm, id } = await yard(targets)
    await gm.must('previewReach', { attackerId: id('Vex'), weapon: 0, mode: '' })
    const start = performance.now()
    const r = await gm.must('previewReach', { attackerId: id('Vex'), weapon: 0, mode: '' })
    const ms = performance.now() - start
    expect(r.targets).toHaveLength(60)
    expect(r.targets.filter((t) => t.blocked !== null).length).toBeGreaterThan(0)
    expect(ms / 60).toBeLessThan(5)
  })
})
