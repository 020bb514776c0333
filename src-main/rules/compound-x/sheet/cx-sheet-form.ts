import type { FormField } from '../../../../src-shared/attack'
import { formSkills } from './cx-skills'
import { optionString, type OptionValues } from '../../kit/options'
import type { ContentLibrary } from '../content/content-library'
import { STAT_NAMES, type StatName } from '../content/pack-schema'
import { STAT_LABELS } from '../stats/stat-block'
import { featFields, withFeats } from './cx-feat-form'
import type { CxCombatant, CxCombatantInput } from './cx-sheet'
import { evaSuitOf } from './eva-suit'

const FAMILIES = ['recon', 'light', 'medium', 'medium-heavy', 'heavy'] as const
const NONE = { value: '', label: '— none —' }

const byName = <T extends { id: string; name: string }>(list: T[]) =>
  [...list].sort((a, b) => a.name.localeCompare(b.name)).map((e) => ({ value: e.id, label: e.name }))

/** SR-CX-102: an EVA suit is picked in place of a rig family (it cannot be worn with armour rigs). */
const SUIT = 'suit:'

/**
 * SR-CX-191: a family's advanced rigs, picked as a set like the standard ones, since only they give
 * the Hard Points a shield or cloaking module is attached to (`000` What Is an 'Advanced Rig'?).
 */
const ADVANCED = ':advanced'

/** The rigs of a family worn together, standard or advanced (or the one EVA suit). */
function familyRigs(family: string, library: ContentLibrary): string[] {
  if (family.startsWith(SUIT)) return library.get('armour-rigs', family.slice(SUIT.length)) ? [family.slice(SUIT.length)] : []
  const name = family.endsWith(ADVANCED) ? `${family.slice(0, -ADVANCED.length)}-advanced` : family
  return ['chest', 'arm', 'leg'].map((piece) => `${name}-${piece}-rig`).filter((id) => library.get('armour-rigs', id))
}

/** Every rig id of one family (not a longer family's, medium-heavy for medium), all advanced or none. */
function isFamily(rigIds: readonly string[], f: string, advanced: boolean): boolean {
  const prefix = advanced ? `${f}-advanced-` : `${f}-`
  return (
    rigIds.length > 0 &&
    rigIds.every((id) => id.startsWith(prefix) && !id.startsWith(`${f}-heavy`) && (advanced || !id.startsWith(`${f}-advanced-`)))
  )
}

function familyOf(rigIds: readonly string[], library: ContentLibrary): string {
  const suit = evaSuitOf({ armour: { rigIds: [...rigIds], materialId: null } }, library)
  if (suit) return `${SUIT}${suit.id}`
  for (const f of FAMILIES) {
    if (isFamily(rigIds, f, true)) return `${f}${ADVANCED}`
    if (isFamily(rigIds, f, false)) return f
  }
  return ''
}

const familyLabel = (f: string) => `${f[0]!.toUpperCase()}${f.slice(1)}`

/** The Compound X sheet as generic fields: stats, class, species, main weapon, armour, shield. */
export function cxSheetForm(current: CxCombatant | null, library: ContentLibrary): FormField[] {
  const stats = current?.stats
  const fields: FormField[] = STAT_NAMES.map((s) => ({
    key: s,
    label: STAT_LABELS[s],
    kind: 'number' as const,
    value: stats?.[s] ?? 6,
    min: 1,
    max: 20,
  }))
  fields.push(
    { key: 'level', label: 'Level', kind: 'number', value: current?.level ?? 1, min: 0, max: 20 },
    { key: 'classId', label: 'Class', kind: 'choice', value: current?.classId ?? '', choices: [NONE, ...byName(library.all('classes'))] },
    {
      key: 'speciesId',
      label: 'Species',
      kind: 'choice',
      value: current?.speciesId ?? '',
      choices: [NONE, ...byName(library.all('species'))],
    },
    {
      key: 'weapon',
      label: 'Main weapon',
      kind: 'choice',
      value: current?.weapons[0]?.itemId ?? '',
      choices: [NONE, ...byName(library.all('ranged-weapons'))],
    },
    {
      key: GRENADE_KEYS.item,
      label: 'Grenades (SR-CX-20)',
      kind: 'choice',
      value: current?.grenades[0]?.itemId ?? '',
      choices: [NONE, ...byName(library.all('thrown-weapons').filter((t) => t.kind === 'grenade'))],
    },
    {
      key: GRENADE_KEYS.count,
      label: 'Grenades carried',
      kind: 'number',
      value: current?.grenades[0]?.count ?? 0,
      min: 0,
      max: 20,
    },
    {
      key: THROWN_KEYS.item,
      label: 'Thrown weapons (SR-CX-50)',
      kind: 'choice',
      value: current?.thrown[0]?.itemId ?? '',
      choices: [NONE, ...byName(library.all('thrown-weapons').filter((t) => t.kind === 'thrown'))],
    },
    { key: THROWN_KEYS.count, label: 'Thrown weapons carried', kind: 'number', value: current?.thrown[0]?.count ?? 0, min: 0, max: 20 },
    {
      key: ARMOUR_FIELD,
      label: 'Armour rigs',
      kind: 'choice',
      value: familyOf(current?.armour.rigIds ?? [], library),
      choices: [
        NONE,
        ...FAMILIES.map((f) => ({ value: f, label: `${familyLabel(f)} (chest, arms, legs)` })),
        ...FAMILIES.map((f) => ({ value: `${f}${ADVANCED}`, label: `${familyLabel(f)}, advanced (Hard Points; 000 Advanced Rigs)` })),
        ...byName(library.all('armour-rigs').filter((r) => r.piece === 'suit')).map((e) => ({
          value: `${SUIT}${e.value}`,
          label: `EVA suit: ${e.label} (no rigs, 000 EVA Suits)`,
        })),
      ],
    },
    {
      key: 'materialId',
      label: 'Armour material',
      kind: 'choice',
      value: current?.armour.materialId ?? '',
      choices: [NONE, ...byName(library.all('armour-materials'))],
    },
    {
      key: 'shieldId',
      label: 'Shield',
      kind: 'choice',
      value: current?.shieldId ?? '',
      choices: [NONE, ...byName(library.all('shields'))],
    },
    {
      key: 'cloakId',
      label: 'Cloaking module (001 Cloaking)',
      kind: 'choice',
      value: current?.cloakId ?? '',
      choices: [NONE, ...byName(library.all('cloaking-modules'))],
    },
  )
  fields.push(...featFields(current), ...skillFields(current?.skills ?? {}))
  if (current) fields.push(...liveFields(current, library))
  return fields
}

/** Every skill field's key starts so (the card finds the sheet's skill problems by it). */
export const SKILL_FIELD = 'skill.'
export const skillKey = (name: string) => `${SKILL_FIELD}${name}`

/** CX1: skill ranks, one field each for the common skills and any the sheet has (0 = untrained). */
function skillFields(skills: Readonly<Record<string, number>>): FormField[] {
  return formSkills(skills).map((name) => ({
    key: skillKey(name),
    label: `Skill: ${name}`,
    kind: 'number' as const,
    value: skills[name] ?? 0,
    min: 0,
    max: 50,
  }))
}

/** The skills after the form: a typed rank replaces the old one, 0 takes the skill off, the rest stay. */
function withSkills(skills: Readonly<Record<string, number>>, values: Values): Record<string, number> {
  const next: Record<string, number> = { ...skills }
  for (const name of formSkills(skills)) {
    const v = typed(values, skillKey(name))
    if (v === undefined) continue
    if (v > 0) next[name] = v
    else delete next[name]
  }
  return next
}

/**
 * The fight's running numbers, keyed by their path in the sheet so a refusal names the field
 * and the card can point its inline edits at them.
 */
function liveFields(current: CxCombatant, library: ContentLibrary): FormField[] {
  const weapons = current.weapons.flatMap((w, i): FormField[] => {
    if (w.kind !== 'ranged') return []
    const name = library.get('ranged-weapons', w.itemId)?.name ?? `Weapon ${i + 1}`
    return [
      { key: ammoKey(i), label: `${name}: rounds loaded`, kind: 'number', value: w.ammo, min: 0, max: 10_000 },
      { key: magazinesKey(i), label: `${name}: spare magazines`, kind: 'number', value: w.spareMagazines, min: 0, max: 100 },
    ]
  })
  return [
    ...weapons,
    { key: LIVE_KEYS.armourPoints, label: 'Armour points', kind: 'number', value: current.live.armourPoints, min: 0, max: 10_000 },
    { key: LIVE_KEYS.shieldStrength, label: 'Shield strength', kind: 'number', value: current.live.shieldStrength, min: 0, max: 10_000 },
    { key: LIVE_KEYS.nanites, label: 'Nanites', kind: 'number', value: current.live.nanites, min: 0, max: 10_000 },
  ]
}

/** The armour rigs' field, where the sheet says what the armour may not be (SR-CX-173). */
export const ARMOUR_FIELD = 'armourFamily'
export const GRENADE_KEYS = { item: 'grenade', count: 'grenades.0.count' } as const
export const THROWN_KEYS = { item: 'thrownWeapon', count: 'thrown.0.count' } as const

/**
 * SR-CX-20 (grenades), SR-CX-50 (thrown weapons): the form edits the first line (item and
 * count) and keeps any further line; a new item with no count typed starts with one, and none
 * chosen drops the line.
 */
function linesFromForm(values: Values, now: CxCombatant['grenades'], keys: { item: string; count: string }): CxCombatant['grenades'] {
  const itemId = Object.hasOwn(values, keys.item) ? text(values, keys.item) : (now[0]?.itemId ?? null)
  if (!itemId) return now.slice(1)
  const typedCount = typed(values, keys.count)
  const count = typedCount ?? (now[0]?.itemId === itemId ? now[0].count : 1)
  return [{ itemId, count }, ...now.slice(1)]
}

export const ammoKey = (slot: number) => `weapons.${slot}.ammo`
export const magazinesKey = (slot: number) => `weapons.${slot}.spareMagazines`
export const LIVE_KEYS = {
  armourPoints: 'live.armourPoints',
  shieldStrength: 'live.shieldStrength',
  nanites: 'live.nanites',
  // `000` EVA Suits: the GM's count of the suit's hits (a patched suit, SR-CX-103).
  suitHits: 'live.suitHits',
} as const

type Values = OptionValues

/** A choice left empty means none. */
const text = (v: Values, k: string): string | null => optionString(v, k) || null

/**
 * Applies form values over the current sheet; a key left out keeps what the sheet has, so an
 * inline edit can send one number. Changing equipment refits it fresh (full magazine, armour
 * points and shield), and then a typed live number for the refitted part is ignored; changing
 * only stats or the running numbers keeps the fight's live state.
 */
export function cxSheetFromForm(values: Values, current: CxCombatant | null, library: ContentLibrary): CxCombatantInput {
  const given = (k: string) => Object.hasOwn(values, k)
  const pick = (k: string, now: string | null | undefined) => (given(k) ? text(values, k) : (now ?? null))
  const stat = (s: StatName): number => {
    const typedIn = values[s]
    return typeof typedIn === 'number' ? typedIn : (current?.stats[s] ?? 6)
  }
  const stats = {
    str: stat('str'),
    per: stat('per'),
    fort: stat('fort'),
    cha: stat('cha'),
    int: stat('int'),
    dex: stat('dex'),
    luck: stat('luck'),
  }
  const weaponId = pick('weapon', current?.weapons[0]?.itemId)
  const keepWeapon = weaponId !== null && current?.weapons[0]?.itemId === weaponId
  const main = weaponId
    ? keepWeapon
      ? current!.weapons[0]!
      : {
          kind: 'ranged' as const,
          itemId: weaponId,
          attachmentIds: [],
          ammo: library.get('ranged-weapons', weaponId)?.magazine.size ?? 0,
          spareMagazines: 3,
          jammed: false,
        }
    : null
  const currentFamily = current ? familyOf(current.armour.rigIds, library) || null : null
  const family = given('armourFamily') ? text(values, 'armourFamily') : currentFamily
  // Same family as before: keep the exact pieces worn (the form cannot list them one by one).
  const sameFamily = current !== null && family === currentFamily
  const rigIds = sameFamily ? current.armour.rigIds : family ? familyRigs(family, library) : []
  const armour = { rigIds, materialId: pick('materialId', current?.armour.materialId) }
  const shieldId = pick('shieldId', current?.shieldId)
  const sameKit =
    current !== null &&
    keepWeapon === (current.weapons[0] !== undefined) &&
    JSON.stringify(armour) === JSON.stringify(current.armour) &&
    shieldId === current.shieldId
  const carried = [...(main ? [main] : []), ...(current?.weapons.slice(1) ?? [])]
  // A freshly fitted main weapon keeps its full magazine whatever the form still says.
  const weapons = carried.map((w, i) => (i === 0 && main && !keepWeapon ? w : withTyped(w, i, values)))
  return {
    stats,
    level: typed(values, 'level') ?? current?.level ?? 1,
    classId: pick('classId', current?.classId),
    speciesId: pick('speciesId', current?.speciesId),
    skills: withSkills(current?.skills ?? {}, values),
    weapons,
    grenades: linesFromForm(values, current?.grenades ?? [], GRENADE_KEYS),
    thrown: linesFromForm(values, current?.thrown ?? [], THROWN_KEYS),
    armour,
    shieldId,
    cloakId: pick('cloakId', current?.cloakId),
    feats: withFeats(current?.feats ?? [], values),
    ...(sameKit ? { live: withTypedLive(current.live, values) } : {}),
  }
}

/** Typed numbers pass through unchecked: the sheet schema refuses a bad one and names its key. */
const typed = (values: Values, key: string): number | undefined => (typeof values[key] === 'number' ? values[key] : undefined)

function withTyped<W extends CxCombatant['weapons'][number]>(w: W, slot: number, values: Values): W {
  const ammo = typed(values, ammoKey(slot))
  const spareMagazines = typed(values, magazinesKey(slot))
  return { ...w, ...(ammo !== undefined ? { ammo } : {}), ...(spareMagazines !== undefined ? { spareMagazines } : {}) }
}

function withTypedLive(live: CxCombatant['live'], values: Values): CxCombatant['live'] {
  const next = { ...live }
  for (const [field, key] of Object.entries(LIVE_KEYS) as [keyof typeof LIVE_KEYS, string][]) {
    const n = typed(values, key)
    if (n !== undefined) next[field] = n
  }
  return next
}
