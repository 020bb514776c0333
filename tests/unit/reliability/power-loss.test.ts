import seedrandom from 'seedrandom'
import { describe, expect, it } from 'vitest'
import type { CommandType } from '../../../src-shared/commands'
import { CampaignEngine } from '../../../src-main/core/engine/campaign-engine'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import { createDurableFs } from '../../../src-main/core/persistence/durable-fs'
import type { OpenCampaign } from '../../../src-main/core/persistence/open-campaign'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import { PowerCut, PowerLossDisk, type DiskImage } from '../../support/power-loss-disk'

/**
 * Power loss at a random system call, over random evenings of play: the disk keeps only what
 * was fsynced, plus any subset of the unsynced sectors in any order and any prefix of the
 * unsynced renames (see PowerLossDisk). After the cut the campaign must open, and hold every
 * command that was acknowledged — exactly the state after the last acknowledged command, or
 * after the one in flight if it reached the disk before the power went.
 *
 * `npm test` runs a short version; SALVO_STRESS=1 (`npm run test:stress`) the full one.
 */

const TRIALS = process.env['SALVO_STRESS'] ? 400 : 40
const STEPS = 40
const DATA = '/salvo-data'

type Step =
  | { readonly kind: 'command'; readonly type: CommandType; readonly payload: unknown; readonly typedDice?: number[] }
  | { readonly kind: 'compact' }
  | { readonly kind: 'backup' }

/** An evening of commands, compactions and backups, the same for a seed. */
function evening(rng: () => number): Step[] {
  const steps: Step[] = [
    { kind: 'command', type: 'encounter/start', payload: { name: 'Night raid' } },
    { kind: 'command', type: 'combatant/add', payload: { name: 'Vex', side: 'party', kind: 'pc', maxHp: 40 } },
    { kind: 'command', type: 'combatant/add', payload: { name: 'Raider', side: 'enemy', kind: 'npc', maxHp: 30, hidden: true } },
  ]
  const menu: (() => Step)[] = [
    () => ({
      kind: 'command',
      type: 'combatant/add',
      payload: { name: `Grunt ${Math.floor(rng() * 1000)}`, side: 'enemy', kind: 'npc', maxHp: 10 + Math.floor(rng() * 40) },
    }),
    () => ({ kind: 'command', type: 'encounter/rollInitiative', payload: {} }),
    () => ({ kind: 'command', type: 'encounter/nextTurn', payload: {} }),
    () => ({ kind: 'command', type: 'dice/roll', payload: { expression: '3d6+2' } }),
    () => ({ kind: 'command', type: 'campaign/rename', payload: { name: `Evening ${Math.floor(rng() * 100)}` } }),
    () => ({ kind: 'command', type: 'history/undo', payload: {} }),
    () => ({ kind: 'compact' }),
    () => ({ kind: 'backup' }),
  ]
  while (steps.length < STEPS) steps.push(menu[Math.floor(rng() * menu.length)]!())
  return steps
}

const tickingClock = () => {
  let t = Date.UTC(2026, 10, 22, 19, 0, 0)
  return () => new Date((t += 1000))
}

const stateOf = (c: OpenCampaign) => JSON.stringify([...c.store.values()].sort((a, b) => (a.id < b.id ? -1 : 1)))

interface Played {
  /** State as created, then after each step that finished (the reference run finishes them all). */
  readonly states: string[]
  /** System calls the steps made (not counting the campaign's creation). */
  readonly calls: number
  /** Steps acknowledged before the cut. */
  readonly acked: number
  readonly campaignId: string
  readonly disk: PowerLossDisk
}

/** Plays the evening on a fresh disk, cutting the power after `cutAfterCalls` system calls (once the campaign exists). */
async function play(steps: readonly Step[], cutAfterCalls: number): Promise<Played> {
  const disk = new PowerLossDisk()
  const repo = new CampaignRepository({ dataDir: DATA, fs: createDurableFs(disk, 'tmp'), now: tickingClock() })
  // One id key for every run, so the reference run and each cut one make the same records.
  const campaign = await repo.create('Evening', 'power-loss', genericRuleset.id, 'a'.repeat(64))
  const engine = new CampaignEngine(campaign, genericRuleset)
  const states: string[] = [stateOf(campaign)]
  const before = disk.calls
  disk.callsLeft = cutAfterCalls
  let acked = 0
  for (const [i, step] of steps.entries()) {
    try {
      if (step.kind === 'compact') await campaign.compact(true)
      else if (step.kind === 'backup') campaign.backup('manual')
      else engine.execute({ type: step.type, payload: step.payload, meta: { commandId: `step-${i}` } })
    } catch (e) {
      if (!(e instanceof PowerCut)) throw e
    }
    // The engine turns a failed write into a refusal; either way nothing after the cut is acknowledged.
    if (disk.callsLeft < 0) break
    states.push(stateOf(campaign))
    acked = i + 1
  }
  return { states, acked, calls: disk.calls - before, campaignId: campaign.id, disk }
}

async function reopen(image: DiskImage, campaignId: string) {
  const repo = new CampaignRepository({ dataDir: DATA, fs: createDurableFs(new PowerLossDisk(image), 'tmp'), now: tickingClock() })
  return repo.open(campaignId)
}

describe('power loss at a random moment', () => {
  it(`${TRIALS} cuts: the campaign opens holding every acknowledged command`, async () => {
    const rng = seedrandom('power-loss')
    const failures: string[] = []
    let cutMidway = 0
    for (let trial = 0; trial < TRIALS; trial++) {
      const steps = evening(seedrandom(`evening-${trial}`))
      const reference = await play(steps, Infinity)
      const total = reference.calls
      const cut = Math.floor(rng() * total)
      const run = await play(steps, cut)
      if (run.acked < steps.length) cutMidway++
      const opened = await reopen(run.disk.crash(rng), run.campaignId)
      if (!opened.ok) {
        failures.push(`trial ${trial} (cut at call ${cut}): would not open: ${opened.error.message}`)
        continue
      }
      // states[n] is the state after n steps: after the acknowledged ones, or the one in flight too.
      const allowed = [reference.states[run.acked], reference.states[run.acked + 1]]
      if (!allowed.includes(stateOf(opened.value))) {
        failures.push(
          `trial ${trial} (cut at call ${cut} of ${total}, ${run.acked} acknowledged): state matches neither step ${run.acked} nor ${run.acked + 1}`,
        )
      }
    }
    expect(failures).toEqual([])
    // The cuts did land inside the evenings (not all after the last step).
    expect(cutMidway).toBeGreaterThan(TRIALS * 0.8)
  })

  it('the disk model does lose unsynced work (so the test above could fail)', () => {
    const disk = new PowerLossDisk()
    const fs = createDurableFs(disk, 'tmp')
    fs.mkdirp('/d')
    const fd = disk.open('/d/raw', 'a')
    disk.write(fd, Buffer.from('x'.repeat(4096)), 0, 4096)
    fs.writeFileAtomic('/d/safe', 'kept')
    // Unsynced raw data: across many crashes some sectors are lost; the atomic file always survives.
    const rng = seedrandom('model')
    const raws = Array.from({ length: 20 }, () => new PowerLossDisk(disk.crash(rng)))
    expect(raws.some((d) => d.readFile('/d/raw').length < 4096)).toBe(true)
    expect(raws.every((d) => d.readFile('/d/safe').toString() === 'kept')).toBe(true)
  })
})
