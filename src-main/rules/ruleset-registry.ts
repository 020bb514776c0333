import { join } from 'node:path'
import { createCompoundXRuleset } from './compound-x/cx-ruleset'
import { loadContentPack } from './compound-x/content/content-pack'
import { folderPackReader } from './compound-x/content/pack-files'
import { genericRuleset } from './generic/generic-ruleset'
import type { Ruleset } from './ruleset'

/** Compound X is the flagship: new campaigns use it unless the GM picks another. */
export const DEFAULT_RULESET_ID = 'compound-x'

export interface RulesetRegistry {
  /** The ruleset with this id, its code loaded on first use; undefined for an id Salvo does not have. */
  load(id: string): Promise<Ruleset | undefined>
  /** A ruleset already loaded (Compound X and the generic one always are); undefined otherwise. */
  find(id: string): Ruleset | undefined
  /** Every ruleset, each loaded (an import checks a file against whichever it names). */
  all(): Promise<readonly Ruleset[]>
  list(): readonly { readonly id: string; readonly name: string }[]
}

/** A ruleset by its id and name, its code fetched only when a campaign needs it. */
interface LaterRuleset {
  readonly id: string
  readonly name: string
  readonly load: () => Promise<Ruleset>
}

/**
 * The rulesets a campaign rarely uses, each its own chunk of the build: their modules (and the
 * schemas they build as they load) were a third of what a start spent loading Salvo's code
 * before it could open a campaign. Their ids and names are here so the list needs none loaded;
 * a test checks they match what each module says.
 */
export const LATER_RULESETS: readonly LaterRuleset[] = [
  {
    id: 'd10-difficulty',
    name: 'd10 difficulty system',
    load: async () => (await import('./d10-difficulty/d10-ruleset')).createD10Ruleset(),
  },
  {
    id: 'd20-two-action',
    name: 'd20 two-action system',
    load: async () => (await import('./d20-two-action/d20-ruleset')).d20TwoActionRuleset,
  },
  {
    id: '2d6-significant',
    name: '2d6 significant/minor',
    load: async () => (await import('./2d6-significant/twod6-ruleset')).createTwoD6Ruleset(),
  },
]

/**
 * Builds the registry. Compound X and its shipped pack load now: a broken install stops the
 * app with the file, entry and field named, rather than running without rules.
 */
export function createRulesetRegistry(resourcesDir: string): RulesetRegistry {
  const pack = loadContentPack(folderPackReader(join(resourcesDir, 'content-packs', 'compound-x')))
  if (!pack.ok) throw new Error(`The Compound X content pack is broken: ${pack.error.message}`)
  const compoundX = createCompoundXRuleset(pack.value)
  // In the order the GM's list shows them.
  const order = [compoundX.id, ...LATER_RULESETS.map((r) => r.id), genericRuleset.id]
  const loaded = new Map<string, Promise<Ruleset>>([
    [compoundX.id, Promise.resolve(compoundX)],
    [genericRuleset.id, Promise.resolve(genericRuleset)],
  ])
  const ready = new Map<string, Ruleset>([
    [compoundX.id, compoundX],
    [genericRuleset.id, genericRuleset],
  ])
  const load = (id: string): Promise<Ruleset | undefined> => {
    const known = loaded.get(id)
    if (known) return known
    const later = LATER_RULESETS.find((r) => r.id === id)
    if (!later) return Promise.resolve(undefined)
    // One load per ruleset however many ask at once; a failed load is tried again next time.
    const loading = later.load().then((r) => {
      ready.set(id, r)
      return r
    })
    loaded.set(id, loading)
    loading.catch(() => loaded.delete(id))
    return loading
  }
  const names = new Map<string, string>([
    [compoundX.id, compoundX.name],
    ...LATER_RULESETS.map((r): [string, string] => [r.id, r.name]),
    [genericRuleset.id, genericRuleset.name],
  ])
  return {
    load,
    find: (id) => ready.get(id),
    all: async () => Promise.all(order.map(async (id) => (await load(id))!)),
    list: () => order.map((id) => ({ id, name: names.get(id)! })),
  }
}
