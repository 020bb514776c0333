/** Naming rules for the roster: numbered copies, copies of entries, the name a combatant came from. */

import { TYPED } from '../../../src-shared/limits'

/** The longest name a combatant or roster entry may have (the command schemas' limit): spawned copies and copies of entries stay within it. */
export const MAX_NAME = TYPED.name

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The numbers already used by combatants named `base` or `base N`. A lone `base` counts as 1:
 * after "Raider" the next copy is "Raider 2", never a second "Raider 1"-less twin.
 */
export function takenNumbers(base: string, names: Iterable<string>): Set<number> {
  const numbered = new RegExp(`^${escapeRegExp(base)} (\\d{1,6})$`)
  const taken = new Set<number>()
  for (const n of names) {
    if (n === base) taken.add(1)
    const m = numbered.exec(n)
    if (m) taken.add(Number(m[1]))
  }
  return taken
}

/** `count` names continuing after the highest number in use, so a fight's numbers never repeat. */
export function numberedNames(base: string, count: number, names: Iterable<string>): string[] {
  const taken = takenNumbers(base, names)
  const start = taken.size ? Math.max(...taken) + 1 : 1
  return Array.from({ length: count }, (_, i) => `${base} ${start + i}`)
}

/** "Raider 3" → "Raider": the roster entry a numbered combatant stands for. */
export function withoutNumber(name: string): string {
  const stripped = name.replace(/\s+\d+$/, '')
  return stripped.length ? stripped : name
}

/** "Raider (copy)", then "Raider (copy 2)"…, kept within the name limit. */
export function copyName(name: string, existing: Iterable<string>): string {
  const used = new Set(existing)
  for (let n = 1; ; n++) {
    const suffix = n === 1 ? ' (copy)' : ` (copy ${n})`
    const candidate = `${name.slice(0, MAX_NAME - suffix.length).trimEnd()}${suffix}`
    if (!used.has(candidate)) return candidate
  }
}

/** English plural for messages and labels ("3 Raiders", "2 Mantises"). */
export function plural(name: string, count: number): string {
  if (count === 1) return name
  // "Raider (copy)s" reads worse than no plural at all.
  if (!/[a-z]$/i.test(name)) return name
  if (/(s|x|z|ch|sh)$/i.test(name)) return `${name}es`
  if (/[^aeiou]y$/i.test(name)) return `${name.slice(0, -1)}ies`
  return `${name}s`
}

/** "Raider 1, Raider 2 and Raider 3". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** Sorts names with their numbers as numbers: "Raider 2" before "Raider 10". */
export const byNaturalName = (a: { readonly name: string }, b: { readonly name: string }) =>
  a.name.localeCompare(b.name, 'en', { numeric: true }) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)

/** "Raider 1–6" when the names are one run of numbers, else the names listed. */
export function groupName(names: readonly string[]): string {
  if (names.length < 3) return listNames(names)
  const parts = names.map((n) => /^(.*) (\d{1,6})$/.exec(n))
  const base = parts[0]?.[1]
  const run = parts.every((m, i) => m && m[1] === base && Number(m[2]) === Number(parts[0]![2]) + i)
  return run ? `${base} ${parts[0]![2]}–${parts.at(-1)![2]}` : listNames(names)
}
