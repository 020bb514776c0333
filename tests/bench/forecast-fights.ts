import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { performance } from 'node:perf_hooks'
import type { CommandInput, CommandType } from '../../src-shared/commands'
import type { Result } from '../../src-shared/result'
import { playFight, type FightEnd } from '../../src-main/core/autopilot/fight-runner'
import { ForecastRun } from '../../src-main/core/autopilot/forecast-run'
import { openingOdds } from '../../src-main/core/autopilot/opening-odds'
import type { OddsSource } from '../../src-main/core/autopilot/policy'
import { fightRecords, SimTable } from '../../src-main/core/autopilot/sim-table'
import { seededSource } from '../../src-main/core/dice/random-source'
import { CampaignEngine } from '../../src-main/core/engine/campaign-engine'
import { CampaignRepository } from '../../src-main/core/persistence/campaign-repository'
import type { OpenCampaign } from '../../src-main/core/persistence/open-campaign'
import { RecordStore } from '../../src-main/core/state/record-store'
import { createRulesetRegistry } from '../../src-main/rules/ruleset-registry'
import type { Ruleset } from '../../src-main/rules/ruleset'
import { TROOPER } from './core-fixture'
import { payloadFor, RecordingTable, RewindableSource, type PlayedCommand } from '../unit/autopilot/live-replay'

/*
 * The forecast's simulated fights on the bench's one core, beside the same fight's commands
 * through the live engine: a real campaign on disk, every command validated, decided, applied,
 * journaled (fsync) and committed as the desk does it.
 */

/** Issue 17's fight: four player characters against six NPCs, all with a Compound X trooper's sheet. */
export const PARTY = 4
export const ENEMIES = 6

export function squadPayload(i: number): CommandInput<'combatant/add'> {
  const party = i < PARTY
  const n = party ? i + 1 : i - PARTY + 1
  // The raiders a touch slower than the party, so initiative orders differ between fights.
  const rules = party ? TROOPER : { ...TROOPER, stats: { ...TROOPER.stats, dex: 5 } }
  return {
    name: party ? `Operative ${n}` : `Raider ${n}`,
    side: party ? 'party' : 'enemy',
    kind: party ? 'pc' : 'npc',
    maxHp: 1,
    initiativeModifier: 0,
    hidden: false,
    rules,
  }
}

let commandCounter = 0
const ID_KEY = 'f0'.repeat(32)

/**
 * One bench fight of a ruleset: the squads' `combatant/add` payloads, party first. The Compound X
 * one is issue 17's troopers; each other ruleset's is four of its first ready-made NPC against six
 * (issue 35: "the same holds in each of the other three rulesets for a fight of the same size").
 */
export interface BenchFight {
  readonly rulesetId: string
  readonly label: string
  readonly payload: (i: number) => CommandInput<'combatant/add'>
}

export const TROOPER_FIGHT: BenchFight = {
  rulesetId: 'compound-x',
  label: `${PARTY}-vs-${ENEMIES} Compound X fight (troopers with an Anvil Arms C25, medium rig)`,
  payload: squadPayload,
}

/** Four of the ruleset's first ready-made NPC as the party against six of it. */
export function quickNpcFight(ruleset: Ruleset): BenchFight | null {
  const npc = ruleset.quickNpcs?.[0]
  if (!npc || !ruleset.attacks) return null
  return {
    rulesetId: ruleset.id,
    label: `${PARTY}-vs-${ENEMIES} ${ruleset.name} fight (${npc.name} on both sides)`,
    payload: (i) => {
      const party = i < PARTY
      return {
        name: party ? `Hero ${i + 1}` : `Foe ${i - PARTY + 1}`,
        side: party ? 'party' : 'enemy',
        kind: party ? 'pc' : 'npc',
        maxHp: npc.maxHp,
        initiativeModifier: npc.initiativeModifier,
        hidden: false,
        rules: npc.rules as never,
      }
    },
  }
}

/** A bench fight's records on a copy of the rules, before initiative: what a CPU bench plays. */
export function benchFightRecords(ruleset: Ruleset, fight: BenchFight): unknown[] {
  const t = new SimTable([], ruleset, seededSource('setup'))
  for (let i = 0; i < PARTY + ENEMIES; i++) {
    const r = t.run('combatant/add', fight.payload(i) as never)
    if (!r.ok) throw new Error(r.error.message)
  }
  return fightRecords(t.store)
}

/** A campaign on disk with its engine, the squads added and no encounter yet: what the desk holds before the fight. */
export class LiveCampaign {
  private constructor(
    readonly dataDir: string,
    readonly campaign: OpenCampaign,
    readonly engine: CampaignEngine,
  ) {}

  static async create(seed: string, fight: BenchFight = TROOPER_FIGHT): Promise<LiveCampaign> {
    const cx = await createRulesetRegistry(resolve('resources')).load(fight.rulesetId)
    if (!cx) throw new Error(`${fight.rulesetId} is not loaded`)
    const dataDir = mkdtempSync(join(tmpdir(), 'salvo-forecast-'))
    try {
      // One id key for every campaign: the same squads get the same ids, so one set of opening previews serves all.
      const campaign = await new CampaignRepository({ dataDir }).create('Forecast bench', seed, cx.id, ID_KEY)
      const live = new LiveCampaign(dataDir, campaign, new CampaignEngine(campaign, cx))
      for (let i = 0; i < PARTY + ENEMIES; i++) live.must('combatant/add', fight.payload(i))
      return live
    } catch (e) {
      rmSync(dataDir, { recursive: true, force: true })
      throw e
    }
  }

  execute(type: CommandType, payload: unknown): Result<unknown> {
    return this.engine.execute({ type, payload, meta: { commandId: `forecast-bench-${++commandCounter}` } })
  }

  must(type: CommandType, payload: unknown): void {
    const r = this.execute(type, payload)
    if (!r.ok) throw new Error(`${type} refused: ${r.error.code}: ${r.error.message}`)
  }

  async dispose(): Promise<void> {
    try {
      await this.campaign.close()
    } finally {
      rmSync(this.dataDir, { recursive: true, force: true })
    }
  }
}

/** One fight played on a copy, its commands again on a fresh copy, and again through the live engine: times, and whether all ended alike. */
export interface SameFight {
  readonly commands: number
  /** The whole simulated fight: the policy choosing every act, and the acts. */
  readonly simMs: number
  /** The same accepted commands alone on a fresh copy: what the rules cost without the choosing. */
  readonly copyMs: number
  /** The same commands through the live engine, journal fsync included. */
  readonly liveMs: number
  readonly end: FightEnd
  /** Every combatant's health equal at the end on the copy, the replayed copy and the live campaign. */
  readonly sameEnd: boolean
  readonly refused: number
}

type Runner = (type: CommandType, payload: unknown) => boolean

/** Sends `played` to a table, naming each prompt by its place among that table's own pending prompts; the number refused. */
function replay(played: readonly PlayedCommand[], prompts: () => readonly { id: string }[], run: Runner): number {
  let refused = 0
  for (const c of played) if (!run(c.type, payloadFor(c, prompts))) refused++
  return refused
}

const healths = (store: { ofType(t: 'combatant'): readonly { id: string; hp: number }[] }): string =>
  store
    .ofType('combatant')
    .map((c) => `${c.id}=${c.hp}`)
    .join(',')

let sharedOdds: OddsSource | null = null

/**
 * Plays one fight on a copy of `seed`'s fresh campaign, then sends its commands to a fresh copy
 * and through that campaign's engine. The opening previews are shared between calls, as a
 * forecast shares them between its fights (the first call pays for them).
 */
export async function sameFight(seed: string): Promise<SameFight> {
  const live = await LiveCampaign.create(seed)
  try {
    const records = fightRecords(live.campaign.store)
    const ruleset = live.engine.ruleset
    const table = new RecordingTable(records, ruleset, new RewindableSource(seed))
    const odds = (sharedOdds ??= openingOdds(ruleset, new RecordStore(records as never[])))
    const t0 = performance.now()
    const end = playFight(table, odds, { roundCap: 30 })
    const simMs = performance.now() - t0
    const copy = new SimTable(records, ruleset, new RewindableSource(seed))
    const t1 = performance.now()
    let refused = replay(
      table.played,
      () => copy.store.ofType('prompt'),
      (type, payload) => copy.run(type, payload as never).ok,
    )
    const copyMs = performance.now() - t1
    const t2 = performance.now()
    refused += replay(
      table.played,
      () => live.campaign.store.ofType('prompt'),
      (type, payload) => live.execute(type, payload).ok,
    )
    const liveMs = performance.now() - t2
    const sim = healths(table.store)
    return {
      commands: table.played.length,
      simMs,
      copyMs,
      liveMs,
      end,
      sameEnd: sim === healths(copy.store) && sim === healths(live.campaign.store),
      refused,
    }
  } finally {
    await live.dispose()
  }
}

/** Fights per second of a forecast (the worker's own loop, on this thread): one fight per step, for at least `seconds`. */
export interface Throughput {
  readonly fights: number
  readonly ms: number
  readonly perFight: number[]
  readonly partyWins: number
  /** A fresh forecast's checks (`ForecastRun.start`), and its first 15 ms slice with the fights in it. */
  readonly startMs: number
  readonly firstSliceMs: number
  readonly firstSliceFights: number
}

export async function forecastThroughput(seconds: number): Promise<Throughput> {
  const live = await LiveCampaign.create('forecast-throughput')
  try {
    const started = ForecastRun.start(
      { records: fightRecords(live.campaign.store), seed: 'bench', fights: 1_000_000, whatIf: [] },
      live.engine.ruleset,
    )
    if (!started.ok) throw new Error(`forecast refused: ${started.error.message}`)
    const run = started.value
    const perFight: number[] = []
    const t0 = performance.now()
    while (performance.now() - t0 < seconds * 1000) {
      const t = performance.now()
      run.step(0) // plays exactly one fight
      perFight.push(performance.now() - t)
    }
    const ms = performance.now() - t0
    // Where a warm worker's first estimate goes before any push: the checks (every fighter's acts
    // ranked, so every opening preview made) and the first 15 ms slice, on a fresh run.
    const s0 = performance.now()
    const fresh = ForecastRun.start(
      { records: fightRecords(live.campaign.store), seed: 'fresh', fights: 2_000, whatIf: [] },
      live.engine.ruleset,
    )
    const startMs = performance.now() - s0
    if (!fresh.ok) throw new Error(`forecast refused: ${fresh.error.message}`)
    const s1 = performance.now()
    fresh.value.step(15)
    const firstSliceMs = performance.now() - s1
    return {
      fights: run.done,
      ms,
      perFight,
      partyWins: run.variants()[0]!.partyWins.share,
      startMs,
      firstSliceMs,
      firstSliceFights: fresh.value.done,
    }
  } finally {
    await live.dispose()
  }
}
