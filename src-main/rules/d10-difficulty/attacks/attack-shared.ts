import type { FormField, AttackPreview, AttackRequest, ExplanationSection } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { SURPRISED } from '../d10-conditions'
import { d10Sheets } from '../d10-sheet-access'
import { amountRows, expectation, type Distribution } from '../../kit/distribution'
import { downChance } from '../ranged/ranged-odds'
import { BARE_HANDS } from '../sheet/d10-items'
import type { D10Sheet, Weapon } from '../sheet/d10-sheet'

export const choice = <T extends string>(
  key: string,
  label: string,
  value: T,
  values: readonly T[],
  labelOf: (v: T) => string = (v) => v,
): FormField => ({
  key,
  label,
  kind: 'choice',
  value,
  choices: values.map((v) => ({ value: v, label: labelOf(v) })),
})

/** The attack modes a weapon offers: single shots and bursts, a throw, or a strike. */
export function modesOf(w: Weapon): string[] {
  if (w.kind === 'melee') return ['strike']
  if (w.kind === 'thrown') return ['throw']
  return w.burst > 1 ? ['single', 'burst'] : ['single']
}

/** Every weapon the attacker can use: what it carries, then bare hands. */
export const armaments = (sheet: D10Sheet): Weapon[] => [...sheet.weapons, BARE_HANDS]

/** Who attacks whom with what: both combatants as the core sees them, their sheets and the weapon. */
export interface Sides {
  readonly request: AttackRequest
  readonly a: RulesCombatant
  readonly t: RulesCombatant
  readonly attacker: D10Sheet
  readonly target: D10Sheet
  readonly weapon: Weapon
  /** The weapon's slot on the attacker's sheet (null for bare hands). */
  readonly slot: number | null
  readonly weaponList: AttackPreview['weapons']
}

export function sidesOf(request: AttackRequest, a: RulesCombatant, t: RulesCombatant): Result<Sides> {
  const sheets = d10Sheets.requireBoth(a, t, 'attack/noSheet')
  if (!sheets.ok) return sheets
  const { a: attacker, b: target } = sheets.value
  if (a.id === t.id) return fail('attack/self', `${a.name} cannot attack itself.`)
  const list = armaments(attacker)
  const weapon = list[request.weapon]
  if (!weapon) return fail('attack/noWeapon', `${a.name} has no weapon in slot ${request.weapon + 1}.`)
  return ok({
    request,
    a,
    t,
    attacker,
    target,
    weapon,
    slot: request.weapon < attacker.weapons.length ? request.weapon : null,
    weaponList: list.map((w, index) => ({ index, name: w.name, modes: modesOf(w) })),
  })
}

/** `002` Surprise Round: the surprised side cannot use any actions. */
export function surprisedRefusal(c: RulesCombatant): string | null {
  return c.conditions.some((x) => x.conditionId === SURPRISED)
    ? `${c.name} is surprised: no actions this round (002 Surprise Round).`
    : null
}

/** A preview that cannot go ahead: the options still show, with the reason and the working so far. */
export function blockedPreview(
  base: Pick<AttackPreview, 'weapons' | 'options' | 'cost'>,
  explanation: readonly ExplanationSection[],
  reason: string,
): AttackPreview {
  return { ...base, outcomes: [], risks: [], expectedDamage: 0, downChance: 0, damage: [], explanation, blocked: reason, diceHint: '' }
}

/** A preview that can go ahead: its outcomes, and the damage distribution read three ways (mean, chance down, table). */
export function oddsPreview(
  base: Pick<AttackPreview, 'weapons' | 'options' | 'cost'>,
  odds: Pick<AttackPreview, 'headline' | 'outcomes' | 'explanation' | 'diceHint'> & { readonly damage: Distribution; readonly hp: number },
): AttackPreview {
  const { damage, hp, ...rest } = odds
  return {
    ...base,
    ...rest,
    risks: [],
    expectedDamage: expectation(damage),
    downChance: downChance(damage, hp),
    damage: amountRows(damage),
    blocked: null,
  }
}

/** "1d6+2". */
export const diceText = (w: Weapon): string =>
  `${w.damage.count}d${w.damage.sides}${w.damage.bonus > 0 ? `+${w.damage.bonus}` : w.damage.bonus < 0 ? `${w.damage.bonus}` : ''}`

/** Whether the weapon draws rounds from a magazine (a blade does not). */
export const usesAmmo = (w: Weapon): boolean => w.kind !== 'melee' && w.magazine > 0
