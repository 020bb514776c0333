import type { ActPerformer } from './cx-act'
import type { ActionDefinition } from '../../../src-shared/attack'
import { fail, ok } from '../../../src-shared/result'
import { optionBool, optionNumber } from '../kit/options'
import { rollCxCheck } from './cx-checks'
import { applyCxDamage } from './cx-damage'
import type { CxCombatant } from './sheet/cx-sheet'

/*
 * `001` Protection Types: "A player can fall up to their Dex/2 in meters before needing to roll
 * an acrobatics check. If the surface they are landing on is somehow fouled, the GM may require
 * the player to roll an acrobatics check when landing from any height … On a failed roll, take
 * damage equal to 2 times the height fallen. The player also incurs one injury."
 * SR-CX-101: the DC is the GM's (default 50), the fall costs nothing and may happen out of turn,
 * and its damage goes through the hand-typed "fall" damage (straight to health, SR-CX-3).
 */

export const FALL = 'fall'
/** The highest fall the form takes: far beyond any health bar's worth of damage. */
const MAX_HEIGHT = 500
const DEFAULT_DC = 50
const MAX_DC = 300

/** `001` Protection Types: a fall up to DEX/2 metres needs no check (exact halves: DEX 5 lands 2.5 m free). */
export const freeFall = (c: CxCombatant): number => c.stats.dex / 2

export function fallDefinition(c: CxCombatant): ActionDefinition {
  return {
    key: FALL,
    label: `Fall (free up to ${freeFall(c)} m, else Acrobatics)`,
    target: 'none',
    options: [
      { key: 'height', label: 'Height fallen', kind: 'number', value: 0, unit: 'm', min: 0, max: MAX_HEIGHT },
      { key: 'dc', label: 'Acrobatics DC (the GM’s, SR-CX-101)', kind: 'number', value: DEFAULT_DC, min: 0, max: MAX_DC },
      {
        key: 'fouled',
        label: 'Fouled landing: the check at any height',
        kind: 'toggle',
        value: false,
        hint: '001 Protection Types: the GM may require the check from any height',
      },
    ],
    cost: 'free',
    unavailable: null,
  }
}

const wholeIn = (v: number | undefined, lo: number, hi: number): v is number => v !== undefined && Number.isInteger(v) && v >= lo && v <= hi

export const performFall: ActPerformer = (request, actor, c, _target, library, dice) => {
  const height = optionNumber(request.options, 'height')
  if (!wholeIn(height, 0, MAX_HEIGHT)) return fail('action/badOption', `The height fallen must be whole metres from 0 to ${MAX_HEIGHT}.`)
  const dc = optionNumber(request.options, 'dc') ?? DEFAULT_DC
  if (!wholeIn(dc, 0, MAX_DC)) return fail('action/badOption', `The Acrobatics DC must be a whole number from 0 to ${MAX_DC}.`)
  const fouled = optionBool(request.options, 'fouled') ?? false
  const free = freeFall(c)
  const base = { actorRules: null, targetRules: null, targetHp: null, cost: [], outOfTurn: 'free' as const }
  if (height <= free && !fouled) {
    return ok({
      ...base,
      actorHp: actor.hp,
      summary: `${actor.name} falls ${height} m and lands unharmed: up to DEX ${c.stats.dex}/2 = ${free} m needs no check (001 Protection Types)`,
      detail: [{ title: 'Fall', lines: [{ label: 'Free fall: DEX / 2', value: `${free} m`, source: '001 Protection Types' }] }],
      rolls: [],
    })
  }
  const check = rollCxCheck({ check: 'skill:Acrobatics', dc, mode: 'normal', bonus: 0 }, actor, dice, library)
  if (!check.ok) return check
  const why = height <= free ? 'a fouled landing' : `more than ${free} m`
  if (check.value.success) {
    return ok({
      ...base,
      actorHp: actor.hp,
      summary: `${actor.name} falls ${height} m (${why}) and lands it: ${check.value.summary} (001 Protection Types)`,
      detail: check.value.detail,
      rolls: check.value.rolls,
    })
  }
  const amount = 2 * height
  const hurt = applyCxDamage(actor, amount, 'fall', library, dice)
  if (!hurt.ok) return hurt
  const lines = hurt.value.lines.length ? `; ${hurt.value.lines.join('; ')}` : ''
  return ok({
    ...base,
    actorRules: hurt.value.rules,
    actorHp: hurt.value.hp,
    summary: `${actor.name} falls ${height} m (${why}) and lands badly: ${check.value.summary}; 2 × ${height} = ${amount} fall damage${lines}; the GM notes an injury (001 Protection Types)`,
    detail: [
      ...check.value.detail,
      { title: 'Fall damage', lines: [{ label: `2 × ${height} m`, value: String(amount), source: '001 Protection Types, SR-CX-3' }] },
    ],
    rolls: [...check.value.rolls, ...hurt.value.rolls],
  })
}
