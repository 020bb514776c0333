import { join } from 'node:path'
import { createCompoundXRuleset } from './compound-x/cx-ruleset'
import { loadContentPack } from './compound-x/content/content-pack'
import { folderPackReader } from './compound-x/content/pack-files'
import { d20TwoActionRuleset } from './d20-two-action/d20-ruleset'
import { genericRuleset } from './generic/generic-ruleset'
import { createD10Ruleset } from './d10-difficulty/d10-ruleset'
import { createTwoD6Ruleset } from './2d6-significant/twod6-ruleset'
import type { Ruleset } from './ruleset'

/** Compound X is the flagship: new campaigns use it unless the GM picks another. */
export const DEFAULT_RULESET_ID = 'compound-x'

export interface RulesetRegistry {
  find(id: string): Ruleset | undefined
  list(): readonly { readonly id: string; readonly name: string }[]
}

/**
 * Builds every ruleset with its content. The shipped Compound X pack must load: a broken
 * install stops the app with the file, entry and field named, rather than running without rules.
 */
export function createRulesetRegistry(resourcesDir: string): RulesetRegistry {
  const pack = loadContentPack(folderPackReader(join(resourcesDir, 'content-packs', 'compound-x')))
  if (!pack.ok) throw new Error(`The Compound X content pack is broken: ${pack.error.message}`)
  const rulesets: Ruleset[] = [
    createCompoundXRuleset(pack.value),
    createD10Ruleset(),
    d20TwoActionRuleset,
    createTwoD6Ruleset(),
    genericRuleset,
  ]
  return {
    find: (id) => rulesets.find((r) => r.id === id),
    list: () => rulesets.map((r) => ({ id: r.id, name: r.name })),
  }
}
