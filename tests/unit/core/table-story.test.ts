import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TableStoryView } from '../../../src-shared/table-story'
import { storyText } from '../../../src-shared/table-story'
import { healthBand } from '../../../src-shared/views'
import { createRulesetRegistry } from '../../../src-main/rules/ruleset-registry'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { PlayerHolding, playerLeaks } from '../../support/fuzz-leak-check'
import { trooper } from '../rules/compound-x/cx-harness'

const startCore = coresForTests()

type Window = ReturnType<typeof attachWindow>

const storyOf = async (w: Window): Promise<TableStoryView | null> => {
  const r = (await w.must('snapshot', undefined)).records.find((x) => x.typeName === 'story')
  return r?.typeName === 'story' ? r : null
}
const linesOf = async (w: Window) => ((await storyOf(w))?.lines ?? []).map((l) => storyText(l.fact))

const idOf = async (gm: Window, name: string) => {
  const c = (await gm.must('snapshot', undefined)).records.find((r) => r.typeName === 'combatant' && r.name === name)
  if (!c) throw new Error(`no ${name}`)
  return c.id as `combatant:${string}`
}

/** A Compound X fight: Vex (PC) with a rail pistol, Raider 2 (an NPC in the open) and a hidden Sniper. */
async function fight() {
  const { core, gm } = await startCore()
  const player = attachWindow(core, 'player')
  await gm.must('createCampaign', { name: 'Story', seed: 'story-seed', rulesetId: 'compound-x' })
  await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
  await gm.command('combatant/add', { name: 'Raider 2', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
  await gm.command('combatant/add', { name: 'Sniper', side: 'enemy', kind: 'npc', maxHp: 1, hidden: true, rules: trooper() })
  await gm.command('encounter/start', { name: 'Loading dock' })
  await gm.command('encounter/rollInitiative', {})
  const ids = { vex: await idOf(gm, 'Vex'), raider: await idOf(gm, 'Raider 2'), sniper: await idOf(gm, 'Sniper') }
  return { core, gm, player, ...ids }
}

const strike = (attackerId: string, targetId: string) => ({
  request: { attackerId, targetId, weapon: 1, mode: 'strike', options: {} },
})

const shot = (attackerId: string, targetId: string, secret?: boolean) => ({
  request: { attackerId, targetId, weapon: 0, mode: 'semi', options: { distance: 5 } },
  ...(secret === undefined ? {} : { secret }),
})

describe('the table story', () => {
  it('tells an attack on an NPC with a band at the table and the numbers to the GM', async () => {
    const { gm, player, vex, raider } = await fight()
    // Hand damage first, so the NPC is hurt whatever the dice say.
    await gm.command('combatant/damage', { combatantId: raider, amount: 7, damageType: 'untyped' })
    await gm.command('attack/resolve', shot(vex, raider))
    const table = await storyOf(player)
    const gmStory = await storyOf(gm)
    expect(table!.lines.map((l) => l.fact.kind)).toEqual(['harm', 'attack'])
    const [hurt, attack] = table!.lines
    expect(hurt!.fact).toMatchObject({ kind: 'harm', who: { name: 'Raider 2' }, harm: { kind: 'band' } })
    // Compound X counts the rounds a ranged attack fires: "1 of 1 hit" or "0 of 1 hit".
    expect(attack!.fact).toMatchObject({ kind: 'attack', actor: { name: 'Vex' }, target: { name: 'Raider 2' }, hits: { of: 1 } })
    expect(storyText(attack!.fact)).toMatch(/^Vex → Raider 2: [01] of 1 hit/)
    // No exact number about the NPC in anything the table got.
    expect(JSON.stringify(table)).not.toContain('"exact"')
    expect(gmStory!.lines[0]!.fact).toMatchObject({ harm: { kind: 'exact' } })
    expect(table!.lines.map((l) => l.n)).toEqual([1, 2])
  })

  it('shows a PC’s damage in numbers', async () => {
    const { gm, player, vex } = await fight()
    await gm.command('combatant/damage', { combatantId: vex, amount: 3, damageType: 'untyped' })
    expect((await storyOf(player))!.lines[0]!.fact).toMatchObject({ kind: 'harm', harm: { kind: 'exact', from: expect.any(Number) } })
  })

  it('tells a secret roll only by its effect on those the table sees, logs it for the GM only, and numbers the table’s lines', async () => {
    const { gm, player, vex, raider } = await fight()
    // Hand damage first, so Vex can be seen to fall whatever the dice say; then a secret burst until it hits.
    for (let i = 0; i < 30 && (await linesOf(player)).length === 0; i++) await gm.command('attack/resolve', shot(raider, vex, true))
    await gm.command('dice/roll', { expression: 'd20', purpose: 'Hush', secret: true })
    const told = (await storyOf(player))!.lines
    expect(told.length).toBe(1)
    // The ribbon shows Vex's health fall anyway; who shot, and how, stays the GM's.
    expect(told[0]!.fact).toMatchObject({ kind: 'harm', by: null, who: { name: 'Vex' }, harm: { kind: 'exact' } })
    expect(JSON.stringify(await storyOf(player))).not.toContain('Raider')
    expect((await storyOf(gm))!.lines[0]!.fact).toMatchObject({ kind: 'attack', actor: { name: 'Raider 2' } })
    const logs = (await gm.must('snapshot', undefined)).records.flatMap((r) => (r.typeName === 'log' ? [r] : []))
    const attackLogs = logs.filter((l) => l.subjects?.includes(vex) && l.subjects.includes(raider))
    expect(attackLogs.length).toBeGreaterThan(0)
    expect(attackLogs.map((l) => l.visibility)).toEqual(attackLogs.map(() => 'gm'))
    await gm.command('dice/roll', { expression: 'd20', purpose: 'Weather' })
    const lines = (await storyOf(player))!.lines
    expect(lines.map((l) => [l.n, storyText(l.fact)])).toEqual([
      [1, expect.stringMatching(/^Vex takes \d+ \(HP -?\d+\/\d+\)$/)],
      [2, expect.stringMatching(/^GM roll, Weather: \d+$/)],
    ])
  })

  it('tells what a hidden combatant does to a visible one as its effect alone, and never names it, even once revealed', async () => {
    const { gm, player, vex, sniper } = await fight()
    await gm.command('combatant/damage', { combatantId: sniper, amount: 2, damageType: 'untyped' })
    // Fists: a strike that lands engages both (Compound X keeps engagement from melee attacks).
    for (let i = 0; i < 30 && (await linesOf(player)).length === 0; i++) await gm.command('attack/resolve', strike(sniper, vex))
    expect((await storyOf(gm))!.lines.map((l) => l.fact)).toEqual([
      expect.objectContaining({ kind: 'attack', actor: expect.objectContaining({ name: 'Sniper' }) }),
    ])
    const engaged = async (w: Window) => {
      const c = (await w.must('snapshot', undefined)).records.find((r) => r.id === vex)
      return c?.typeName === 'combatant' && c.conditions.some((x) => x.conditionId === 'engaged')
    }
    expect(await engaged(gm)).toBe(true)
    // The table: Vex is hurt, by no one it can name; not "Vex engaged", which would place someone unseen beside Vex.
    const seen = (await storyOf(player))!.lines.map((l) => l.fact)
    expect(seen).toEqual([expect.objectContaining({ kind: 'harm', by: null, who: expect.objectContaining({ name: 'Vex' }) })])
    expect(JSON.stringify(await storyOf(player))).not.toContain('Sniper')
    // Nor does the ribbon show Vex engaged while the one it is engaged with is unseen.
    expect(await engaged(player)).toBe(false)
    await gm.command('combatant/setHidden', { combatantId: sniper, hidden: false })
    expect((await storyOf(player))!.lines.map((l) => l.fact)).toEqual(seen)
    expect(await engaged(player)).toBe(true)
    // The GM's strip is the table's lines, told the GM's way.
    expect((await storyOf(gm))!.lines.map((l) => l.n)).toEqual((await storyOf(player))!.lines.map((l) => l.n))
  })

  it('tells "Vex engaged" when the one engaging is in plain sight', async () => {
    const { gm, player, vex, raider } = await fight()
    for (let i = 0; i < 30 && !(await linesOf(player)).some((t) => t.startsWith('Raider 2 →')); i++)
      await gm.command('attack/resolve', strike(raider, vex))
    expect(await linesOf(player)).toContain('Vex engaged')
  })

  it('takes a line off the table when its combatant is hidden later', async () => {
    const { gm, player, raider } = await fight()
    await gm.command('combatant/damage', { combatantId: raider, amount: 2, damageType: 'untyped' })
    expect(await linesOf(player)).toEqual(['Raider 2 hurt'])
    await gm.command('combatant/setHidden', { combatantId: raider, hidden: true })
    expect(await linesOf(player)).toEqual([])
  })

  it('keeps the last five, and undo takes a line back', async () => {
    const { gm, player } = await fight()
    for (let i = 1; i <= 7; i++) await gm.command('dice/roll', { expression: 'd6', purpose: `Roll ${i}` })
    expect((await linesOf(player)).map((t) => t.split(':')[0])).toEqual([3, 4, 5, 6, 7].map((i) => `GM roll, Roll ${i}`))
    await gm.command('history/undo', {})
    expect((await linesOf(player)).map((t) => t.split(':')[0])).toEqual([2, 3, 4, 5, 6].map((i) => `GM roll, Roll ${i}`))
  })

  it('keeps an NPC’s stealth check secret by default and shows it when the GM says so', async () => {
    const { gm, player, raider } = await fight()
    await gm.command('check/roll', { combatantId: raider, check: 'skill:Stealth', dc: 0 })
    expect(await linesOf(player)).toEqual([])
    await gm.command('check/roll', { combatantId: raider, check: 'skill:Stealth', dc: 0, secret: false })
    expect(await linesOf(player)).toEqual([expect.stringMatching(/^Raider 2's Stealth (succeeds|fails)$/)])
  })

  it('recaps the fight when it ends, redacted for the table, until the GM dismisses it', async () => {
    const { gm, player, vex, raider, sniper } = await fight()
    await gm.command('combatant/damage', { combatantId: raider, amount: 9, damageType: 'untyped' })
    await gm.command('combatant/damage', { combatantId: vex, amount: 4, damageType: 'untyped' })
    await gm.command('combatant/damage', { combatantId: sniper, amount: 5, damageType: 'untyped' })
    await gm.command('encounter/nextTurn', {})
    await gm.command('encounter/end', {})
    const table = (await storyOf(player))!.recap!
    const gmRecap = (await storyOf(gm))!.recap!
    expect(table.name).toBe('Loading dock')
    expect(table.rounds).toBeGreaterThanOrEqual(1)
    expect(table.rows.map((r) => r.who.name).sort()).toEqual(['Raider 2', 'Vex'])
    expect(table.rows.find((r) => r.who.name === 'Raider 2')!.taken).toEqual({ kind: 'band', band: expect.any(String) })
    expect(table.rows.find((r) => r.who.name === 'Vex')!.taken).toEqual({ kind: 'exact', amount: 4 })
    expect(table.biggest).toMatchObject({ target: { name: 'Vex' }, amount: 4 })
    expect(JSON.stringify(table)).not.toContain('Sniper')
    expect(gmRecap.rows.map((r) => r.who.name).sort()).toEqual(['Raider 2', 'Sniper', 'Vex'])
    expect(gmRecap.biggest).toMatchObject({ target: { name: 'Raider 2' }, amount: 9 })
    await gm.command('story/dismissRecap', {})
    expect((await storyOf(player))!.recap).toBeNull()
  })
})

describe('the table’s recap and the GM’s', () => {
  it('agree on every visible row: downs, damage taken and the biggest hit, with hidden causes left out', async () => {
    const { gm, player, vex, raider, sniper } = await fight()
    await gm.command('combatant/add', { name: 'Ash', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
    await gm.command('combatant/add', { name: 'Idle', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
    const ash = await idOf(gm, 'Ash')
    await gm.command('encounter/rollInitiative', {})
    // The hidden Sniper hurts Vex and Ash; Vex hits Raider 2; Ash goes down to hand damage.
    const turn = async () => gm.command('encounter/nextTurn', {})
    for (let i = 0; i < 12; i++) {
      await gm.request('dispatch', {
        type: 'attack/resolve',
        payload: strike(sniper, i % 2 ? vex : ash),
        meta: { commandId: `s${i}` },
      } as never)
      await gm.request('dispatch', { type: 'attack/resolve', payload: shot(vex, raider), meta: { commandId: `v${i}` } } as never)
      if (i % 3 === 2) await turn()
    }
    await gm.command('combatant/damage', { combatantId: ash, amount: 500, damageType: 'untyped' })
    await gm.command('encounter/end', {})
    const table = (await storyOf(player))!.recap!
    const gmRecap = (await storyOf(gm))!.recap!
    const visible = ['Vex', 'Raider 2', 'Ash', 'Idle']
    // Every visible fighter has its row, the idle one too; the hidden one has none.
    expect(table.rows.map((r) => r.who.name).sort()).toEqual([...visible].sort())
    expect(gmRecap.rows.map((r) => r.who.name).sort()).toEqual([...visible, 'Sniper'].sort())
    const gmRow = (name: string) => gmRecap.rows.find((r) => r.who.name === name)!
    const npcHp = async () => {
      const c = (await gm.must('snapshot', undefined)).records.find((r) => r.id === raider)
      return c?.typeName === 'combatant' && c.numbers.kind === 'exact' ? c.numbers : null
    }
    for (const row of table.rows) {
      const theirs = gmRow(row.who.name)
      expect(row.wentDown, row.who.name).toBe(theirs.wentDown)
      if (row.who.kind === 'pc') expect(row.taken, row.who.name).toEqual(theirs.taken)
      else {
        const hp = (await npcHp())!
        expect(row.taken).toEqual({ kind: 'band', band: healthBand(hp.hp, hp.maxHp) })
      }
    }
    // Something happened worth comparing: the Sniper's strikes landed on both.
    expect(gmRow('Vex').taken).not.toEqual({ kind: 'exact', amount: 0 })
    expect(gmRow('Ash').wentDown).toBeGreaterThan(0)
    // Downs: the GM's, less anyone hidden, and without a hidden cause.
    expect(table.downs.map((d) => d.who.name)).toEqual(gmRecap.downs.filter((d) => d.who.name !== 'Sniper').map((d) => d.who.name))
    for (const d of table.downs) expect(d.by?.name).not.toBe('Sniper')
    // The biggest hit on a player character, whoever dealt it (a hidden one's counts, unnamed).
    const pcHits = gmRecap.biggest && gmRecap.biggest.target.kind === 'pc' ? gmRecap.biggest.amount : null
    if (pcHits !== null) expect(table.biggest?.amount).toBe(pcHits)
    expect(table.biggest).not.toBeNull()
    expect(JSON.stringify(table)).not.toContain('Sniper')
  })
})

describe('the story across a restart', () => {
  it('replays from the journal to the same strip and recap', async () => {
    const { core, dataDir, gm } = await startCore()
    await gm.must('createCampaign', { name: 'Replay', seed: 'replay-seed', rulesetId: 'compound-x' })
    await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 1, rules: trooper() })
    await gm.command('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 1, rules: trooper() })
    await gm.command('encounter/start', { name: 'Dock' })
    const raider = await idOf(gm, 'Raider')
    await gm.command('combatant/damage', { combatantId: raider, amount: 500, damageType: 'untyped' })
    await gm.command('dice/roll', { expression: 'd6', purpose: 'Wind' })
    await gm.command('encounter/end', {})
    const before = await storyOf(gm)
    expect(before!.recap!.downs.map((d) => d.who.name)).toEqual(['Raider'])
    const campaignId = (await gm.must('session', undefined)).campaign!.id
    await core.shutdown()
    const again = await startCore({ dataDir })
    await again.gm.must('openCampaign', { campaignId })
    expect(await storyOf(again.gm)).toEqual(before)
  })
})

describe('each ruleset’s secret rolls', () => {
  const registry = createRulesetRegistry(resolve('resources'))
  it.each([
    ['compound-x', 'skill:Stealth', 'skill:Athletics'],
    ['d10-difficulty', 'skill:stealth', 'skill:athletics'],
    ['d20-two-action', 'attr:per', 'attr:str'],
    ['2d6-significant', 'skill:Stealth', 'skill:Athletics'],
  ])('%s: an NPC’s %s is secret by default; a PC’s is not, nor %s, nor an attack', async (id, secret, open) => {
    const ruleset = registry.list().find((r) => r.id.startsWith(id.split('-')[0]!))
    // Rulesets other than the flagship load on demand.
    const s = (await registry.load(ruleset!.id))!.secrecy!
    expect(s.secretByDefault({ kind: 'check', key: secret, roller: 'npc' })).toBe(true)
    expect(s.secretByDefault({ kind: 'check', key: secret, roller: 'pc' })).toBe(false)
    expect(s.secretByDefault({ kind: 'check', key: open, roller: 'npc' })).toBe(false)
    expect(s.secretByDefault({ kind: 'attack', key: 'attack', roller: 'npc' })).toBe(false)
  })
})

describe('what the table’s socket carries of the story', () => {
  it('every message the player window gets passes the leak rules, and carries no hidden name or secret roll', async () => {
    const { gm, player, vex, raider, sniper } = await fight()
    await gm.command('attack/resolve', shot(vex, raider))
    await gm.command('attack/resolve', shot(sniper, vex))
    await gm.command('attack/resolve', shot(raider, vex, true))
    await gm.command('dice/roll', { expression: 'd100', purpose: 'ZqHush1x', secret: true })
    await gm.command('check/roll', { combatantId: raider, check: 'skill:Stealth', dc: 0 })
    await gm.command('combatant/damage', { combatantId: raider, amount: 50, damageType: 'untyped' })
    await gm.command('combatant/damage', { combatantId: sniper, amount: 50, damageType: 'untyped' })
    await gm.command('encounter/end', {})
    const gmRecords = (await gm.must('snapshot', undefined)).records
    const bytes = JSON.stringify(player.messages)
    expect(bytes).toContain('"story"')
    expect(playerLeaks(player.messages, { secrets: new Set(['Sniper', 'ZqHush1x']), gm: gmRecords }, new PlayerHolding())).toEqual([])
    // The secret check's outcome never went up either.
    expect(bytes).not.toContain('Stealth')
  })

  it('the leak rules bite on a story that names the hidden, shows an NPC’s numbers or carries the GM’s copy', () => {
    const name = (id: string, kind: 'pc' | 'npc', hidden = false) => ({ id: `combatant:${id}` as const, name: id, kind, hidden })
    const gmRecords = [
      { typeName: 'combatant', id: 'combatant:a', hidden: false },
      { typeName: 'combatant', id: 'combatant:b', hidden: false },
      { typeName: 'combatant', id: 'combatant:h', hidden: true },
    ] as never
    const story = (s: Partial<TableStoryView>) => ({
      kind: 'snapshot' as const,
      snapshot: { version: 1, records: [{ typeName: 'story', id: 'story', lines: [], recap: null, ...s }] },
    })
    const leaks = (s: Partial<TableStoryView>) =>
      playerLeaks([story(s) as never], { secrets: new Set(), gm: gmRecords }, new PlayerHolding())
    const harm = { kind: 'exact', from: 10, to: 4, max: 10 } as const
    expect(leaks({ lines: [{ n: 1, round: 1, fact: { kind: 'harm', by: null, who: name('b', 'npc'), harm, down: null } }] })).toEqual([
      expect.stringContaining('npc-numbers'),
    ])
    expect(leaks({ lines: [{ n: 1, round: 1, fact: { kind: 'down', who: name('h', 'npc'), state: 'down' } }] })).toEqual([
      expect.stringContaining('hidden-combatant'),
    ])
    expect(leaks({ lines: [{ n: 1, round: 1, fact: { kind: 'down', who: name('b', 'npc'), state: 'dead' } }] })).toEqual([
      expect.stringContaining('npc-numbers'),
    ])
    expect(leaks({ table: { lines: [], recap: null } })).toEqual([expect.stringContaining('gm-only-field')])
    expect(
      leaks({ lines: [{ n: 1, round: 1, fact: { kind: 'harm', by: name('b', 'npc'), who: name('a', 'pc'), harm, down: null } }] }),
    ).toEqual([])
  })
})
