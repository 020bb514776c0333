import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import seedrandom from 'seedrandom'
import { describe, expect, it } from 'vitest'
import { MAX_NAME } from '../../../src-main/core/commands/roster-names'
import { documentProblem, documentSchema, readDocument } from '../../../src-main/core/persistence/document-schema'
import { COMMAND_TYPES, commandIdSchema, commandPayloadSchemas, type CommandType } from '../../../src-shared/commands'
import { RULES_JSON, TYPED, WRITTEN } from '../../../src-shared/limits'
import { requestInputSchemas } from '../../../src-shared/request-schemas'
import { commandGens, World } from '../../support/fuzz-evening'
import { boundsOf, pick } from '../../support/fuzz-mutate'
import { attachWindow, coresForTests } from '../helpers/core-window'
import { makePng } from '../helpers/images'
import { documentWith, storedScene } from '../helpers/stored-documents'
import { cx } from '../rules/compound-x/cx-harness'
import { homebrew } from '../rules/compound-x/fixtures'

/**
 * Issue 12: a campaign document has a bound on every string, list and map, what the GM types
 * bounded exactly as the commands bound it; fields no Salvo writes are dropped when a campaign
 * is imported or opened; and nothing the app writes is refused by its own check.
 */

const startCore = coresForTests()
const text = (n: number, c = 'x') => c.repeat(n)

const campaignDirs = (dataDir: string) => {
  try {
    return readdirSync(join(dataDir, 'campaigns')).sort()
  } catch {
    return []
  }
}

const roll = { expression: 'd20', sides: 20, faces: [7], modifier: 0, total: 7, source: 'seeded', purpose: 'initiative' }
const combatant = {
  typeName: 'combatant',
  id: 'combatant:c1',
  name: 'Vex',
  side: 'party',
  kind: 'pc',
  hp: 10,
  maxHp: 10,
  initiativeModifier: 0,
  hidden: false,
  initiative: { roll, total: 7, tieBreak: [] },
  orderKey: 1,
  rules: null,
  spent: {},
  delayed: false,
  templateId: null,
  conditions: [
    {
      key: 'condition:k1',
      conditionId: 'bleeding',
      label: 'Bleeding',
      stacks: 1,
      duration: { kind: 'indefinite' },
      sourceId: null,
      data: null,
      note: '',
    },
  ],
  held: { trigger: 'a raider shows', amount: 1, released: false },
}
const template = {
  typeName: 'template',
  id: 'template:t1',
  name: 'Raider',
  side: 'enemy',
  kind: 'npc',
  maxHp: 10,
  initiativeModifier: 0,
  rules: null,
  faction: '',
  tags: ['a'],
}
const scene = storedScene

/** A record with one field (a path into it) set to a value. */
function withField(record: Record<string, unknown>, path: readonly (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(record)
  let at = copy as Record<string | number, unknown>
  for (const k of path.slice(0, -1)) at = at[k] as Record<string | number, unknown>
  at[path.at(-1)!] = value
  return copy
}

describe('the bounds of a campaign document', () => {
  it('cover every string, list, map and piece of ruleset data, in live records and in undo marks', () => {
    const bounds = boundsOf(documentSchema)
    expect(bounds.unbounded).toEqual([])
    expect(bounds.longestList).toBe(WRITTEN.records)
  })

  // What the GM types: the document takes exactly as much as the command (or request) that writes it, so neither can drift.
  const typed: [string, number, Record<string, unknown>, (string | number)[], (n: number) => [CommandType, unknown]][] = [
    ['a campaign name', TYPED.campaignName, documentWith().records.campaign, ['name'], (n) => ['campaign/rename', { name: text(n) }]],
    ['a combatant name', TYPED.name, combatant, ['name'], (n) => ['combatant/add', { name: text(n), side: 'party', kind: 'pc', maxHp: 5 }]],
    [
      'a roster entry name',
      TYPED.name,
      template,
      ['name'],
      (n) => ['template/save', { name: text(n), side: 'enemy', kind: 'npc', maxHp: 5 }],
    ],
    [
      'a faction',
      TYPED.faction,
      template,
      ['faction'],
      (n) => ['template/save', { name: 'R', side: 'enemy', kind: 'npc', maxHp: 5, faction: text(n) }],
    ],
    [
      'a tag',
      TYPED.tag,
      template,
      ['tags', 0],
      (n) => ['template/save', { name: 'R', side: 'enemy', kind: 'npc', maxHp: 5, tags: [text(n)] }],
    ],
    [
      'a saved encounter name',
      TYPED.name,
      { typeName: 'plan', id: 'plan:p1', name: 'P', entries: [], groupInitiative: false },
      ['name'],
      (n) => ['plan/save', { name: text(n) }],
    ],
    ['a scene name', TYPED.name, scene, ['name'], (n) => ['scene/create', { name: text(n) }]],
    [
      'an encounter name',
      TYPED.name,
      { typeName: 'encounter', id: 'encounter:e1', name: 'E', status: 'active', round: 0, currentCombatantId: null, turnAnchor: null },
      ['name'],
      (n) => ['encounter/start', { name: text(n) }],
    ],
    [
      'a condition note',
      TYPED.conditionNote,
      combatant,
      ['conditions', 0, 'note'],
      (n) => ['condition/add', { combatantId: 'combatant:c1', condition: 'bleeding', duration: { kind: 'indefinite' }, note: text(n) }],
    ],
    [
      'a held trigger',
      TYPED.heldTrigger,
      combatant,
      ['held', 'trigger'],
      (n) => ['hold/declare', { combatantId: 'combatant:c1', trigger: text(n), amount: 1 }],
    ],
    [
      'an area label',
      TYPED.areaLabel,
      { typeName: 'areaMark', id: 'areaMark:a1', sceneId: 'scene:s1', x: 1, y: 1, radius: 1, label: '', hidden: false },
      ['label'],
      (n) => ['area/place', { sceneId: 'scene:s1', x: 1, y: 1, radius: 1, label: text(n) }],
    ],
    [
      'a picture file name',
      TYPED.imageFileName,
      scene,
      ['image', 'fileName'],
      (n) => ['scene/setImage', { sceneId: 'scene:s1', image: { ...scene.image, fileName: text(n) } }],
    ],
    [
      'a ruleset setting',
      TYPED.settingValue,
      documentWith().records.campaign,
      ['rulesetSettings'],
      (n) => ['campaign/setRulesetSetting', { key: 'k', value: text(n) }],
    ],
  ]
  it.each(typed)(
    '%s: the command and the document both take %i characters, and neither takes one more',
    (_what, limit, record, path, command) => {
      // A setting's value sits in a map; every other field is the string itself.
      const value = (n: number) => (path.at(-1) === 'rulesetSettings' ? { k: text(n) } : text(n))
      for (const [n, ok] of [
        [limit, true],
        [limit + 1, false],
      ] as const) {
        const [type, payload] = command(n)
        expect(commandPayloadSchemas[type].safeParse(payload).success, `${type} with ${n}`).toBe(ok)
        const problem = documentProblem(documentWith(withField(record, path, value(n))))
        if (ok) expect(problem).toBeNull()
        else
          expect(problem).toMatch(
            new RegExp(`^records › ${String(record['id'])} › ${path.join(' › ')}.*: is ${n} characters long; it may be at most ${limit}$`),
          )
      }
    },
  )

  it('allow as many tags as a roster entry may have, and no more', () => {
    const tags = (n: number) => Array.from({ length: n }, () => 't')
    expect(
      commandPayloadSchemas['template/save'].safeParse({
        name: 'R',
        side: 'enemy',
        kind: 'npc',
        maxHp: 5,
        tags: tags(TYPED.tagsPerEntry + 1),
      }).success,
    ).toBe(false)
    expect(documentProblem(documentWith({ ...template, tags: tags(TYPED.tagsPerEntry) }))).toBeNull()
    expect(documentProblem(documentWith({ ...template, tags: tags(TYPED.tagsPerEntry + 1) }))).toBe(
      `records › template:t1 › tags: has 13 entries; it may have at most 12`,
    )
  })

  it('are what the requests, the roster and the item files take too', () => {
    expect(MAX_NAME).toBe(TYPED.name)
    const create = requestInputSchemas.createCampaign
    expect(create.safeParse({ name: text(TYPED.campaignName), seed: text(TYPED.seed) }).success).toBe(true)
    expect(create.safeParse({ name: text(TYPED.campaignName + 1) }).success).toBe(false)
    expect(create.safeParse({ name: 'C', seed: text(TYPED.seed + 1) }).success).toBe(false)
    expect(create.safeParse({ name: 'C', rulesetId: text(TYPED.rulesetId, 'r') }).success).toBe(true)
    expect(create.safeParse({ name: 'C', rulesetId: text(TYPED.rulesetId + 1, 'r') }).success).toBe(false)
    expect(commandIdSchema.safeParse(text(TYPED.id)).success).toBe(true)
    expect(commandIdSchema.safeParse(text(TYPED.id + 1)).success).toBe(false)
    const item = (name: string) =>
      cx.content!.parseFile('items.json', JSON.stringify({ kind: homebrew.kind, entries: [{ ...homebrew.entries[0], name }] })).ok
    expect([item(text(TYPED.contentItemName)), item(text(TYPED.contentItemName + 1))]).toEqual([true, false])
  })

  it('count the records, and refuse a document of too many before checking any', () => {
    const token = { typeName: 'token', id: 'token:t', sceneId: 'scene:s1', combatantId: 'combatant:c1', x: 0, y: 0 }
    const records: Record<string, unknown> = documentWith().records
    for (let i = 0; i <= WRITTEN.records; i++) records[`token:${i}`] = token
    // A broken record among them: had any record been checked before the count, it would be named.
    records['token:0'] = { ...token, x: 'nowhere' }
    expect(documentProblem({ schemaVersion: 2, journalSeq: 0, records })).toBe(
      'records: has 1,000,004 entries; it may have at most 1,000,000',
    )
  })

  it('count the changes an undo mark holds (one command can at most change every record)', () => {
    const changes = new Array(WRITTEN.records + 1).fill({ id: 'token:t', from: null, to: null })
    const doc = documentWith({
      typeName: 'history',
      id: 'history',
      undo: [{ commandId: 'c', commandType: 'token/place', label: 'Place', changes }],
      redo: [],
    })
    expect(documentProblem(doc)).toBe('records › history › undo › 0 › changes: has 1,000,001 entries; it may have at most 1,000,000')
  })

  it('name a key too long to read by its start and its length', () => {
    const key = `combatant:${text(300)}`
    const doc = documentWith()
    ;(doc.records as Record<string, unknown>)[key] = { ...combatant, id: key }
    expect(documentProblem(doc)).toBe(
      `records › combatant:${text(30)}… (310 characters): its key is 310 characters long; it may be at most 249`,
    )
  })

  it('keep ruleset data as it is, within its size and depth, measured before it is walked', () => {
    const deep = JSON.parse(`${'['.repeat(50_000)}${']'.repeat(50_000)}`) as unknown
    expect(documentProblem(documentWith({ ...combatant, rules: deep }))).toBe(
      'records › combatant:c1 › rules: must be JSON of at most 400,000 characters and 12 levels',
    )
    expect(documentProblem(documentWith({ ...combatant, rules: { pad: text(WRITTEN.rulesJson.chars) } }))).toMatch(
      /^records › combatant:c1 › rules: must be JSON/,
    )
    const sheet = { stats: { str: 5 }, notes: [{ odd: 'field', kept: true }] }
    const read = readDocument(documentWith({ ...combatant, rules: sheet, gmNotes: 'dropped' }))
    expect(read.ok && read.document.records['combatant:c1']).toEqual({ ...combatant, rules: sheet })
  })
})

describe('a campaign file that would cripple the app', () => {
  it('with a 60 MB campaign name is refused, naming the record, the field and the limit; nothing is made and the open campaign stays as it was', async () => {
    const { core, dataDir, gm } = await startCore()
    const player = attachWindow(core, 'player')
    const open = await gm.must('createCampaign', { name: 'Hostile', seed: 'h', rulesetId: 'generic-d100' })
    await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 10 })
    const exported = await gm.must('exportCampaign', undefined)
    const name = text(60 * 1024 * 1024)
    const hostile = exported.text.replace('"name":"Hostile"', `"name":"${name}"`)
    expect(hostile.length).toBeGreaterThan(60 * 1024 * 1024)
    const before = { dirs: campaignDirs(dataDir), messages: [gm.messages.length, player.messages.length] }

    const started = performance.now()
    const r = await gm.request('importCampaign', { fileName: 'hostile.salvo-campaign.json', text: hostile })
    expect(r.ok).toBe(false)
    expect(!r.ok && r.error).toEqual({
      code: 'import/invalid',
      message: 'hostile.salvo-campaign.json: document › records › campaign › name: is 62,914,560 characters long; it may be at most 80.',
    })
    expect(performance.now() - started).toBeLessThan(10_000)

    expect(campaignDirs(dataDir)).toEqual(before.dirs)
    expect([gm.messages.length, player.messages.length]).toEqual(before.messages)
    expect((await gm.must('session', undefined)).campaign?.id).toBe(open.id)
    expect((await gm.must('exportCampaign', undefined)).text).toBe(exported.text)
  }, 30_000)

  it("with fields no Salvo writes (a scene's GM notes, a combatant's secret) imports without them: not in the campaign, its export, or anything either window gets", async () => {
    const a = await startCore()
    await a.gm.must('createCampaign', { name: 'Leaky', seed: 'l', rulesetId: 'generic-d100' })
    await a.gm.command('scene/create', { name: 'Yard' })
    await a.gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 10 })
    const snap = (await a.gm.must('snapshot', undefined)).records
    const yard = snap.find((r) => r.typeName === 'scene')!.id
    const vex = snap.find((r) => r.typeName === 'combatant')!.id
    await a.gm.command('token/place', { sceneId: yard, combatantId: vex, x: 2, y: 3 })
    const file = JSON.parse((await a.gm.must('exportCampaign', undefined)).text) as {
      document: { records: Record<string, Record<string, unknown>> }
    }
    const records = file.document.records
    // The marker holds a '~', which no record id can, so an id never matches it by chance.
    records[yard]!['gmNotes'] = 'Zq~Notes: the ambush waits behind the crates'
    records[vex]!['secret'] = 'Zq~Secret: Vex is the traitor'
    // And on the copies an undo would put back.
    const history = records['history'] as unknown as { undo: { changes: { to: Record<string, unknown> | null }[] }[] }
    for (const mark of history.undo)
      for (const c of mark.changes) if (c.to?.['typeName'] === 'scene') c.to['gmNotes'] = 'Zq~Notes in a mark'

    const b = await startCore()
    const player = attachWindow(b.core, 'player')
    await b.gm.must('createCampaign', { name: 'Host', seed: 'h', rulesetId: 'generic-d100' })
    await b.gm.must('importCampaign', { fileName: 'leaky.json', text: JSON.stringify(file) })
    await b.gm.command('history/undo', {})
    const seen = JSON.stringify([
      b.gm.messages,
      player.messages,
      await b.gm.must('snapshot', undefined),
      await player.must('snapshot', undefined),
      (await b.gm.must('exportCampaign', undefined)).text,
    ])
    expect(seen).toContain('Vex')
    expect(seen).not.toMatch(/Zq~|gmNotes|"secret":/)
    await b.core.shutdown()
    const [copy] = campaignDirs(b.dataDir).filter((d) => d.startsWith('leaky'))
    expect(readFileSync(join(b.dataDir, 'campaigns', copy!, 'campaign.json'), 'utf8')).not.toMatch(/Zq~|gmNotes|"secret":/)
  })
})

describe('a campaign folder holding fields no Salvo writes', () => {
  it('opens, and after the next compaction the fields are gone', async () => {
    const { core, dataDir, gm } = await startCore()
    const made = await gm.must('createCampaign', { name: 'Edited', seed: 'e', rulesetId: 'generic-d100' })
    await gm.command('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 10 })
    await core.shutdown()
    const file = join(dataDir, 'campaigns', made.id, 'campaign.json')
    const doc = JSON.parse(readFileSync(file, 'utf8')) as { records: Record<string, Record<string, unknown>> } & Record<string, unknown>
    doc['exportedBy'] = 'Zq~Tool'
    doc.records['campaign']!['owner'] = 'Zq~Owner'
    const vex = Object.values(doc.records).find((r) => r['typeName'] === 'combatant')!
    vex['secret'] = 'Zq~Secret'
    ;(doc.records['rng']!['state'] as Record<string, unknown>)['extra'] = 'Zq~State'
    writeFileSync(file, JSON.stringify(doc))

    const again = await startCore({ dataDir })
    const session = await again.gm.must('session', undefined)
    expect(session.problem).toBeNull()
    expect(session.campaign?.id).toBe(made.id)
    expect(JSON.stringify(await again.gm.must('snapshot', undefined))).not.toContain('Zq~')
    expect(readFileSync(file, 'utf8')).toContain('Zq~Secret')
    // A window of its own: command ids the campaign already holds would be taken as sent twice.
    await attachWindow(again.core, 'gm', 'after').command('combatant/adjustHp', { combatantId: vex['id'], delta: -1 })
    await again.core.shutdown()
    const compacted = readFileSync(file, 'utf8')
    expect(compacted).not.toContain('Zq~')
    expect(documentProblem(JSON.parse(compacted))).toBeNull()
  })
})

describe('what the app writes, its own check opens', () => {
  const RULESETS = ['compound-x', 'd10-difficulty', 'd20-two-action', '2d6-significant'] as const
  const STEPS = 120

  /** Every command the GM types into, at its longest, then a random evening; the campaign's export and its compacted file must pass the document check. */
  async function evening(rulesetId: string, seed: string) {
    const { core, dataDir, gm } = await startCore()
    const rng = seedrandom(seed)
    let n = 0
    // Command ids at their longest too.
    const send = (type: CommandType, payload: unknown) =>
      gm.request('dispatch', { type, payload, meta: { commandId: `${++n}`.padStart(TYPED.id, 'i') } } as never)
    const must = async (type: CommandType, payload: unknown) => {
      const r = await send(type, payload)
      if (!r.ok) throw new Error(`${rulesetId}: ${type} refused: ${r.error.message}`)
    }
    await gm.must('createCampaign', { name: text(TYPED.campaignName, 'C'), seed: text(TYPED.seed, 's'), rulesetId })
    const w = new World(rng, gm)
    await w.learnRuleset()
    const records = async () => (w.records = (await gm.must('snapshot', undefined)).records)
    const sheet = w.sheets[0] ? { rules: w.sheets[0] } : {}
    const longest = (c: string) => text(TYPED.name, c)

    await must('campaign/rename', { name: text(TYPED.campaignName, 'R') })
    await must('combatant/add', { name: longest('A'), side: 'party', kind: 'pc', maxHp: 20, ...sheet })
    await must('combatant/add', { name: longest('B'), side: 'enemy', kind: 'npc', maxHp: 20, ...sheet })
    const [a, b] = (await records()).filter((r) => r.typeName === 'combatant')
    await must('combatant/edit', { combatantId: a!.id, name: longest('E') })
    await must('scene/create', { name: longest('S') })
    const scene = (await records()).find((r) => r.typeName === 'scene')!
    await must('scene/update', { sceneId: scene.id, name: longest('U') })
    // File names are cut to what a picture may keep.
    await gm.must('importSceneImage', {
      sceneId: scene.id as `scene:${string}`,
      fileName: `${text(251, 'm')}.png`,
      // 5 × 5 m at the default 50 px a metre: the tokens below stand on it.
      dataBase64: makePng(250, 250, 1).toString('base64'),
    })
    await gm.must('importPortrait', {
      combatantId: a!.id as `combatant:${string}`,
      fileName: `${text(251, 'p')}.png`,
      dataBase64: makePng(8, 8, 2).toString('base64'),
    })
    for (const c of [a!, b!]) await must('token/place', { sceneId: scene.id, combatantId: c.id, x: 3, y: 4 })
    await must('area/place', { sceneId: scene.id, x: 2, y: 2, radius: 3, label: text(TYPED.areaLabel, 'L') })
    const mark = (await records()).find((r) => r.typeName === 'areaMark')!
    await must('area/edit', { areaId: mark.id, label: text(TYPED.areaLabel, 'M') })
    // Three characters short of the limit, so its numbered copies ("… 1") fit.
    await must('template/save', {
      name: text(TYPED.name - 3, 'T'),
      side: 'enemy',
      kind: 'npc',
      maxHp: 20,
      faction: text(TYPED.faction, 'F'),
      tags: Array.from({ length: TYPED.tagsPerEntry }, (_, i) => text(TYPED.tag, String.fromCharCode(97 + i))),
      ...sheet,
    })
    const entry = (await records()).find((r) => r.typeName === 'template')!
    await must('template/duplicate', { templateId: entry.id })
    await must('template/fromCombatant', { combatantId: a!.id, faction: text(TYPED.faction, 'G') })
    await must('encounter/start', { name: longest('N') })
    await must('template/spawn', { templateId: entry.id, count: 2 })
    await must('plan/save', { name: longest('P') })
    await must('encounter/rollInitiative', {})
    await must('condition/add', {
      combatantId: a!.id,
      condition: w.conditions[0] ?? 'bleeding',
      duration: { kind: 'indefinite' },
      note: text(TYPED.conditionNote, 'n'),
    })
    await records()
    // Every ruleset can hold now (d10 difficulty holds its declared reaction, SR-D10-1).
    const acting = w.encounter?.currentCombatantId
    const held = acting ? (await send('hold/declare', { combatantId: acting, trigger: text(TYPED.heldTrigger, 'h'), amount: 1 })).ok : false
    await must('dice/roll', { expression: '100d1000+10000'.padStart(TYPED.diceExpression), purpose: text(TYPED.rollPurpose, 'r') })
    for (const s of w.settings) {
      const value = s.kind === 'toggle' ? !s.value : s.kind === 'choice' ? s.choices.find((c) => c.value !== s.value)?.value : undefined
      if (value !== undefined) await must('campaign/setRulesetSetting', { key: s.key, value })
    }
    await must('encounter/end', {})
    const plan = (await records()).find((r) => r.typeName === 'plan')!
    await must('plan/start', { planId: plan.id })
    if (rulesetId === 'compound-x') {
      const item = { ...homebrew.entries[0]!, id: text(TYPED.contentItemId, 'k'), name: text(TYPED.contentItemName, 'I') }
      await must('content/import', { fileName: `${text(115, 'f')}.json`, text: JSON.stringify({ kind: homebrew.kind, entries: [item] }) })
      // A sheet as large as a command may carry (199,979 characters): the ruleset stores it with its own
      // fields around it, past what the command took — why the document allows stored sheets twice that.
      const skills = Object.fromEntries(Array.from({ length: 3_072 }, (_, i) => [`${i}`.padStart(60, 's'), 1]))
      const rules = { ...(w.sheets[0] as object), skills }
      expect(JSON.stringify(rules).length).toBeLessThanOrEqual(RULES_JSON.chars)
      await must('combatant/setRules', { combatantId: b!.id, rules })
      const stored = (await records()).find((r) => r.id === b!.id)
      expect(JSON.stringify(stored?.typeName === 'combatant' ? stored.rules : null).length).toBeGreaterThan(RULES_JSON.chars)
    }

    // The longest values landed, so the check has them to check.
    const landed = (await gm.must('exportCampaign', undefined)).text
    const values = [
      text(TYPED.campaignName, 'R'),
      longest('E'),
      longest('U'),
      longest('N'),
      longest('P'),
      text(TYPED.faction, 'F'),
      text(TYPED.conditionNote, 'n'),
      text(TYPED.imageFileName, 'm'),
      text(TYPED.areaLabel, 'M'),
    ]
    if (held) values.push(text(TYPED.heldTrigger, 'h'))
    if (rulesetId === 'compound-x') values.push(text(TYPED.contentItemName, 'I'))
    for (const value of values) {
      expect(landed, `${rulesetId}: ${value.slice(0, 3)}…`).toContain(`"${value}"`)
    }

    const gens = commandGens(w)
    for (let i = 0; i < STEPS; i++) {
      await records()
      const command = await gens[pick(rng, COMMAND_TYPES)]()
      if (command) await send(command.type, command.payload)
    }

    const exported = (JSON.parse((await gm.must('exportCampaign', undefined)).text) as { document: unknown }).document
    const problems = [documentProblem(exported)]
    await core.shutdown()
    for (const id of campaignDirs(dataDir))
      problems.push(documentProblem(JSON.parse(readFileSync(join(dataDir, 'campaigns', id, 'campaign.json'), 'utf8'))))
    return { problems: problems.filter((p) => p !== null), commands: n, held }
  }

  for (const [i, rulesetId] of RULESETS.entries()) {
    it(`after the GM's longest values and ${STEPS} random commands on ${rulesetId}, the campaign passes its own document check`, async () => {
      const { problems, commands, held } = await evening(rulesetId, `bounds-${i}`)
      expect(problems).toEqual([])
      expect(commands).toBeGreaterThan(STEPS / 2)
      expect(held).toBe(true)
    }, 60_000)
  }
})
