/** A JSON value: what ruleset-specific combatant data may be (it travels and persists as JSON). */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue }
