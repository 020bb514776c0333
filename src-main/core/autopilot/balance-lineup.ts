import { teamOf } from '../../../src-shared/autopilot'
import type { BalanceLineInput, BalanceLineUp, BalanceSource, BalanceTarget } from '../../../src-shared/balance'
import type { RequestInputs } from '../../../src-shared/contract'
import { BALANCE, SQUAD } from '../../../src-shared/limits'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Side } from '../../../src-shared/records'
import type { Ruleset } from '../../rules/ruleset'
import { seededSource } from '../dice/random-source'
import type { RecordReader } from '../state/record-store'
import type { StoredTypeName } from '../state/stored-records'
import { fighters } from './fighters'
import type { Pick } from './balance-search'
import { SimTable } from './sim-table'

/*
 * Issue 35's Balance, what a candidate is: the campaign's fight as it stands with the candidate's
 * enemies added by the `squad/add` decider itself, on a throwaway copy (a SimTable). The copy is
 * never journaled or shown; the live store is only read.
 */

/** What a candidate's fight reads: the fight's own records, the roster (squad lines name entries) and the GM's items (the forecast's rules). */
const BASE_TYPES: readonly StoredTypeName[] = [
  'campaign',
  'encounter',
  'combatant',
  'scene',
  'token',
  'areaMark',
  'wall',
  'prompt',
  'template',
  'content',
]

/** The campaign's records a search builds on, read once when it starts: a change on the desk mid-search does not shift its candidates. */
export function balanceBase(store: RecordReader): unknown[] {
  const out: unknown[] = []
  for (const t of BASE_TYPES)
    for (const r of store.ofType(t)) if (t !== 'encounter' || (r as { status: string }).status === 'active') out.push(r)
  return out
}

/**
 * A saved encounter's fight (its badge, its Balance): the party alone, in a fresh fight. The
 * encounter running now and the enemies in it are not the saved encounter's fight.
 */
export function partyBase(store: RecordReader): unknown[] {
  return balanceBase(store).filter((r) => {
    const rec = r as { typeName: string; side?: Side }
    if (rec.typeName === 'encounter') return false
    return rec.typeName !== 'combatant' || teamOf(rec.side!) === 'party'
  })
}

/** The sources that may fill each line, its own first. */
export const lineSources = (line: BalanceLineInput): BalanceSource[] => [
  line.source,
  ...(line.swaps ?? []).map((name): BalanceSource => ({ kind: 'quickNpc', name })),
]

/** The line-up a pick names, with the names the GM knows the sources by. */
export function lineUpOf(lines: readonly BalanceLineInput[], pick: Pick, store: RecordReader): BalanceLineUp[] {
  return lines.map((line, i) => {
    const source = lineSources(line)[pick.choices[i]!]!
    const t = source.kind === 'template' ? store.get(source.templateId) : undefined
    const name = source.kind === 'quickNpc' ? source.name : t?.typeName === 'template' ? t.name : source.templateId
    return { source, name, count: pick.counts[i]! }
  })
}

/** The candidate's fight: the base with the line-up added as enemies, exactly as `squad/add` would add it. */
export function candidateStore(base: readonly unknown[], ruleset: Ruleset, lineUp: readonly BalanceLineUp[]): Result<RecordReader> {
  const table = new SimTable(base, ruleset, seededSource('balance-line-up'))
  const added = table.run('squad/add', {
    entries: lineUp.map((l) => ({ ...l.source, count: l.count })),
    side: 'enemy',
    hidden: false,
    oneInitiativeRoll: false,
  })
  return added.ok ? ok(table.store) : fail(added.error.code, added.error.message)
}

const percent = (what: string, n: number) =>
  Number.isFinite(n) && n >= 1 && n <= 99
    ? null
    : `The ${what} must be between 1 and 99 % (it was ${Number.isFinite(n) ? n : 'not a number'}).`

/** Whether the target is one a search can aim at, in the GM's words. */
export function targetProblem(t: BalanceTarget): string | null {
  return percent('party’s win chance', t.win) ?? percent('most down risk', t.downRisk)
}

/**
 * Everything a search needs checked before it starts, each answered in the GM's words: the
 * target, the enemy lines (their counts, their sources), and a party whose sheets the forecast
 * can play. Nothing is changed whatever the answer.
 */
export function balanceProblem(
  input: RequestInputs['balanceStart'],
  store: RecordReader,
  ruleset: Ruleset,
): { code: string; message: string } | null {
  if (!ruleset.attacks)
    return { code: 'balance/rules', message: `The ${ruleset.name} ruleset resolves no attacks: Balance has no fight to forecast.` }
  const target = targetProblem(input.target)
  if (target) return { code: 'balance/target', message: target }
  if (input.lines.length === 0) return { code: 'balance/empty', message: 'The enemy side is empty: add at least one line to balance.' }
  if (input.lines.length > BALANCE.lines)
    return { code: 'balance/lines', message: `A balance search takes at most ${BALANCE.lines} lines (there are ${input.lines.length}).` }
  for (const [i, line] of input.lines.entries()) {
    const at = `Line ${i + 1}`
    if (!(line.min >= 1 && line.min <= line.count && line.count <= line.max))
      return {
        code: 'balance/range',
        message: `${at}: its count (${line.count}) must lie within its range ${line.min}–${line.max}, from 1.`,
      }
    if ((line.swaps?.length ?? 0) > BALANCE.swaps)
      return { code: 'balance/swaps', message: `${at}: at most ${BALANCE.swaps} ready-made NPCs may be tried in its place.` }
    for (const source of lineSources(line)) {
      const problem = sourceProblem(source, store, ruleset)
      if (problem) return { code: 'balance/source', message: `${at}: ${problem}` }
    }
  }
  const now = input.lines.reduce((n, l) => n + l.count, 0)
  if (now > SQUAD.size)
    return { code: 'balance/size', message: `The squad as it stands is ${now} combatants, more than the ${SQUAD.size} a squad adds.` }
  const party = fighters(store).filter((c) => teamOf(c.side) === 'party')
  if (party.length === 0)
    return {
      code: 'balance/party',
      message: 'Nobody is on the party’s side (party or ally): Balance measures a line-up against the party.',
    }
  // A member without a sheet cannot act in a simulated fight: the search would measure the others alone.
  const bare = party.filter((c) => c.rules === null).map((c) => c.name)
  if (bare.length === party.length)
    return {
      code: 'balance/sheets',
      message: `The party has no sheets (${bare.join(', ')}): the forecast cannot play them. Fill in their sheets first.`,
    }
  if (bare.length > 0)
    return {
      code: 'balance/sheets',
      message: `${bare.join(', ')} ${bare.length === 1 ? 'has' : 'have'} no sheet: the forecast cannot play them. Fill it in first.`,
    }
  return null
}

function sourceProblem(source: BalanceSource, store: RecordReader, ruleset: Ruleset): string | null {
  if (source.kind === 'template') {
    const t = store.get(source.templateId)
    return t?.typeName === 'template' ? null : 'that roster entry is gone (deleted, or undone away).'
  }
  if (ruleset.quickNpcs?.some((n) => n.name === source.name)) return null
  return `the ${ruleset.name} ruleset has no ready-made NPC named “${source.name}”.`
}
