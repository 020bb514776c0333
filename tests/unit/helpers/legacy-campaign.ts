import type { CommandInput, CommandType } from '../../../src-shared/commands'
import { CampaignEngine } from '../../../src-main/core/engine/campaign-engine'
import { CampaignRepository } from '../../../src-main/core/persistence/campaign-repository'
import type { CampaignDocument } from '../../../src-main/core/persistence/document-schema'
import type { DurableFs } from '../../../src-main/core/persistence/durable-fs'
import { archiveFileName, readArchive } from '../../../src-main/core/persistence/log-archive'
import { genericRuleset } from '../../../src-main/rules/generic/generic-ruleset'

/** The journal position an older campaign's document says it holds: its log entries were all written before it. */
const JOURNAL_SEQ = 1_000
/** Entries per command in the made-up history (a turn and its start-of-turn lines, say). */
const PER_COMMAND = 10

export interface LegacyCampaign {
  readonly campaignId: string
  readonly encounterId: string
  /** Every log entry id, in the order written. */
  readonly ids: readonly string[]
}

/**
 * A campaign as Salvo saved it before archives existed: one fight, ended, whose log (`entries`
 * of it, copies of the real lines under fresh ids and seqs, ten per command) is all in the
 * document, and no archive. Made with the real engine on `fs`, then the document rewritten.
 * `running`: the fight is still on (as an older Salvo saved a long evening's fight mid-way).
 */
export async function makeLegacyCampaign(fs: DurableFs, dataDir: string, entries: number, running = false): Promise<LegacyCampaign> {
  let tick = 0
  const repo = new CampaignRepository({ dataDir, fs, now: () => new Date(Date.UTC(2026, 10, 26, 5, 0, tick++)) })
  const campaign = await repo.create('Old campaign', 'legacy-seed', genericRuleset.id, 'c'.repeat(64))
  const engine = new CampaignEngine(campaign, genericRuleset)
  let n = 0
  const must = <T extends CommandType>(type: T, payload: CommandInput<T>) => {
    const r = engine.execute({ type, payload, meta: { commandId: `legacy-${n++}` } })
    if (!r.ok) throw new Error(`${type}: ${r.error.message}`)
  }
  must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  must('encounter/start', { name: 'Old war' })
  must('dice/roll', { expression: '3d6+2', purpose: 'opening volley' })
  must('encounter/end', {})
  const encounterId = campaign.store.ofType('encounter')[0]!.id
  const file = campaign.paths.logArchive(archiveFileName(encounterId)!)
  const real = readArchive(fs, file)!.entries
  const document: CampaignDocument = campaign.document()
  campaign.abandon()
  fs.remove(file)
  fs.remove(campaign.paths.journal)
  const ids: string[] = []
  const records = { ...document.records }
  for (let i = 0; i < entries; i++) {
    const from = real[i % real.length]!
    const seq = (1 + Math.floor(i / PER_COMMAND)) * 1000 + 100 + (i % PER_COMMAND)
    const copy = { ...from, id: `log:old-${i}` as const, seq, commandId: `old-${Math.floor(i / PER_COMMAND)}` }
    records[copy.id] = copy
    ids.push(copy.id)
  }
  const encounter = records[encounterId]
  if (running && encounter?.typeName === 'encounter') {
    records[encounterId] = { ...encounter, status: 'active' }
    // The undo marks name the few real commands, whose seqs the copies share: a long evening's marks name only its last commands.
    records['history'] = { typeName: 'history', id: 'history', undo: [], redo: [] } as never
  }
  fs.writeFileAtomic(campaign.paths.document, JSON.stringify({ ...document, journalSeq: JOURNAL_SEQ, records }))
  return { campaignId: campaign.id, encounterId, ids }
}
