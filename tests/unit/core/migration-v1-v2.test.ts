import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CampaignEngine } from '../../../src-main/core/engine/campaign-engine'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import { tempDir } from '../helpers/temp-dir'

type Json = Record<string, unknown>
const TURN_STATE = ['conditions', 'spent', 'delayed', 'held', 'templateId']

/** Removes the fields v2 added from a combatant, as a v1 Salvo would have written it. */
function asV1(r: unknown): unknown {
  if (typeof r !== 'object' || r === null || (r as Json)['typeName'] !== 'combatant') return r
  return Object.fromEntries(Object.entries(r).filter(([k]) => !TURN_STATE.includes(k)))
}

describe('schema v1 → v2', () => {
  it('gives combatants in records and in undo/redo marks their turn state, and undo still works', async () => {
    const dataDir = tempDir()
    const repo = new CampaignRepository({ dataDir })
    const created = await repo.create('Old night', 'v1-seed', 'generic-d100')
    const engine = new CampaignEngine(created, genericRuleset)
    let n = 0
    const run = (type: string, payload: unknown) => {
      const r = engine.execute({ type, payload, meta: { commandId: `c${++n}` } })
      if (!r.ok) throw new Error(r.error.message)
    }
    run('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 })
    run('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30 })
    run('combatant/adjustHp', { combatantId: created.store.ofType('combatant').find((c) => c.name === 'Raider')!.id, delta: -7 })
    run('combatant/add', { name: 'Ghost', side: 'enemy', kind: 'npc', maxHp: 30 })
    run('history/undo', {})
    await created.close()

    const doc = JSON.parse(readFileSync(created.paths.document, 'utf8')) as { schemaVersion: number; records: Record<string, Json> }
    const history = doc.records['history'] as {
      undo: { changes: { from: unknown; to: unknown }[] }[]
      redo: { changes: { from: unknown; to: unknown }[] }[]
    }
    for (const list of [history.undo, history.redo])
      for (const m of list) for (const c of m.changes) Object.assign(c, { from: asV1(c.from), to: asV1(c.to) })
    for (const [id, r] of Object.entries(doc.records)) doc.records[id] = asV1(r) as Json
    const v1 = JSON.stringify({ ...doc, schemaVersion: 1 })
    // The test is only as good as its v1 file: nothing of the v2 fields may be left in it.
    expect(v1).not.toMatch(/"(conditions|spent|delayed|held|templateId)"/)
    writeFileSync(created.paths.document, v1)

    const opened = await repo.open(created.id)
    if (!opened.ok) throw new Error(opened.error.message)
    const fresh = { conditions: [], spent: {}, delayed: false, held: null, templateId: null }
    const combatants = opened.value.store.ofType('combatant')
    expect(combatants.map((c) => c.name).sort()).toEqual(['Raider', 'Vex'])
    for (const c of combatants) expect(c).toMatchObject(fresh)
    const h = opened.value.store.get('history')
    if (h?.typeName !== 'history') throw new Error('no history')
    const inMarks = [...h.undo, ...h.redo]
      .flatMap((m) => m.changes.flatMap((c) => [c.from, c.to]))
      .filter((r) => r?.typeName === 'combatant')
    expect(inMarks.length).toBeGreaterThanOrEqual(4)
    for (const r of inMarks) expect(r).toMatchObject(fresh)

    // Undo and redo restore migrated records, so the combatant they bring back is whole.
    const again = new CampaignEngine(opened.value, genericRuleset)
    expect(again.execute({ type: 'history/redo', payload: {}, meta: { commandId: 'r1' } }).ok).toBe(true)
    expect(opened.value.store.ofType('combatant').find((c) => c.name === 'Ghost')).toMatchObject(fresh)
    expect(again.execute({ type: 'history/undo', payload: {}, meta: { commandId: 'u1' } }).ok).toBe(true)
    expect(again.execute({ type: 'history/undo', payload: {}, meta: { commandId: 'u2' } }).ok).toBe(true)
    expect(opened.value.store.ofType('combatant').find((c) => c.name === 'Raider')).toMatchObject({ hp: 30, ...fresh })

    // Written back as v2 at once, with the v1 file kept as a backup.
    expect(JSON.parse(readFileSync(created.paths.document, 'utf8'))).toMatchObject({ schemaVersion: 2 })
    const backup = readdirSync(created.paths.backupsDir).find((b) => b.includes('before-migration-v1'))
    expect(backup && readFileSync(created.paths.backup(backup), 'utf8')).toBe(v1)
    await opened.value.close()
  })
})
