import { readFileSync, writeFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { CampaignEngine } from '../../../src-main/core/engine/campaign-engine'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import { nodeDurableFs } from '../../../src-main/core/persistence/durable-fs'
import { LOG_SLICE_ENTRIES } from '../../../src-main/core/persistence/log-move'
import { archiveFileName, readArchive, readArchiveTail } from '../../../src-main/core/persistence/log-archive'
import type { OpenCampaign } from '../../../src-main/core/persistence/open-campaign'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'
import { makeLegacyCampaign, type LegacyCampaign } from '../helpers/legacy-campaign'
import { tempDir } from '../helpers/temp-dir'

const ENTRIES = 1_730

async function opened(dataDir: string, legacy: LegacyCampaign): Promise<OpenCampaign> {
  const r = await new CampaignRepository({ dataDir }).open(legacy.campaignId)
  if (!r.ok) throw new Error(r.error.message)
  return r.value
}

const archiveFile = (c: OpenCampaign, legacy: LegacyCampaign) => c.paths.logArchive(archiveFileName(legacy.encounterId)!)

/** Every log entry id, live and archived, with repeats, sorted. */
function everyEntry(c: OpenCampaign): string[] {
  const archived = nodeDurableFs
    .list(c.paths.logArchiveDir)
    .flatMap((f) => readArchive(nodeDurableFs, c.paths.logArchive(f))?.entries ?? [])
  return [...archived, ...c.store.ofType('log')].map((e) => e.id).sort()
}

/** Slices moved until the move is over; returns each slice's size. */
function moveAll(c: OpenCampaign): number[] {
  const sizes: number[] = []
  for (let removed = c.moveLogSlice(); removed !== null; removed = c.moveLogSlice()) sizes.push(removed.length)
  return sizes
}

describe("an older campaign's closed log moves to its archive after the open, a slice at a time", () => {
  it('opens with the entries still live, then moves them between commands: each once, in order, none left live', async () => {
    const dataDir = tempDir()
    const legacy = await makeLegacyCampaign(nodeDurableFs, dataDir, ENTRIES)
    const c = await opened(dataDir, legacy)
    // The open served without moving anything: no archive yet, every entry still live.
    expect(c.logToMove).toBe(true)
    expect(c.store.ofType('log')).toHaveLength(ENTRIES)
    expect(nodeDurableFs.sizeOf(archiveFile(c, legacy))).toBeNull()

    const first = c.moveLogSlice()!
    expect(first.length).toBeGreaterThanOrEqual(LOG_SLICE_ENTRIES)
    expect(first.length).toBeLessThan(LOG_SLICE_ENTRIES + 10)
    expect(readArchiveTail(nodeDurableFs, archiveFile(c, legacy))).toMatchObject({ complete: true, more: true })
    // A command between two slices: logged after the fight, it stays live.
    const engine = new CampaignEngine(c, genericRuleset)
    const roll = engine.execute({
      type: 'dice/roll',
      payload: { expression: '1d6', purpose: 'between slices' },
      meta: { commandId: 'between' },
    })
    expect(roll.ok).toBe(true)
    const rest = moveAll(c)
    expect(rest.length).toBeGreaterThanOrEqual(2)
    expect(c.logToMove).toBe(false)

    const archive = readArchive(nodeDurableFs, archiveFile(c, legacy))!
    expect(archive.entries.map((e) => e.id)).toEqual(legacy.ids)
    expect(archive.complete).toBe(true)
    expect(readArchiveTail(nodeDurableFs, archiveFile(c, legacy))).toMatchObject({ complete: true, more: false })
    expect(c.store.ofType('log').map((e) => e.text)).toEqual([expect.stringContaining('between slices')])

    await c.close()
    const again = await opened(dataDir, legacy)
    expect(again.logToMove).toBe(false)
    expect(again.store.ofType('log')).toHaveLength(1)
    expect(readArchive(nodeDurableFs, archiveFile(again, legacy))!.entries).toHaveLength(ENTRIES)
    again.abandon()
  })

  it('killed between two slices (the archive appended, the document not rewritten): the next open goes on from there, each entry once', async () => {
    const dataDir = tempDir()
    const legacy = await makeLegacyCampaign(nodeDurableFs, dataDir, ENTRIES)
    const c = await opened(dataDir, legacy)
    c.moveLogSlice()
    c.moveLogSlice()
    c.abandon()
    const again = await opened(dataDir, legacy)
    expect(everyEntry(again)).toEqual([...legacy.ids].sort())
    // What was archived is no longer live; the rest is, and moves on.
    expect(again.store.ofType('log').length).toBeLessThan(ENTRIES - LOG_SLICE_ENTRIES)
    expect(again.logToMove).toBe(true)
    moveAll(again)
    expect(everyEntry(again)).toEqual([...legacy.ids].sort())
    expect(readArchive(nodeDurableFs, archiveFile(again, legacy))!.entries.map((e) => e.id)).toEqual(legacy.ids)
    again.abandon()
  })

  it('killed halfway through appending a slice (no closing line, a torn last line): the next open finishes it, each entry once', async () => {
    const dataDir = tempDir()
    const legacy = await makeLegacyCampaign(nodeDurableFs, dataDir, ENTRIES)
    const c = await opened(dataDir, legacy)
    c.moveLogSlice()
    c.moveLogSlice()
    c.abandon()
    const file = archiveFile(c, legacy)
    const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean)
    // The second slice lost its closing line and half of its last entry.
    writeFileSync(file, `${lines.slice(0, -2).join('\n')}\n${lines.at(-2)!.slice(0, 30)}`)
    const again = await opened(dataDir, legacy)
    expect(again.logToMove).toBe(true)
    moveAll(again)
    const archive = readArchive(nodeDurableFs, file)!
    expect(archive.entries.map((e) => e.id)).toEqual(legacy.ids)
    expect(archive.damaged).toBe(0)
    expect(everyEntry(again)).toEqual([...legacy.ids].sort())
    again.abandon()
  })

  it('a short one is moved by the open itself, before it serves', async () => {
    const dataDir = tempDir()
    const legacy = await makeLegacyCampaign(nodeDurableFs, dataDir, LOG_SLICE_ENTRIES - 20)
    const c = await opened(dataDir, legacy)
    expect(c.logToMove).toBe(false)
    expect(c.store.ofType('log')).toEqual([])
    expect(readArchive(nodeDurableFs, archiveFile(c, legacy))!.entries.map((e) => e.id)).toEqual(legacy.ids)
    c.abandon()
  })
})
