import type { AttackOption } from '../../../../src-shared/attack'
import type { JsonValue } from '../../../../src-shared/json'
import type { ContentLibrary } from '../content/content-library'
import { STAT_NAMES } from '../content/pack-schema'
import { STAT_LABELS } from '../stats/stat-block'
import type { CxCombatant, CxCombatantInput } from './cx-sheet'

const FAMILIES = ['recon', 'light', 'medium', 'medium-heavy', 'heavy'] as const
const NONE = { value: '', label: '— none —' }

const byName = <T extends { id: string; name: string }>(list: T[]) =>
  [...list].sort((a, b) => a.name.localeCompare(b.name)).map((e) => ({ value: e.id, label: e.name }))

/** The standard rigs of a family that hold armour, worn together. */
function familyRigs(family: string, library: ContentLibrary): string[] {
  return ['chest', 'arm', 'leg'].map((piece) => `${family}-${piece}-rig`).filter((id) => library.get('armour-rigs', id))
}

function familyOf(rigIds: readonly string[]): string {
  return FAMILIES.find((f) => rigIds.length > 0 && rigIds.every((id) => id.startsWith(`${f}-`) && !id.startsWith(`${f}-heavy`))) ?? ''
}

/** The Compound X sheet as generic fields: stats, class, species, main weapon, armour, shield. */
export function cxSheetForm(current: CxCombatant | null, library: ContentLibrary): AttackOption[] {
  const stats = current?.stats
  const fields: AttackOption[] = STAT_NAMES.map((s) => ({ key: s, label: STAT_LABELS[s], kind: 'number' as const, value: stats?.[s] ?? 6, min: 1, max: 20 }))
  fields.push(
    { key: 'classId', label: 'Class', kind: 'choice', value: current?.classId ?? '', choices: [NONE, ...byName(library.all('classes'))] },
    { key: 'speciesId', label: 'Species', kind: 'choice', value: current?.speciesId ?? '', choices: [NONE, ...byName(library.all('species'))] },
    {
      key: 'weapon',
      label: 'Main weapon',
      kind: 'choice',
      value: current?.weapons[0]?.itemId ?? '',
      choices: [NONE, ...byName(library.all('ranged-weapons'))],
    },
    {
      key: 'armourFamily',
      label: 'Armour rigs',
      kind: 'choice',
      value: familyOf(current?.armour.rigIds ?? []),
      choices: [NONE, ...FAMILIES.map((f) => ({ value: f, label: `${f[0]!.toUpperCase()}${f.slice(1)} (chest, arms, legs)` }))],
    },
    { key: 'materialId', label: 'Armour material', kind: 'choice', value: current?.armour.materialId ?? '', choices: [NONE, ...byName(library.all('armour-materials'))] },
    { key: 'shieldId', label: 'Shield', kind: 'choice', value: current?.shieldId ?? '', choices: [NONE, ...byName(library.all('shields'))] },
  )
  return fields
}

type Values = Readonly<Record<string, string | number | boolean>>

const text = (v: Values, k: string): string | null => (typeof v[k] === 'string' && v[k] !== '' ? (v[k] as string) : null)

/**
 * Applies form values over the current sheet. Changing equipment refits it fresh (full
 * magazine, armour points and shield); changing only stats keeps the fight's live state.
 */
export function cxSheetFromForm(values: Values, current: CxCombatant | null, library: ContentLibrary): CxCombatantInput {
  const stats = Object.fromEntries(STAT_NAMES.map((s) => [s, typeof values[s] === 'number' ? values[s] : (current?.stats[s] ?? 6)]))
  const weaponId = text(values, 'weapon')
  const keepWeapon = weaponId !== null && current?.weapons[0]?.itemId === weaponId
  const main = weaponId
    ? keepWeapon
      ? current!.weapons[0]!
      : { kind: 'ranged' as const, itemId: weaponId, attachmentIds: [], ammo: library.get('ranged-weapons', weaponId)?.magazine.size ?? 0, spareMagazines: 3, jammed: false }
    : null
  const family = text(values, 'armourFamily')
  // Same family as before: keep the exact pieces worn (the form cannot list them one by one).
  const sameFamily = current !== null && family === (familyOf(current.armour.rigIds) || null)
  const rigIds = sameFamily ? current.armour.rigIds : family ? familyRigs(family, library) : []
  const armour = { rigIds, materialId: text(values, 'materialId') }
  const shieldId = text(values, 'shieldId')
  const sameKit =
    current !== null &&
    keepWeapon === (current.weapons[0] !== undefined) &&
    JSON.stringify(armour) === JSON.stringify(current.armour) &&
    shieldId === current.shieldId
  return {
    stats: stats as CxCombatantInput['stats'],
    classId: text(values, 'classId'),
    speciesId: text(values, 'speciesId'),
    skills: current?.skills ?? {},
    weapons: [...(main ? [main] : []), ...(current?.weapons.slice(1) ?? [])],
    armour,
    shieldId,
    ...(sameKit ? { live: current.live } : {}),
  }
}

export const asCx = (rules: JsonValue | null): CxCombatant | null => rules as unknown as CxCombatant | null
