import seedrandom from 'seedrandom'
import { describe, expect, it, vi } from 'vitest'
import type { CommandType } from '../../../src-shared/commands'
import { CampaignEngine } from '../../../src-main/core/engine/campaign-engine'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import { createDurableFs, type DurableFs } from '../../../src-main/core/persistence/durable-fs'
import { readArchive } from '../../../src-main/core/persistence/log-archive'
import { ROLLING_LOG } from '../../../src-main/core/persistence/rolling-log'
import type { OpenCampaign } from '../../../src-main/core/persistence/open-campaign'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import { PowerCut, PowerLossDisk, type DiskImage } from '../../support/power-loss-disk'
import { makeLegacyCampaign } from '../helpers/legacy-campaign'

/**
 * Archiving a closed encounter's log, with the power cut at every system call of two fights'
 * ends and the compactions after them: the campaign opens, and every log entry an acknowledged
 * command wrote is there exactly once — live or in an archive, never both, never neither.
 */

const DATA = '/salvo-data'

type Step = { readonly kind: 'command'; readonly type: CommandType; readonly payload: unknown } | { readonly kind: 'compact' }
const cmd = (type: CommandType, payload: unknown = {}): Step => ({ kind: 'command', type, payload })

const STEPS: readonly Step[] = [
  cmd('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 }),
  cmd('combatant/add', { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30, hidden: true }),
  cmd('encounter/start', { name: 'Night raid' }),
  cmd('encounter/rollInitiative'),
  cmd('dice/roll', { expression: '3d6+2' }),
  cmd('encounter/nextTurn'),
  cmd('encounter/end'),
  { kind: 'compact' },
  cmd('dice/roll', { expression: '1d6' }),
  cmd('encounter/start', { name: 'Dawn' }),
  cmd('encounter/rollInitiative'),
  cmd('encounter/end'),
  cmd('dice/roll', { expression: '2d6' }),
  { kind: 'compact' },
]

const tickingClock = () => {
  let t = Date.UTC(2026, 10, 26, 19, 0, 0)
  return () => new Date((t += 1000))
}

interface Played {
  /** Log entry ids written by the first n steps, for each n. */
  readonly written: string[][]
  readonly calls: number
  readonly acked: number
  readonly campaignId: string
  readonly disk: PowerLossDisk
}

async function play(cutAfterCalls: number): Promise<Played> {
  const disk = new PowerLossDisk()
  const repo = new CampaignRepository({ dataDir: DATA, fs: createDurableFs(disk, 'tmp'), now: tickingClock() })
  const campaign = await repo.create('Evening', 'archive-power', genericRuleset.id, 'b'.repeat(64))
  const engine = new CampaignEngine(campaign, genericRuleset)
  const ids: string[] = []
  const written: string[][] = [[]]
  const before = disk.calls
  disk.callsLeft = cutAfterCalls
  let acked = 0
  for (const [i, step] of STEPS.entries()) {
    try {
      if (step.kind === 'compact') await campaign.compact(true)
      else {
        const r = engine.execute({ type: step.type, payload: step.payload, meta: { commandId: `step-${i}` } })
        if (r.ok) for (const c of r.value.changes) if (c.from === null && c.to?.typeName === 'log') ids.push(c.id)
      }
    } catch (e) {
      if (!(e instanceof PowerCut)) throw e
    }
    if (disk.callsLeft < 0) break
    written.push([...ids].sort())
    acked = i + 1
  }
  return { written, acked, calls: disk.calls - before, campaignId: campaign.id, disk }
}

/** Every log entry id, live and archived, with repeats. */
function entriesOf(fs: DurableFs, campaign: OpenCampaign): string[] {
  const archived = fs.list(campaign.paths.logArchiveDir).flatMap((f) => readArchive(fs, campaign.paths.logArchive(f))?.entries ?? [])
  return [...archived, ...campaign.store.ofType('log')].map((e) => e.id).sort()
}

describe("power loss while a closed encounter's log is archived", () => {
  it('at every system call: the campaign opens, each acknowledged entry exactly once', async () => {
    // Each cut inside an archive write is reported on the console by design; the check below is what counts.
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const reference = await play(Infinity)
    expect(reference.acked).toBe(STEPS.length)
    const rng = seedrandom('archive-power-loss')
    const failures: string[] = []
    for (let cut = 0; cut <= reference.calls; cut++) {
      const run = await play(cut)
      const image: DiskImage = run.disk.crash(rng)
      const fs = createDurableFs(new PowerLossDisk(image), 'tmp')
      const opened = await new CampaignRepository({ dataDir: DATA, fs, now: tickingClock() }).open(run.campaignId)
      if (!opened.ok) {
        failures.push(`cut at call ${cut}: would not open: ${opened.error.message}`)
        continue
      }
      const found = entriesOf(fs, opened.value)
      const allowed = [reference.written[run.acked], reference.written[run.acked + 1]].map((w) => JSON.stringify(w))
      if (!allowed.includes(JSON.stringify(found))) {
        const dupes = found.filter((id, i) => found[i - 1] === id).length
        failures.push(
          `cut at call ${cut} (${run.acked} steps acknowledged): ${found.length} entries, ${dupes} twice, expected ${reference.written[run.acked]!.length}`,
        )
      }
    }
    expect(failures).toEqual([])
  })
})

describe.each([
  { what: "an older campaign's closed log moves to its archive", entries: 1_230, running: false },
  { what: "a running fight's log an older Salvo kept whole rolls into its archive", entries: ROLLING_LOG.bound + 100, running: true },
])('power loss while $what a slice at a time', ({ entries: ENTRIES, running }) => {
  const campaignDir = { id: '' }
  /** Wrongly left live once the move is done: anything of a closed fight; past its bound of a running one (a cut roll may leave it under, not due). */
  const tooManyLive = (n: number) => (running ? n > ROLLING_LOG.bound : n > 0)

  /** The older campaign, on a disk of its own, synced: what every cut starts from. */
  async function legacyImage(): Promise<{ image: DiskImage; ids: string[] }> {
    const disk = new PowerLossDisk()
    const legacy = await makeLegacyCampaign(createDurableFs(disk, 'tmp'), DATA, ENTRIES, running)
    campaignDir.id = legacy.campaignId
    return { image: disk.crash(seedrandom('legacy-image')), ids: [...legacy.ids].sort() }
  }

  /** Opens, moves every slice and compacts, with the power cut after `cut` calls. */
  async function moveWithCut(image: DiskImage, cut: number): Promise<{ disk: PowerLossDisk; calls: number }> {
    const disk = new PowerLossDisk(image)
    const repo = new CampaignRepository({ dataDir: DATA, fs: createDurableFs(disk, 'tmp'), now: tickingClock() })
    disk.callsLeft = cut
    try {
      const opened = await repo.open(campaignDir.id)
      if (!opened.ok) throw new Error(opened.error.message)
      while (opened.value.moveLogSlice() !== null) {
        // a slice at a time, as the upkeep does between commands
      }
      await opened.value.compact(true)
    } catch (e) {
      if (!(e instanceof PowerCut)) throw e
    }
    return { disk, calls: disk.calls }
  }

  it('at every system call: the campaign opens with each entry exactly once, and the move then finishes', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const { image, ids } = await legacyImage()
    const whole = await moveWithCut(image, Infinity)
    expect(whole.calls).toBeGreaterThan(10)
    const rng = seedrandom('legacy-power-loss')
    const failures: string[] = []
    for (let cut = 0; cut <= whole.calls; cut++) {
      const run = await moveWithCut(image, cut)
      const fs = createDurableFs(new PowerLossDisk(run.disk.crash(rng)), 'tmp')
      const opened = await new CampaignRepository({ dataDir: DATA, fs, now: tickingClock() }).open(campaignDir.id)
      if (!opened.ok) {
        failures.push(`cut at call ${cut}: would not open: ${opened.error.message}`)
        continue
      }
      const found = entriesOf(fs, opened.value)
      if (JSON.stringify(found) !== JSON.stringify(ids))
        failures.push(`cut at call ${cut}: ${found.length} entries, expected ${ids.length}`)
      while (opened.value.moveLogSlice() !== null) {
        // finishes what the cut interrupted
      }
      const after = entriesOf(fs, opened.value)
      if (tooManyLive(opened.value.store.ofType('log').length) || JSON.stringify(after) !== JSON.stringify(ids))
        failures.push(`cut at call ${cut}: after the move, ${after.length} entries, ${opened.value.store.ofType('log').length} live`)
    }
    expect(failures).toEqual([])
  })
})
