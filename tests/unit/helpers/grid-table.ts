import type { JsonValue } from '../../../src-shared/json'
import type { LogEntryRecord, PromptRecord } from '../../../src-shared/records'
import type { Result } from '../../../src-shared/result'
import type { CombatantView } from '../../../src-shared/views'
import type { coresForTests } from './core-window'

/**
 * A fight on a battle map with 1.5 m squares (a 5-foot square, R0.4), through a real core: the
 * requests the desk and the map make (previews, the map's reach marks, a drag's preview) and
 * the commands the GM sends. For the rule checks on positions (issue 31).
 */

type StartCore = ReturnType<typeof coresForTests>
type Id = `combatant:${string}`
type Options = Record<string, string | number | boolean>

export const SQUARE = 1.5

/** The centre of the square in column `col`, row `row` (from the top-left corner). */
export const square = (col: number, row: number) => ({ x: (col + 0.5) * SQUARE, y: (row + 0.5) * SQUARE })

export interface Fighter {
  readonly name: string
  readonly side: 'party' | 'enemy'
  readonly rules: unknown
  /** Where its token stands on the yard; absent, it has no token. */
  readonly at?: { readonly x: number; readonly y: number }
}

export async function gridTable(startCore: StartCore, rulesetId: string, fighters: readonly Fighter[]) {
  const { gm } = await startCore()
  await gm.must('createCampaign', { name: 'Reach', seed: 'reach', rulesetId })
  for (const f of fighters)
    await gm.command('combatant/add', { name: f.name, side: f.side, kind: f.side === 'party' ? 'pc' : 'npc', maxHp: 30, rules: f.rules })
  await gm.command('scene/create', { name: 'Yard', grid: { kind: 'square', cellPx: 50, metresPerCell: SQUARE, offsetX: 0, offsetY: 0 } })
  const records = async () => (await gm.must('snapshot', undefined)).records
  const sceneId = (await records()).find((r) => r.typeName === 'scene')!.id as `scene:${string}`
  const all = await records()
  const id = (name: string): Id => all.find((r) => r.typeName === 'combatant' && r.name === name)!.id as Id
  let n = 0
  const send = (type: string, payload: unknown, typedDice?: number[]) =>
    gm.request('dispatch', { type, payload, meta: { commandId: `grid-${++n}`, ...(typedDice ? { typedDice } : {}) } } as never)
  const place = (name: string, at: { x: number; y: number }, free = true) =>
    send('token/place', { sceneId, combatantId: id(name), x: at.x, y: at.y, free })
  for (const f of fighters) if (f.at) await place(f.name, f.at)
  await gm.command('encounter/start', {})
  await gm.command('encounter/rollInitiative', {})

  const combatant = async (name: string) =>
    (await records()).find((r): r is CombatantView => r.typeName === 'combatant' && r.name === name)!
  const request = (attacker: string, target: string, weapon: number, options: Options = {}, mode = '') => ({
    request: { attackerId: id(attacker), targetId: id(target), weapon, mode, options },
  })
  return {
    gm,
    sceneId,
    id,
    send,
    place,
    /** Its health, as the GM's desk shows it. */
    hpOf: async (name: string) => {
      const n = (await combatant(name)).numbers
      return n.kind === 'exact' ? n.hp : null
    },
    /** Passes turns until it is this combatant's. */
    async turnOf(name: string) {
      for (let i = 0; i < fighters.length + 1; i++) {
        const enc = (await records()).find((r) => r.typeName === 'encounter') as { currentCombatantId: string | null }
        if (enc.currentCombatantId === id(name)) return
        await gm.command('encounter/nextTurn', {})
      }
      throw new Error(`${name} never got a turn`)
    },
    preview: (attacker: string, target: string, weapon: number, options: Options = {}, mode = '') =>
      gm.request('previewAttack', request(attacker, target, weapon, options, mode)),
    attack: (
      attacker: string,
      target: string,
      weapon: number,
      options: Options = {},
      dice?: number[],
      mode = '',
    ): Promise<Result<unknown>> => send('attack/resolve', request(attacker, target, weapon, options, mode), dice),
    act: (actor: string, action: string, target: string | null, options: Options = {}, dice?: number[]): Promise<Result<unknown>> =>
      send('action/perform', { request: { actorId: id(actor), action, targetId: target ? id(target) : null, options } }, dice),
    /** The map's out-of-reach marks for this attacker and weapon: target name → the reason, or null. */
    async marks(attacker: string, weapon: number) {
      const r = await gm.must('previewReach', { attackerId: id(attacker), weapon, mode: '' })
      const names = new Map(fighters.map((f) => [id(f.name), f.name]))
      return Object.fromEntries(r.targets.map((t) => [names.get(t.targetId)!, t.blocked]))
    },
    previewMove: (name: string, to: { x: number; y: number }) =>
      gm.must('previewMove', { combatantId: id(name), sceneId, x: to.x, y: to.y }),
    prompts: async () => (await records()).filter((r): r is PromptRecord => r.typeName === 'prompt'),
    logs: async () => (await records()).filter((r): r is LogEntryRecord => r.typeName === 'log').map((l) => l.text),
    version: async () => (await gm.must('snapshot', undefined)).version,
    rulesOf: async (name: string) => (await combatant(name)).rules as JsonValue,
  }
}
