/**
 * Typed readers for the options a request carries by key (an attack's cover, an action's
 * target zone, a form's submitted values). A value of the wrong type reads as absent, so a
 * ruleset falls back to its default instead of trusting what the window sent.
 */
export type OptionValues = Readonly<Record<string, string | number | boolean>>

export function optionString(o: OptionValues, key: string): string | undefined {
  const v = o[key]
  return typeof v === 'string' ? v : undefined
}

export function optionBool(o: OptionValues, key: string): boolean | undefined {
  const v = o[key]
  return typeof v === 'boolean' ? v : undefined
}

/** A finite number (NaN and infinities read as absent). */
export function optionNumber(o: OptionValues, key: string): number | undefined {
  const v = o[key]
  return typeof v === 'number' && Number.isFinite(v) ? v : undefined
}

/** A string option that must be one of `allowed`, else the fallback. */
export function optionOneOf<T extends string>(o: OptionValues, key: string, allowed: readonly T[], fallback: T): T {
  const v = optionString(o, key)
  return allowed.find((a) => a === v) ?? fallback
}
