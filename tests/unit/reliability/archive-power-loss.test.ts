import seedrandom from 'seedrandom'
import { describe, expect, it, vi } from 'vitest'
import type { CommandType } from '../../../src-shared/commands'
import { CampaignEngine } from '../../../src-main/core/engine/campaign-engine'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import { createDurableFs, type DurableFs } from '../../../src-main/core/persistence/durable-fs'
import { readArchive } from '../../../src-main/core/persistence/log-archive'
import type { OpenCampaign } from '../../../src-main/core/persistence/open-campaign'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import { PowerCut, PowerLossDisk, type DiskImage } from '../../support/power-loss-disk'

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
