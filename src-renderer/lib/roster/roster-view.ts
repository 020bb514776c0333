import type { PlanRecord, Side } from '../../../src-shared/records'
import type { TemplateView } from '../../../src-shared/views'

/** What the roster list reads of an entry: a whole record or the desk's summary of one both do. */
export type RosterListed = Pick<TemplateView, 'id' | 'name' | 'side' | 'faction' | 'tags'>

/** What the GM narrowed the roster to. Empty fields match everything. */
export interface RosterFilter {
  readonly text: string
  readonly side: Side | ''
  readonly faction: string
}

/**
 * Entries matching every word of the search (in the name, faction, side or a tag, any case),
 * on the chosen side and in the chosen faction.
 */
export function filterTemplates<T extends RosterListed>(templates: readonly T[], filter: RosterFilter): T[] {
  const words = filter.text.toLowerCase().split(/\s+/).filter(Boolean)
  return templates.filter((t) => {
    if (filter.side && t.side !== filter.side) return false
    if (filter.faction && t.faction !== filter.faction) return false
    const haystack = [t.name, t.faction, t.side, ...t.tags].join('\n').toLowerCase()
    return words.every((w) => haystack.includes(w))
  })
}

/** The factions in use, for the filter's choices. */
export function factionsOf(templates: readonly RosterListed[]): string[] {
  return [...new Set(templates.map((t) => t.faction).filter(Boolean))].sort((a, b) => a.localeCompare(b))
}

/** "melee, fast" ↔ ["melee", "fast"]: tags as the edit form types them. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean)
}

/** "3× Raider · 1× Sniper (hidden)": what a saved encounter holds. */
export function describePlan(plan: PlanRecord, templates: readonly RosterListed[]): string {
  const names = new Map(templates.map((t) => [t.id, t.name]))
  return plan.entries.map((e) => `${e.count}× ${names.get(e.templateId) ?? '(deleted entry)'}${e.hidden ? ' (hidden)' : ''}`).join(' · ')
}

/** Whether some roster entry has two or more copies among these combatants (so a group roll means something). */
export function hasGroups(combatants: readonly { readonly templateId: string | null }[]): boolean {
  const seen = new Set<string>()
  for (const c of combatants) {
    if (c.templateId === null) continue
    if (seen.has(c.templateId)) return true
    seen.add(c.templateId)
  }
  return false
}
