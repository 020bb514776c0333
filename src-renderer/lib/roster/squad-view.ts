import type { CommandInput } from '../../../src-shared/commands'
import { groupName, numberedNames } from '../../../src-shared/numbering'
import type { TemplateId } from '../../../src-shared/records'
import { SQUAD } from '../../../src-shared/limits'
import type { TemplateView } from '../../../src-shared/views'

export const MAX_SQUAD_ENTRIES = SQUAD.entries
export const MAX_SQUAD_SIZE = SQUAD.size

/** Something a squad line can be made of: a roster entry, or the ruleset's ready-made NPC. */
export type SquadSource =
  | { readonly kind: 'template'; readonly templateId: TemplateId; readonly name: string; readonly detail: string }
  | { readonly kind: 'quickNpc'; readonly name: string; readonly detail: string }

export interface SquadLine {
  readonly source: SquadSource
  readonly count: number
}

export interface QuickNpcInfo {
  readonly name: string
  readonly maxHp: number
}

export const sourceKey = (s: SquadSource) => (s.kind === 'template' ? s.templateId : `quick:${s.name}`)

/**
 * What the builder offers, roster first, narrowed by the search text. A ready-made NPC already
 * in the roster under its own name is left out: the core spawns from that entry anyway.
 */
export function squadSources(templates: readonly TemplateView[], quickNpcs: readonly QuickNpcInfo[], query: string): SquadSource[] {
  const q = query.trim().toLowerCase()
  const fits = (name: string) => !q || name.toLowerCase().includes(q)
  const inRoster = new Set(templates.map((t) => t.name))
  return [
    ...templates
      .filter((t) => fits(t.name) || (q !== '' && t.faction.toLowerCase().includes(q)))
      .map((t): SquadSource => ({ kind: 'template', templateId: t.id, name: t.name, detail: rosterDetail(t) })),
    ...quickNpcs
      .filter((n) => !inRoster.has(n.name) && fits(n.name))
      .map((n): SquadSource => ({ kind: 'quickNpc', name: n.name, detail: `${n.maxHp} HP` })),
  ]
}

function rosterDetail(t: TemplateView): string {
  return [t.side, `${t.maxHp} HP`, t.faction].filter(Boolean).join(' · ')
}

/** Adds one of `source` (a new line, or one more on its line). */
export function addTo(lines: readonly SquadLine[], source: SquadSource): SquadLine[] {
  const key = sourceKey(source)
  const at = lines.findIndex((l) => sourceKey(l.source) === key)
  if (at < 0) return lines.length >= MAX_SQUAD_ENTRIES ? [...lines] : [...lines, { source, count: 1 }]
  return lines.map((l, i) => (i === at ? { ...l, count: clampCount(l.count + 1) } : l))
}

export const clampCount = (n: number) => (Number.isFinite(n) ? Math.min(MAX_SQUAD_SIZE, Math.max(1, Math.round(n))) : 1)

export const squadSize = (lines: readonly SquadLine[]) => lines.reduce((n, l) => n + l.count, 0)

/** The names the core will give, line by line, after the names already in use ("Raider 4–6, Sniper 1"). */
export function previewNames(lines: readonly SquadLine[], existing: readonly string[]): string {
  const names = [...existing]
  return lines
    .map((l) => {
      const made = numberedNames(l.source.name, l.count, names)
      names.push(...made)
      return groupName(made)
    })
    .join(', ')
}

/** Why the squad cannot be added as it stands, or null. */
export function squadProblem(lines: readonly SquadLine[], templates: readonly TemplateView[]): string | null {
  if (lines.length === 0) return 'Pick at least one roster entry or ready-made NPC.'
  const size = squadSize(lines)
  if (size > MAX_SQUAD_SIZE) return `${size} combatants: at most ${MAX_SQUAD_SIZE} at a time.`
  const ids = new Set(templates.map((t) => t.id))
  const gone = lines.find((l) => l.source.kind === 'template' && !ids.has(l.source.templateId))
  return gone ? `${gone.source.name} is no longer in the roster: take it out of the squad.` : null
}

export function squadEntries(lines: readonly SquadLine[]): CommandInput<'squad/add'>['entries'] {
  return lines.map((l) =>
    l.source.kind === 'template'
      ? { kind: 'template', templateId: l.source.templateId, count: l.count }
      : { kind: 'quickNpc', name: l.source.name, count: l.count },
  )
}

/** The saved encounter's name when the GM types none: "Raider squad", "Raider and Sniper". */
export function defaultPlanName(lines: readonly SquadLine[]): string {
  const names = lines.map((l) => l.source.name)
  const name = names.length === 1 ? `${names[0]} squad` : names.length === 2 ? `${names[0]} and ${names[1]}` : `${names[0]} and others`
  return name.slice(0, 60)
}
