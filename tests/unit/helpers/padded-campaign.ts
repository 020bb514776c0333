import { readFileSync, writeFileSync } from 'node:fs'
import type { CampaignDocument } from '../../../src-main/core/persistence/document-schema'
import { CampaignHarness } from './campaign-harness'

/**
 * A campaign mid-fight whose document holds `pads` copies of one log line (a few MB for
 * thousands): large enough for the sliced, streamed and background paths. Reopened from disk.
 */
export async function paddedCampaign(pads: number): Promise<CampaignHarness> {
  const h = await CampaignHarness.create()
  h.must('combatant/add', { name: 'Vex', side: 'party', kind: 'pc', maxHp: 30 })
  h.must('encounter/start', { name: 'Long' })
  h.must('dice/roll', { expression: '3d6', purpose: 'a volley with a long purpose to pad the log a little' })
  await h.campaign.compact()
  const file = h.campaign.paths.document
  const doc = JSON.parse(readFileSync(file, 'utf8')) as CampaignDocument
  const log = Object.values(doc.records).find((r) => r.typeName === 'log')!
  for (let n = 0; n < pads; n++) doc.records[`log:pad-${n}`] = { ...log, id: `log:pad-${n}` }
  writeFileSync(file, JSON.stringify(doc))
  h.campaign.abandon()
  await h.reopen()
  return h
}
