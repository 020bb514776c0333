import type { FormField } from '../../../../src-shared/attack'
import { DEFENCE_LABELS } from '../combat/reactions'
import {
  ATTRIBUTE_LABELS,
  ATTRIBUTES,
  DAMAGE_TYPES,
  DEFENCES,
  SIZES,
  type D20Sheet,
  type D20SheetInput,
  type DamageType,
  type Defence,
  type WeaponInput,
} from './d20-sheet'
import { STARTER_ARMOUR, STARTER_WEAPONS, starterArmour, starterWeapon, UNARMOURED_RATING } from './starter-items'
import { optionBool, optionNumber } from '../../kit/options'
import { magazineFields, withMagazineFromForm } from './magazine-fields'

type Values = Readonly<Record<string, string | number | boolean>>

/** How many weapon slots the form edits (the rest of the list is kept as it is). */
const FORM_SLOTS = 2
const NONE = { value: '', label: '— none —' }
const KEEP = 'keep'

export const LIVE_KEYS = { armourDamage: 'live.armourDamage', attacksThisTurn: 'live.attacksThisTurn' } as const
export const weaponKey = (slot: number) => `weapon${slot + 1}`
export const proficientKey = (slot: number) => `weapon${slot + 1}Proficient`
export const affinityKey = (t: DamageType) => `affinity.${t}`

const starterIdOf = (name: string | undefined) => STARTER_WEAPONS.find((w) => w.weapon.name === name)?.id

function weaponChoice(current: D20Sheet | null, slot: number): FormField {
  const w = current?.weapons[slot]
  const id = w ? (starterIdOf(w.name) ?? KEEP) : ''
  const custom = w && id === KEEP ? [{ value: KEEP, label: `${w.name} (as on the sheet)` }] : []
  return {
    key: weaponKey(slot),
    label: `Weapon ${slot + 1}`,
    kind: 'choice',
    value: id,
    choices: [
      NONE,
      ...custom,
      ...STARTER_WEAPONS.map((s) => ({
        value: s.id,
        label: `${s.weapon.name} (${s.weapon.attack}, ${s.weapon.dice.count}d${s.weapon.dice.sides})`,
      })),
    ],
  }
}

function armourChoice(current: D20Sheet | null): FormField {
  const name = current?.armour ?? ''
  const custom = name && !STARTER_ARMOUR.some((a) => a.name === name) ? [{ value: name, label: name }] : []
  return {
    key: 'armour',
    label: 'Armour worn',
    kind: 'choice',
    value: STARTER_ARMOUR.find((a) => a.name === name)?.id ?? name,
    choices: [NONE, ...custom, ...STARTER_ARMOUR.map((a) => ({ value: a.id, label: `${a.name} (AR ${a.rating})` }))],
  }
}

/** The sheet as generic fields: attributes, size, armour, two weapon slots, feats, reaction skills, resistances. */
export function d20SheetForm(current: D20Sheet | null): FormField[] {
  const fields: FormField[] = ATTRIBUTES.map((a) => ({
    key: a,
    label: ATTRIBUTE_LABELS[a],
    kind: 'number' as const,
    value: current?.attributes[a] ?? 0,
    min: -5,
    max: 30,
  }))
  fields.push(
    { key: 'size', label: 'Size', kind: 'choice', value: current?.size ?? 'medium', choices: SIZES.map((s) => ({ value: s, label: s })) },
    armourChoice(current),
    { key: 'armourRating', label: 'Armour rating', kind: 'number', value: current?.armourRating ?? UNARMOURED_RATING, min: 0, max: 40 },
  )
  for (let slot = 0; slot < FORM_SLOTS; slot++) {
    fields.push(weaponChoice(current, slot), {
      key: proficientKey(slot),
      label: `Weapon ${slot + 1}: proficient`,
      kind: 'toggle',
      value: current?.weapons[slot]?.proficient ?? true,
    })
    fields.push(...magazineFields(current?.weapons[slot], slot))
  }
  fields.push(
    {
      key: 'combatProwess',
      label: 'Combat Prowess',
      kind: 'toggle',
      value: current?.feats.combatProwess ?? false,
      hint: 'W2: more than one attack a turn',
    },
    {
      key: 'graceAndFinesse',
      label: 'Grace and Finesse',
      kind: 'toggle',
      value: current?.feats.graceAndFinesse ?? false,
      hint: 'W2: two reactions a round',
    },
    ...DEFENCES.map((d): FormField => ({
      key: d,
      label: DEFENCE_LABELS[d],
      kind: 'toggle',
      value: current?.defences.includes(d) ?? false,
    })),
    ...DAMAGE_TYPES.map((t): FormField => ({
      key: affinityKey(t),
      label: `Against ${t}`,
      kind: 'choice',
      value: current?.affinities[t] ?? '',
      choices: [
        { value: '', label: 'normal' },
        { value: 'resistant', label: 'resistant (½)' },
        { value: 'weak', label: 'weak (×2)' },
      ],
    })),
  )
  if (current) {
    fields.push(
      { key: LIVE_KEYS.armourDamage, label: 'Armour dents', kind: 'number', value: current.live.armourDamage, min: 0, max: 40 },
      {
        key: LIVE_KEYS.attacksThisTurn,
        label: 'Attacks in its turn',
        kind: 'number',
        value: current.live.attacksThisTurn,
        min: 0,
        max: 20,
      },
    )
  }
  return fields
}

const num = (v: Values, k: string, now: number): number => optionNumber(v, k) ?? now
const flag = (v: Values, k: string, now: boolean): boolean => optionBool(v, k) ?? now
const given = (v: Values, k: string): boolean => Object.hasOwn(v, k)

function weaponFrom(values: Values, current: D20Sheet | null, slot: number): WeaponInput | null {
  const now = current?.weapons[slot] ?? null
  const id = given(values, weaponKey(slot)) ? String(values[weaponKey(slot)]) : now ? KEEP : ''
  // The same starter as now keeps the sheet's copy (the GM may have tuned its numbers).
  const keep = id === KEEP || (now !== null && starterIdOf(now.name) === id)
  const base = keep ? now : id === '' ? null : starterWeapon(id)
  if (!base) return null
  const weapon = { ...base, proficient: flag(values, proficientKey(slot), keep ? (now?.proficient ?? true) : true) }
  // A newly picked starter comes with its own magazine; typed numbers belong to the gun kept.
  return keep ? withMagazineFromForm(weapon, slot, values) : weapon
}

function armourFrom(values: Values, current: D20Sheet | null): { armour: string | null; armourRating: number } {
  const rating = num(values, 'armourRating', current?.armourRating ?? UNARMOURED_RATING)
  if (!given(values, 'armour')) return { armour: current?.armour ?? null, armourRating: rating }
  const picked = String(values['armour'])
  const item = starterArmour(picked)
  if (!item) return { armour: picked === '' ? null : picked, armourRating: rating }
  // Putting on a different starter armour sets its rating; the same one keeps the GM's number.
  const changed = item.name !== current?.armour
  return { armour: item.name, armourRating: changed ? item.rating : rating }
}

/** Form values over the current sheet; a key left out keeps what the sheet has, so an inline edit can send one number. */
export function d20SheetFromForm(values: Values, current: D20Sheet | null): D20SheetInput {
  const attributes = Object.fromEntries(
    ATTRIBUTES.map((a) => [a, num(values, a, current?.attributes[a] ?? 0)]),
  ) as D20SheetInput['attributes']
  const slots = Array.from({ length: FORM_SLOTS }, (_, i) => weaponFrom(values, current, i)).filter((w): w is WeaponInput => w !== null)
  const defences = DEFENCES.filter((d: Defence) => flag(values, d, current?.defences.includes(d) ?? false))
  const affinities = Object.fromEntries(
    DAMAGE_TYPES.flatMap((t) => {
      const v = given(values, affinityKey(t)) ? values[affinityKey(t)] : (current?.affinities[t] ?? '')
      return v === '' ? [] : [[t, v]]
    }),
  ) as D20SheetInput['affinities']
  const live = current?.live
  return {
    attributes,
    size: given(values, 'size') ? (String(values['size']) as D20SheetInput['size']) : (current?.size ?? 'medium'),
    ...armourFrom(values, current),
    affinities,
    feats: {
      combatProwess: flag(values, 'combatProwess', current?.feats.combatProwess ?? false),
      graceAndFinesse: flag(values, 'graceAndFinesse', current?.feats.graceAndFinesse ?? false),
    },
    defences,
    weapons: [...slots, ...(current?.weapons.slice(FORM_SLOTS) ?? [])],
    ...(live
      ? {
          live: {
            ...live,
            armourDamage: num(values, LIVE_KEYS.armourDamage, live.armourDamage),
            attacksThisTurn: num(values, LIVE_KEYS.attacksThisTurn, live.attacksThisTurn),
          },
        }
      : {}),
  }
}
