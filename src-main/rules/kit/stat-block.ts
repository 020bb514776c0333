import { z } from 'zod'

/** The keys of a label table in its order, so a fixed list of named things is written once, with the words the GM reads. */
export const keysOf = <K extends string>(labels: Readonly<Record<K, string>>): readonly K[] => Object.keys(labels) as K[]

/**
 * A block of named numbers every sheet of a ruleset carries (attributes, characteristics): its
 * keys, their labels, and the strict schema that checks each one by the same rule (the rule's
 * own messages, so a refusal reads as the ruleset wrote it).
 */
export function statBlock<K extends string, V extends z.ZodType>(labels: Readonly<Record<K, string>>, value: V) {
  const keys = keysOf(labels)
  return { keys, labels, schema: z.strictObject(Object.fromEntries(keys.map((k) => [k, value])) as Record<K, V>) }
}
