import type { BalanceCandidate, BalanceLineInput, BalanceLineUp } from '../../../src-shared/balance'
import { BALANCE, SQUAD } from '../../../src-shared/limits'
import type { TemplateView } from '../../../src-shared/views'
import { sourceKey, type QuickNpcInfo, type SquadLine, type SquadSource } from './squad-view'

/** What the GM sets per squad line for a search: the most of it to try, and whether other ready-made NPCs may stand in. */
export interface LineRange {
  readonly max: number
  readonly swap: boolean
}

/** A line's range before the GM changes it: up to two more than now, at least four. */
export const defaultRange = (line: SquadLine): LineRange => ({ max: Math.min(SQUAD.size, Math.max(4, line.count + 2)), swap: false })

/**
 * The ready-made NPCs the search may try in a line's place: the ruleset's others nearest in
 * health to the line's own, as the most like-for-like stand-ins.
 */
export function swapsFor(line: SquadLine, quickNpcs: readonly QuickNpcInfo[], templates: readonly TemplateView[]): string[] {
  const own =
    line.source.kind === 'quickNpc'
      ? quickNpcs.find((n) => n.name === line.source.name)
      : templates.find((t) => sourceKey(line.source) === t.id)
  const hp = own?.maxHp ?? 0
  return quickNpcs
    .filter((n) => n.name !== line.source.name)
    .sort((a, b) => Math.abs(a.maxHp - hp) - Math.abs(b.maxHp - hp))
    .slice(0, BALANCE.swaps)
    .map((n) => n.name)
}

/** The request's lines from the squad's lines and the GM's ranges. */
export function balanceLines(
  lines: readonly SquadLine[],
  ranges: ReadonlyMap<string, LineRange>,
  quickNpcs: readonly QuickNpcInfo[],
  templates: readonly TemplateView[],
): BalanceLineInput[] {
  return lines.map((l) => {
    const range = ranges.get(sourceKey(l.source)) ?? defaultRange(l)
    const source =
      l.source.kind === 'template'
        ? { kind: 'template' as const, templateId: l.source.templateId }
        : { kind: 'quickNpc' as const, name: l.source.name }
    const swaps = range.swap ? swapsFor(l, quickNpcs, templates) : []
    return { source, count: l.count, min: 1, max: Math.max(l.count, range.max), ...(swaps.length ? { swaps } : {}) }
  })
}

/** The squad's lines a candidate names, so the builder's own Add sends it. */
export function linesOf(
  lineUp: readonly BalanceLineUp[],
  quickNpcs: readonly QuickNpcInfo[],
  templates: readonly TemplateView[],
): SquadLine[] {
  return lineUp.map((l): SquadLine => {
    if (l.source.kind === 'template') {
      const id = l.source.templateId
      const t = templates.find((x) => x.id === id)
      const source: SquadSource = {
        kind: 'template',
        templateId: id,
        name: t?.name ?? l.name,
        detail: t ? `${t.side} · ${t.maxHp} HP` : '',
      }
      return { source, count: l.count }
    }
    const npc = quickNpcs.find((n) => n.name === l.name)
    return { source: { kind: 'quickNpc', name: l.name, detail: npc ? `${npc.maxHp} HP` : '' }, count: l.count }
  })
}

export const lineUpText = (lineUp: readonly BalanceLineUp[]) => lineUp.map((l) => `${l.count} × ${l.name}`).join(', ')

const pct = (share: number) => `${Math.round(share * 100)} %`

/** "wins 74 % ± 6 · down risk 22 % ± 5", or "measuring…" before the first fights. */
export function estimateText(c: BalanceCandidate): string {
  const e = c.estimate
  if (!e) return 'measuring…'
  return `wins ${pct(e.win.share)} ± ${Math.round(e.win.interval * 100)} · down risk ${pct(e.downRisk.share)} ± ${Math.round(e.downRisk.interval * 100)} · ${e.fights} ${e.fights === 1 ? 'fight' : 'fights'}${c.done ? '' : ' so far'}`
}

const VERDICT_WORDS: Readonly<Record<BalanceCandidate['verdict'], string>> = {
  on: 'on target',
  off: 'off target',
  open: 'near target',
}

/** What the GM reads beside a candidate: measuring until its forecast is over, then how it stands. */
export const verdictText = (c: BalanceCandidate, best: boolean): string =>
  !c.done ? 'measuring…' : `${best ? 'closest · ' : ''}${VERDICT_WORDS[c.verdict]}`
