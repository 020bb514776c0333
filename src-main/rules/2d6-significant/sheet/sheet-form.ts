import type { FormField } from '../../../../src-shared/attack'
import { CHARACTERISTIC_LABELS, CHARACTERISTICS, MAX_CHARACTERISTIC } from '../characteristics'
import { ARMOUR_ITEMS, armourItem, carried, WEAPON_ITEMS, weaponItem, worn } from './items'
import type { ReloadTime, Sheet, SheetInput, Weapon } from './sheet-schema'
import { FORM_SKILLS } from './skills'
import { optionBool, optionNumber } from '../../kit/options'

/** Weapon slots the form offers (a sheet may carry more, set as data; those are kept). */
export const FORM_WEAPON_SLOTS = 3
const NONE = { value: '', label: '— none —' }
const KEEP = 'keep'
const DEFAULT_CHARACTERISTIC = 7
/** A skill field at −1 means untrained (checks at −3). */
const UNTRAINED = -1

export const skillKey = (skill: string) => `skill.${skill}`
export const weaponKey = (slot: number) => `weapon.${slot}`
export const ammoKey = (slot: number) => `weapons.${slot}.ammo`
export const sparesKey = (slot: number) => `weapons.${slot}.spareMagazines`
export const reloadKey = (slot: number) => `weapons.${slot}.reload`
/** `004 Drawing and Reloading`: the reload times a GM can give a gun. */
const RELOAD_CHOICES = [
  { value: '1', label: 'a minor action' },
  { value: '2', label: '2 minor actions' },
  { value: '3', label: '3 minor actions' },
  { value: 'significant', label: 'a significant action' },
] as const
const reloadOf = (v: unknown): ReloadTime | undefined =>
  v === 'significant' ? 'significant' : v === '1' || v === '2' || v === '3' ? Number(v) : undefined
export const LIVE_KEYS = { pendingInitiative: 'live.pendingInitiative', cover: 'live.cover' } as const

const kept = (name: string) => ({ value: KEEP, label: `${name} (as on the sheet)` })

function weaponChoice(slot: number, current: Weapon | undefined): FormField {
  const custom = current && (current.itemId === null || !weaponItem(current.itemId))
  return {
    key: weaponKey(slot),
    label: `Weapon ${slot + 1}`,
    kind: 'choice',
    value: current ? (custom ? KEEP : current.itemId!) : '',
    choices: [
      NONE,
      ...(custom ? [kept(current.name)] : []),
      ...WEAPON_ITEMS.map((i) => ({
        value: i.id,
        label: `${i.name} (${i.damageDice}d6${i.damageBonus ? (i.damageBonus > 0 ? `+${i.damageBonus}` : i.damageBonus) : ''})`,
      })),
    ],
  }
}

/** The sheet as generic fields: characteristics, combat skills, weapons, armour, the ambush flag, and the fight's running numbers. */
export function sheetForm(current: Sheet | null): FormField[] {
  const fields: FormField[] = CHARACTERISTICS.map((k) => ({
    key: k,
    label: CHARACTERISTIC_LABELS[k],
    kind: 'number' as const,
    value: current?.characteristics[k] ?? DEFAULT_CHARACTERISTIC,
    min: 0,
    max: MAX_CHARACTERISTIC,
  }))
  for (const skill of FORM_SKILLS) {
    fields.push({
      key: skillKey(skill),
      label: `${skill} (−1: untrained)`,
      kind: 'number',
      value: current?.skills[skill] ?? UNTRAINED,
      min: UNTRAINED,
      max: 6,
    })
  }
  for (let i = 0; i < FORM_WEAPON_SLOTS; i++) fields.push(weaponChoice(i, current?.weapons[i]))
  const armour = current?.armour ?? null
  const customArmour = armour && (armour.itemId === null || !armourItem(armour.itemId))
  fields.push({
    key: 'armour',
    label: 'Armour',
    kind: 'choice',
    value: armour ? (customArmour ? KEEP : armour.itemId!) : '',
    choices: [
      NONE,
      ...(customArmour ? [kept(armour.name)] : []),
      ...ARMOUR_ITEMS.map((a) => ({ value: a.id, label: `${a.name} (${a.rating})` })),
    ],
  })
  fields.push({
    key: 'ambusher',
    label: 'Springs an ambush (initiative counts as 12 + DEX DM)',
    kind: 'toggle',
    value: current?.ambusher ?? false,
  })
  if (current) fields.push(...liveFields(current))
  return fields
}

function liveFields(s: Sheet): FormField[] {
  const guns = s.weapons.flatMap((w, i): FormField[] =>
    w.magazine > 0
      ? [
          { key: ammoKey(i), label: `${w.name}: rounds loaded`, kind: 'number', value: w.ammo, min: 0, max: w.magazine },
          { key: sparesKey(i), label: `${w.name}: spare magazines`, kind: 'number', value: w.spareMagazines, min: 0, max: 50 },
          {
            key: reloadKey(i),
            label: `${w.name}: reload takes`,
            kind: 'choice',
            value: String(w.reload),
            choices: RELOAD_CHOICES.map((c) => ({ ...c })),
          },
        ]
      : [],
  )
  return [
    ...guns,
    {
      key: LIVE_KEYS.pendingInitiative,
      label: 'Initiative owed to heft/recoil next round',
      kind: 'number',
      value: s.live.pendingInitiative,
      min: 0,
      max: 60,
    },
    { key: LIVE_KEYS.cover, label: 'In cover', kind: 'toggle', value: s.live.cover },
  ]
}

type Values = Readonly<Record<string, string | number | boolean>>
const number = optionNumber

/** The weapon a slot ends up with: the same item keeps its live state, a new item comes loaded. */
function slotWeapon(values: Values, slot: number, current: Weapon | undefined): Weapon | null {
  if (!Object.hasOwn(values, weaponKey(slot))) return current ?? null
  const choice = values[weaponKey(slot)]
  if (choice === KEEP) return current ?? null
  if (typeof choice !== 'string' || choice === '') return null
  if (current?.itemId === choice) return current
  const item = weaponItem(choice)
  return item ? carried(item) : (current ?? null)
}

/** Form values over the current sheet; a key left out keeps what the sheet has, so an inline edit can send one number. */
export function sheetFromForm(values: Values, current: Sheet | null): SheetInput {
  const characteristics = Object.fromEntries(
    CHARACTERISTICS.map((k) => [k, number(values, k) ?? current?.characteristics[k] ?? DEFAULT_CHARACTERISTIC]),
  ) as Sheet['characteristics']
  const skills: Record<string, number> = { ...(current?.skills ?? {}) }
  for (const skill of FORM_SKILLS) {
    const level = number(values, skillKey(skill))
    if (level === undefined) continue
    if (level <= UNTRAINED) delete skills[skill]
    else skills[skill] = level
  }
  const slots = Array.from({ length: FORM_WEAPON_SLOTS }, (_, i) => slotWeapon(values, i, current?.weapons[i]))
  // Typed rounds belong to the weapon that was in that slot: a newly fitted one stays fully loaded.
  const typed = (w: Weapon, i: number): Weapon =>
    w === current?.weapons[i]
      ? {
          ...w,
          ammo: number(values, ammoKey(i)) ?? w.ammo,
          spareMagazines: number(values, sparesKey(i)) ?? w.spareMagazines,
          reload: reloadOf(values[reloadKey(i)]) ?? w.reload,
        }
      : w
  const weapons = [...slots, ...(current?.weapons.slice(FORM_WEAPON_SLOTS) ?? [])].flatMap((w, i) => (w ? [typed(w, i)] : []))
  const armourChoice = values['armour']
  const armour =
    armourChoice === undefined || armourChoice === KEEP
      ? (current?.armour ?? null)
      : armourChoice === ''
        ? null
        : current?.armour?.itemId === armourChoice
          ? current.armour
          : (() => {
              const item = typeof armourChoice === 'string' ? armourItem(armourChoice) : undefined
              return item ? worn(item) : (current?.armour ?? null)
            })()
  const ambusher = optionBool(values, 'ambusher') ?? current?.ambusher ?? false
  const live = current
    ? {
        ...current.live,
        pendingInitiative: number(values, LIVE_KEYS.pendingInitiative) ?? current.live.pendingInitiative,
        cover: optionBool(values, LIVE_KEYS.cover) ?? current.live.cover,
      }
    : undefined
  return { characteristics, skills, weapons, armour, ambusher, ...(live ? { live } : {}) }
}
