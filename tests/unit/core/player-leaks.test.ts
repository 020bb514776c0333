import seedrandom from 'seedrandom'
import { afterEach, describe, expect, it } from 'vitest'
import type { ServerMessage } from '../../../src-shared/contract'
import { SalvoCore } from '../../../src-main/core/app/salvo-core'
import { attachWindow, tickingClock } from '../helpers/core-window'
import { tempDir } from '../helpers/temp-dir'
import { trooper } from '../rules/compound-x/cx-harness'

/**
 * A property test over random fights: whatever the GM does — hidden combatants, NPC wounds,
 * notes on conditions, scenes on the shelf, tokens, the roster, saved encounters, undo — no
 * message the player window receives carries any of it. Everything secret is given a name
 * that appears nowhere else, so a leak is a plain substring.
 */

const cores: SalvoCore[] = []
afterEach(async () => {
  for (const c of cores.splice(0)) await c.shutdown()
})

type Rng = () => number
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!

async function randomEvening(seed: string, steps: number) {
  const core = new SalvoCore({ dataDir: tempDir(), now: tickingClock() })
  cores.push(core)
  const gm = attachWindow(core, 'gm')
  const player = attachWindow(core, 'player')
  await gm.must('createCampaign', { name: 'Leaks', seed, rulesetId: 'compound-x' })
  const rng = seedrandom(seed)
  const secrets = new Set<string>()
  let n = 0
  const ids = async (filter: (r: { typeName: string; name?: string; hidden?: boolean }) => boolean) =>
    (await gm.must('snapshot', undefined)).records.filter((r) => filter(r as never)).map((r) => r.id)
  const secretIds = new Set<string>()
  const secretName = (kind: string) => {
    const s = `Zq${kind}${++n}x`
    secrets.add(s)
    return s
  }
  const tryCommand = async (type: string, payload: unknown) => {
    // Refusals are part of the evening (a move onto the same spot, an empty undo…): only leaks fail the test.
    await gm.request('dispatch', { type, payload, meta: { commandId: `c${++n}` } } as never)
  }

  const actions: (() => Promise<void>)[] = [
    async () => tryCommand('combatant/add', { name: `Open${++n}`, side: pick(rng, ['party', 'enemy'] as const), kind: pick(rng, ['pc', 'npc'] as const), maxHp: 1, rules: trooper() }),
    async () => {
      await tryCommand('combatant/add', { name: secretName('Hid'), side: 'enemy', kind: 'npc', maxHp: 1, hidden: true, rules: trooper() })
      for (const id of await ids((r) => r.typeName === 'combatant' && !!r.hidden && !!r.name?.startsWith('ZqHid'))) secretIds.add(id)
    },
    async () => {
      const all = await ids((r) => r.typeName === 'combatant')
      if (all.length) await tryCommand('combatant/adjustHp', { combatantId: pick(rng, all), delta: -1 - Math.floor(rng() * 40) })
    },
    async () => {
      const all = await ids((r) => r.typeName === 'combatant')
      if (all.length) await tryCommand('condition/add', { combatantId: pick(rng, all), condition: pick(rng, ['bleeding', 'prone', 'stunned']), duration: { kind: 'rounds', rounds: 1 + Math.floor(rng() * 3) }, note: secretName('Note') })
    },
    async () => {
      // With none on the table the new scene goes there (and the players rightly see it); otherwise it stays on the GM's shelf.
      const onTable = await ids((r) => r.typeName === 'scene' && !!(r as { active?: boolean }).active)
      await tryCommand('scene/create', { name: onTable.length ? secretName('Shelf') : `OpenScene${++n}` })
      // Tokens on a shelf scene would name it by id.
      for (const id of await ids((r) => r.typeName === 'scene' && !!r.name?.startsWith('Zq'))) secretIds.add(id)
    },
    async () => {
      const scenes = await ids((r) => r.typeName === 'scene')
      const all = await ids((r) => r.typeName === 'combatant')
      if (scenes.length && all.length) await tryCommand('token/place', { sceneId: pick(rng, scenes), combatantId: pick(rng, all), x: Math.round(rng() * 400) / 10, y: Math.round(rng() * 300) / 10 })
    },
    async () => {
      const hidden = await ids((r) => r.typeName === 'combatant' && !!r.hidden)
      if (hidden.length) await tryCommand('template/fromCombatant', { combatantId: pick(rng, hidden), faction: secretName('Faction') })
    },
    async () => {
      const templates = await ids((r) => r.typeName === 'template')
      // Copies of a secret template stay hidden: their names carry the secret too.
      if (templates.length) await tryCommand('template/spawn', { templateId: pick(rng, templates), count: 1 + Math.floor(rng() * 3), hidden: true })
      for (const id of await ids((r) => r.typeName === 'combatant' && !!r.name?.startsWith('Zq'))) secretIds.add(id)
    },
    async () => tryCommand('plan/save', { name: secretName('Plan') }),
    async () => {
      const enc = await ids((r) => r.typeName === 'encounter' && (r as { status?: string }).status === 'active')
      if (!enc.length) await tryCommand('encounter/start', { name: 'Fight' })
      else await tryCommand(pick(rng, ['encounter/rollInitiative', 'encounter/nextTurn', 'encounter/nextTurn', 'encounter/end']), {})
    },
    async () => {
      const open = await ids((r) => r.typeName === 'combatant' && !r.hidden && !r.name?.startsWith('Zq'))
      if (open.length) await tryCommand('combatant/setHidden', { combatantId: pick(rng, open), hidden: rng() < 0.5 })
    },
    async () => tryCommand(pick(rng, ['history/undo', 'history/redo']), {}),
    async () => tryCommand('dice/roll', { expression: 'd20', purpose: secretName('Secret roll'), secret: true }),
  ]
  // A table to play on: one scene in play, named in the open.
  await tryCommand('scene/create', { name: 'TableScene' })
  for (let i = 0; i < steps; i++) await pick(rng, actions)()
  return { player: player.messages, secrets, secretIds }
}

function leaksIn(messages: readonly ServerMessage[], secrets: ReadonlySet<string>, secretIds: ReadonlySet<string>): string[] {
  const found: string[] = []
  for (const m of messages) {
    const text = JSON.stringify(m)
    for (const s of [...secrets, ...secretIds]) if (text.includes(s)) found.push(`${s} in ${text.slice(0, 200)}`)
    for (const t of ['"template"', '"plan"', '"prompt"', '"log"', '"content"', '"turnStart"', '"spent"', '"note"']) {
      if (text.includes(`"typeName":${t}`) || (t === '"note"' || t === '"spent"' || t === '"turnStart"' ? text.includes(t) : false)) found.push(`${t} in ${text.slice(0, 200)}`)
    }
    // An NPC's numbers never leave the GM: every NPC view the players get has only a band.
    const views = m.kind === 'snapshot' ? m.snapshot.records : m.kind === 'diff' ? [...m.diff.added, ...m.diff.updated.map(([, to]) => to)] : []
    for (const v of views) {
      if (v.typeName === 'combatant' && v.kind === 'npc' && v.numbers.kind !== 'secret') found.push(`NPC numbers for ${v.name}`)
    }
  }
  return found
}

describe('nothing GM-only reaches the player window', () => {
  for (const seed of ['leak-1', 'leak-2', 'leak-3']) {
    it(`over 150 random commands (seed ${seed})`, async () => {
      const { player, secrets, secretIds } = await randomEvening(seed, 150)
      expect(player.length).toBeGreaterThan(20)
      expect(secrets.size).toBeGreaterThan(10)
      expect(leaksIn(player, secrets, secretIds)).toEqual([])
    })
  }

  it('the check finds a leak when there is one (a GM window\'s messages)', async () => {
    const core = new SalvoCore({ dataDir: tempDir(), now: tickingClock() })
    cores.push(core)
    const gm = attachWindow(core, 'gm')
    await gm.must('createCampaign', { name: 'Leaks', seed: 's', rulesetId: 'compound-x' })
    await gm.command('combatant/add', { name: 'ZqHid1x', side: 'enemy', kind: 'npc', maxHp: 10, hidden: true })
    expect(leaksIn(gm.messages, new Set(['ZqHid1x']), new Set()).length).toBeGreaterThan(0)
  })
})
