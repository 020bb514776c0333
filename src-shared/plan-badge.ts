import { teamOf } from './autopilot'
import type { JsonValue } from './json'
import type { PlanBadge, Side } from './records'
import type { CombatantView } from './views'

/*
 * Issue 35: a saved encounter's difficulty badge. The desk stamps it with the party it was
 * forecast for; the GM's window compares that stamp with the party now, so "stale" needs no
 * message from the desk. Pure: both sides compute the same stamp from the same fields.
 */

/** What of a party member the forecast played: a change to any of it may change the odds. */
export interface PartySheet {
  readonly id: string
  readonly name: string
  readonly side: Side
  readonly rules: JsonValue | null
  readonly maxHp: number
  readonly initiativeModifier: number
}

/** A GM view's combatant as the stamp reads it (the player view has no sheets, and no badges either). */
export const sheetOfView = (c: CombatantView): PartySheet => ({
  id: c.id,
  name: c.name,
  side: c.side,
  rules: c.rules,
  maxHp: c.numbers.kind === 'exact' ? c.numbers.maxHp : 0,
  initiativeModifier: c.numbers.kind === 'exact' ? c.numbers.initiativeModifier : 0,
})

/** The same text for the same value whatever the order its keys were written in. */
function stable(v: JsonValue | null): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v)
  if (Array.isArray(v)) return `[${(v as readonly JsonValue[]).map(stable).join(',')}]`
  const o = v as { readonly [key: string]: JsonValue }
  return `{${Object.keys(o)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(o[k]!)}`)
    .join(',')}}`
}

/** 32-bit FNV-1a, twice with different offsets: a short stamp, not a secret (the window has the sheets anyway). */
function fnv(text: string, offset: number): string {
  let h = offset
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193) >>> 0
  }
  return h.toString(16).padStart(8, '0')
}

/** A stamp of the party's sheets (party and allies, as the forecast counts them); order does not matter. */
export function partyFingerprint(members: readonly PartySheet[]): string {
  const text = members
    .filter((m) => teamOf(m.side) === 'party')
    .map((m) => stable({ id: m.id, name: m.name, side: m.side, rules: m.rules, maxHp: m.maxHp, init: m.initiativeModifier }))
    .sort()
    .join('\n')
  return `${fnv(text, 0x811c9dc5)}${fnv(text, 0x01000193)}`
}

const pct = (share: number) => `${Math.round(share * 100)} %`

/** "wins 78 % · down 22 %". */
export const badgeText = (b: PlanBadge): string => `wins ${pct(b.win)} · down ${pct(b.down)}`

/** The badge's tooltip: the intervals, the fights and when. */
export const badgeDetail = (b: PlanBadge): string =>
  `Forecast of ${b.fights} fights against the party as it was at ${b.at.slice(0, 16).replace('T', ' ')} UTC: the party wins ${pct(b.win)} ± ${Math.round(b.winInterval * 100)}, someone in the party goes down ${pct(b.down)} ± ${Math.round(b.downInterval * 100)}.`
