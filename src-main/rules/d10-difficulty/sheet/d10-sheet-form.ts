import type { FormField } from '../../../../src-shared/attack'
import {
  ARMOUR_ZONES,
  ATTRIBUTE_LABELS,
  CARRY_LABELS,
  CARRY_PLACES,
  type ArmourZone,
  ATTRIBUTES,
  SKILL_LABELS,
  SKILLS,
  STANCES,
  type D10Sheet,
  type D10SheetInput,
  type Weapon,
} from './d10-sheet'
import { issue, STARTER_ARMOUR, STARTER_WEAPONS, starterArmour } from './d10-items'
import { optionBool, optionNumber, optionOneOf } from '../../kit/options'
import { STOPPAGE_LABELS, STOPPAGES, type Stoppage } from '../ranged/malfunction'

/** How many weapon slots the form offers (the sheet holds up to 8; the rest stay as they are). */
export const FORM_WEAPON_SLOTS = 3
const NONE = { value: '', label: '— none —' }
const KEEP = 'keep'

/** Form keys, shared by the card's inline edits. */
export const KEYS = {
  skill: (s: string) => `skill.${s}`,
  dr: (z: string) => `dr.${z}`,
  weapon: (i: number) => `weapon.${i}`,
  ammo: (i: number) => `weapons.${i}.ammo`,
  magazines: (i: number) => `weapons.${i}.spareMagazines`,
  carry: (i: number) => `weapons.${i}.carry`,
  drawn: (i: number) => `weapons.${i}.drawn`,
  stoppage: (i: number) => `weapons.${i}.stoppage`,
  effective: (i: number) => `weapons.${i}.blast.effective`,
  casualty: (i: number) => `weapons.${i}.blast.casualty`,
  effort: 'live.effort',
  initiativeEffort: 'live.initiativeEffort',
  stance: 'live.stance',
} as const

const number = (key: string, label: string, value: number, min: number, max: number): FormField => ({
  key,
  label,
  kind: 'number',
  value,
  min,
  max,
})

/** A weapon written on the sheet by hand stays "as written" in the slot's choice. */
function weaponChoice(i: number, w: Weapon | undefined): FormField {
  const starter = w ? STARTER_WEAPONS.find((s) => s.weapon.name === w.name) : undefined
  return {
    key: KEYS.weapon(i),
    label: `Weapon ${i + 1}`,
    kind: 'choice',
    value: w ? (starter?.id ?? KEEP) : '',
    choices: [
      NONE,
      ...(w && !starter ? [{ value: KEEP, label: `${w.name} (as written)` }] : []),
      ...STARTER_WEAPONS.map((s) => ({ value: s.id, label: s.weapon.name })),
    ],
  }
}

/** The d10 sheet as generic fields: attribute modifiers, skill ranks, speed, effort, armour, weapons, and the fight's numbers. */
export function d10SheetForm(current: D10Sheet | null): FormField[] {
  const fields: FormField[] = [
    ...ATTRIBUTES.map((a) => number(a, `${ATTRIBUTE_LABELS[a]} modifier`, current?.attributes[a] ?? 0, -5, 10)),
    ...SKILLS.map((s) => number(KEYS.skill(s), `${SKILL_LABELS[s]} ranks`, current?.skills[s] ?? 0, 0, 20)),
    number('speed', 'Speed points', current?.speed ?? 8, 0, 50),
    number('effortMax', 'Effort points (pool size)', current?.effortMax ?? 0, 0, 100),
    {
      key: 'armour',
      label: 'Armour',
      kind: 'choice',
      value: current?.armourId ?? '',
      choices: [NONE, ...STARTER_ARMOUR.map((a) => ({ value: a.id, label: a.name }))],
    },
    ...ARMOUR_ZONES.map((z) => number(KEYS.dr(z), `DR ${z}`, current?.dr[z] ?? 0, 0, 50)),
    ...Array.from({ length: FORM_WEAPON_SLOTS }, (_, i) => weaponChoice(i, current?.weapons[i])),
  ]
  if (!current) return fields
  return [
    ...fields,
    {
      key: KEYS.stance,
      label: 'Stance',
      kind: 'choice',
      value: current.live.stance,
      choices: STANCES.map((s) => ({ value: s, label: s })),
    },
    number(KEYS.effort, 'Effort points on hand', current.live.effort, 0, 100),
    number(KEYS.initiativeEffort, 'Effort declared for initiative', current.live.initiativeEffort, 0, 100),
    ...current.weapons.flatMap((w, i) =>
      w.kind === 'melee'
        ? []
        : [
            number(KEYS.ammo(i), `${w.name}: rounds loaded`, w.ammo, 0, 1000),
            number(KEYS.magazines(i), `${w.name}: spare magazines`, w.spareMagazines, 0, 50),
          ],
    ),
    // `002 Drawing`: where each weapon is kept, and whether it is in hand now (SR-D10-10).
    ...current.weapons.flatMap((w, i): FormField[] => [
      {
        key: KEYS.carry(i),
        label: `${w.name}: kept in`,
        kind: 'choice',
        value: w.carry,
        choices: CARRY_PLACES.map((c) => ({ value: c, label: CARRY_LABELS[c] })),
      },
      { key: KEYS.drawn(i), label: `${w.name}: in hand`, kind: 'toggle', value: w.drawn },
    ]),
    // `002 Grenades`: a grenade's two radii, for grenades other than the starter one (SR-D10-35).
    ...current.weapons.flatMap((w, i): FormField[] =>
      w.blast
        ? [
            number(KEYS.effective(i), `${w.name}: effective radius (m)`, w.blast.effective, 0, 1000),
            number(KEYS.casualty(i), `${w.name}: casualty radius (m)`, w.blast.casualty, 0, 1000),
          ]
        : [],
    ),
    // `002 Malfunctions`: the GM sets or clears a stoppage by hand (SR-D10-34).
    ...current.weapons.flatMap((w, i): FormField[] =>
      w.kind === 'firearm'
        ? [
            {
              key: KEYS.stoppage(i),
              label: `${w.name}: stoppage`,
              kind: 'choice',
              value: w.stoppage ?? '',
              choices: [{ value: '', label: '— none —' }, ...STOPPAGES.map((x) => ({ value: x, label: STOPPAGE_LABELS[x] }))],
            },
          ]
        : [],
    ),
  ]
}

type Values = Readonly<Record<string, string | number | boolean>>

/** Typed numbers pass through unranged: the sheet schema refuses a bad one and names its field. */
const typed = optionNumber

/** Slot i after the form: emptied, kept, or a starter weapon issued fresh (full magazine) when it changed. */
function slotAfter(values: Values, i: number, current: Weapon | undefined): Weapon | null {
  const key = KEYS.weapon(i)
  if (!Object.hasOwn(values, key)) return current ?? null
  const id = String(values[key])
  if (id === '') return null
  if (id === KEEP) return current ?? null
  const fresh = issue(id)
  return current && fresh && current.name === fresh.name ? current : fresh
}

/** SR-D10-34: the stoppage the GM picked ('' lifts it); a key left out keeps the sheet's. */
function stoppageAfter(values: Values, key: string, current: Stoppage | null): Stoppage | null {
  if (!Object.hasOwn(values, key)) return current
  const v = String(values[key])
  return (STOPPAGES as readonly string[]).includes(v) ? (v as Stoppage) : v === '' ? null : current
}

/**
 * Applies form values over the current sheet; a key left out keeps what the sheet has, so an
 * inline edit can send one number. Picking another armour writes its reductions (typed DR
 * numbers the GM changed still win); picking another starter weapon hands it over loaded.
 */
export function d10SheetFromForm(values: Values, current: D10Sheet | null): D10SheetInput {
  const attributes = Object.fromEntries(
    ATTRIBUTES.map((a) => [a, typed(values, a) ?? current?.attributes[a] ?? 0]),
  ) as D10SheetInput['attributes']
  const skills = Object.fromEntries(SKILLS.map((s) => [s, typed(values, KEYS.skill(s)) ?? current?.skills[s] ?? 0]))
  const armourGiven = Object.hasOwn(values, 'armour') ? String(values['armour']) || null : (current?.armourId ?? null)
  const armourChanged = armourGiven !== (current?.armourId ?? null)
  const baseDr = armourChanged ? (armourGiven ? starterArmour(armourGiven)?.dr : undefined) : current?.dr
  // The editor sends every field: with new armour picked, a DR number still at its old value is the
  // stale form value and yields to the armour; one the GM changed wins.
  const typedDr = (z: ArmourZone) => {
    const v = typed(values, KEYS.dr(z))
    return v !== undefined && (!armourChanged || v !== (current?.dr[z] ?? 0)) ? v : undefined
  }
  const dr = Object.fromEntries(ARMOUR_ZONES.map((z) => [z, typedDr(z) ?? baseDr?.[z] ?? 0]))
  const slots = current?.weapons ?? []
  const count = Math.max(FORM_WEAPON_SLOTS, slots.length)
  const weapons = Array.from({ length: count }, (_, i) => {
    const w = i < FORM_WEAPON_SLOTS ? slotAfter(values, i, slots[i]) : (slots[i] ?? null)
    if (!w) return null
    const kept = w === slots[i]
    const ammo = kept ? typed(values, KEYS.ammo(i)) : undefined
    const spareMagazines = kept ? typed(values, KEYS.magazines(i)) : undefined
    const carry = kept ? optionOneOf(values, KEYS.carry(i), CARRY_PLACES, w.carry) : w.carry
    const drawn = kept ? optionBool(values, KEYS.drawn(i)) : undefined
    const stoppage = kept ? stoppageAfter(values, KEYS.stoppage(i), w.stoppage) : w.stoppage
    const blast =
      kept && w.blast
        ? {
            effective: typed(values, KEYS.effective(i)) ?? w.blast.effective,
            casualty: typed(values, KEYS.casualty(i)) ?? w.blast.casualty,
          }
        : w.blast
    return {
      ...w,
      ...(ammo !== undefined ? { ammo } : {}),
      ...(spareMagazines !== undefined ? { spareMagazines } : {}),
      carry,
      ...(drawn !== undefined ? { drawn } : {}),
      // A stoppage set or lifted by hand starts any clearing afresh (SR-D10-34).
      ...(stoppage !== w.stoppage ? { stoppage, clearing: false } : {}),
      blast,
    }
  }).filter((w): w is Weapon => w !== null)
  const live = current
    ? {
        ...current.live,
        stance: (STANCES as readonly string[]).includes(String(values[KEYS.stance]))
          ? (values[KEYS.stance] as D10Sheet['live']['stance'])
          : current.live.stance,
        effort: typed(values, KEYS.effort) ?? current.live.effort,
        initiativeEffort: typed(values, KEYS.initiativeEffort) ?? current.live.initiativeEffort,
      }
    : undefined
  return {
    attributes,
    skills,
    speed: typed(values, 'speed') ?? current?.speed ?? 8,
    effortMax: typed(values, 'effortMax') ?? current?.effortMax ?? 0,
    dr: dr as D10SheetInput['dr'] & object,
    armourId: armourGiven,
    weapons,
    ...(live ? { live } : {}),
  }
}
