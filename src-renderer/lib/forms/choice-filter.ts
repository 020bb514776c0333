/** A choice of a ruleset's form (a weapon, a species…), as the sheet's fields list them. */
export interface Choice {
  readonly value: string
  readonly label: string
}

/** Lists longer than this get a search box: a pack's 89 weapons are too many to scroll. */
export const SEARCH_FROM = 8

/** At most this much typed into a search box is looked at. */
export const MAX_FILTER = 60

/** The choices whose label holds every word typed, in any case and order ("smg 9" finds "9 mm SMG"). */
export function matching(choices: readonly Choice[], text: string): readonly Choice[] {
  const words = text.slice(0, MAX_FILTER).toLowerCase().split(/\s+/).filter(Boolean)
  if (words.length === 0) return choices
  return choices.filter((c) => {
    const label = c.label.toLowerCase()
    return words.every((w) => label.includes(w))
  })
}

/**
 * What the list shows: the matches, with the chosen one kept first even when it does not match.
 * A select whose value is not among its options shows the wrong item, and the GM would not see
 * what is picked.
 */
export function filterChoices(choices: readonly Choice[], text: string, chosen: string): readonly Choice[] {
  const matches = matching(choices, text)
  if (matches === choices) return choices
  const current = choices.find((c) => c.value === chosen)
  return current && !matches.includes(current) ? [current, ...matches] : matches
}
