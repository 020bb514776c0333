/** Naming rules for the roster: numbered copies, copies of entries, the name a combatant came from. */

import { TYPED } from '../../../src-shared/limits'

// The numbering itself is shared: the squad builder previews the names the core will give.
export { groupName, listNames, numberedNames, takenNumbers } from '../../../src-shared/numbering'

/** The longest name a combatant or roster entry may have (the command schemas' limit): spawned copies and copies of entries stay within it. */
export const MAX_NAME = TYPED.name

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

/** Sorts names with their numbers as numbers: "Raider 2" before "Raider 10". */
export const byNaturalName = (a: { readonly name: string }, b: { readonly name: string }) =>
  a.name.localeCompare(b.name, 'en', { numeric: true }) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)
