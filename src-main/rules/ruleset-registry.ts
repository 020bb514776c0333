import { genericRuleset } from './generic/generic-ruleset'
import type { Ruleset } from './ruleset'

const RULESETS: readonly Ruleset[] = [genericRuleset]

export const DEFAULT_RULESET_ID = genericRuleset.id

export function findRuleset(id: string): Ruleset | undefined {
  return RULESETS.find((r) => r.id === id)
}
