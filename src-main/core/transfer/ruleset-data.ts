import type { JsonValue } from '../../../src-shared/json'
import type { ContentItemRecord } from '../../../src-shared/records'
import type { Ruleset } from '../../rules/ruleset'
import type { CampaignDocument } from '../persistence/document-schema'
import type { StoredRecord } from '../state/stored-records'

/**
 * The document check stops at the core's own fields; a combatant's `rules` is the ruleset's
 * business. A file from elsewhere gets that checked too, by the ruleset, before it becomes a
 * campaign: cards and attacks read that data on every screen update, and an exception there
 * would stop the console rather than name the record.
 */
export function rulesetDataProblem(document: CampaignDocument, ruleset: Ruleset): string | null {
  const records = Object.values(document.records)
  const content = records.filter((r): r is ContentItemRecord => r.typeName === 'content')
  for (const item of content) {
    if (!ruleset.content) return `records › ${item.id}: the ${ruleset.name} ruleset has no campaign items`
    // An item file of one entry is the ruleset's own way to check an entry; it names the field.
    const parsed = ruleset.content.parseFile(item.id, JSON.stringify({ kind: item.section, entries: [item.entry] }))
    if (!parsed.ok) return `records › ${item.id} › entry: ${parsed.error.message}`
    const [entry] = parsed.value
    if (!entry || entry.section !== item.section || item.id !== `content:${entry.section}:${entry.itemId}`) {
      return `records › ${item.id}: its id does not match the item it holds`
    }
  }
  const rules = (
    content.length && ruleset.content ? ruleset.content.withCustom(content.map((c) => ({ section: c.section, entry: c.entry }))) : ruleset
  ).combatantRules
  // A ruleset without per-combatant data never reads `rules`, so nothing can trip over it.
  if (!rules) return null
  for (const { where, data } of rulesData(document)) {
    const parsed = rules.parse(data)
    // A sheet may name an item the GM has since removed from the campaign; the ruleset
    // shows that gracefully, and refusing it would refuse the GM's own exports.
    if (!parsed.ok && parsed.error.code !== 'rules/unknownItem') return `${where} › rules: ${parsed.error.message}`
  }
  return null
}

/** Every piece of ruleset data in the document, live or waiting in an undo or redo mark. */
function* rulesData(document: CampaignDocument): Generator<{ where: string; data: JsonValue }> {
  const of = function* (r: StoredRecord | null, where: string) {
    if (r && (r.typeName === 'combatant' || r.typeName === 'template') && r.rules !== null) yield { where, data: r.rules }
  }
  for (const [id, r] of Object.entries(document.records)) {
    yield* of(r, `records › ${id}`)
    if (r.typeName !== 'history') continue
    for (const list of ['undo', 'redo'] as const) {
      for (const [m, mark] of r[list].entries()) {
        for (const [c, change] of mark.changes.entries()) {
          yield* of(change.from, `records › history › ${list} › ${m} › changes › ${c} › from`)
          yield* of(change.to, `records › history › ${list} › ${m} › changes › ${c} › to`)
        }
      }
    }
  }
}
