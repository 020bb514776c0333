/**
 * How numbered copies are named ("Raider 1–3"): the core names them, and the squad builder
 * previews the same names before anything is sent, so both read this one module.
 */

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

/** "Raider 1, Raider 2 and Raider 3". */
export function listNames(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? ''
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** "Raider 1–6" when the names are one run of numbers, else the names listed. */
export function groupName(names: readonly string[]): string {
  if (names.length < 3) return listNames(names)
  const parts = names.map((n) => /^(.*) (\d{1,6})$/.exec(n))
  const base = parts[0]?.[1]
  const run = parts.every((m, i) => m && m[1] === base && Number(m[2]) === Number(parts[0]![2]) + i)
  return run ? `${base} ${parts[0]![2]}–${parts.at(-1)![2]}` : listNames(names)
}
