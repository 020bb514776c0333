import type { CombatantId } from '../../../src-shared/records'
import type { PromptDraft } from '../ruleset'
import type { RangedCall } from './cx-ranged-prepare'
import { WIDE_SHARE } from './ranged/stray-shot'
import type { RangedResolution } from './ranged/resolve-ranged'
import type { RangedSetup } from './ranged/ranged-setup'
import type { CriticalKind } from './stats/derived-stats'

/**
 * `000` Grappling: "With wide-effect weapons like flamethrowers or buckshot, the attack may be
 * made against either target but the damage is divided evenly among the grappled characters."
 * SR-CX-64: the attack is rolled once against the target the GM picked, which takes its share
 * through its own protection; the same hits, each at the same share, go to the partner through
 * a prepared attack the GM resolves from the prompt list (an attack changes only its target).
 */

/** The log's words for a divided firing: what this side took, and where the other share goes. */
export function shareText(setup: RangedSetup, sharedWith: CombatantId | null, sharedHits: readonly CriticalKind[] | null): string | null {
  if (sharedHits) return `the other grappler's share of a wide-effect firing: each hit halved (000 Grappling, SR-CX-64)`
  if (sharedWith && setup.damageShare)
    return `a wide-effect weapon on a grappled pair: no stray roll, each hit halved; the other share waits in the reactions for the GM (000 Grappling, SR-CX-64)`
  return null
}

const HIT_WORDS: Readonly<Record<CriticalKind, string>> = {
  normal: 'a hit',
  critical: 'a critical hit',
  'extra-critical': 'an extra-critical hit',
}

/** The prompt that carries the firing's hits to the partner, when any landed. */
export function sharePrompt(
  call: RangedCall,
  sharedWith: CombatantId | null,
  r: RangedResolution,
): { readonly prompts?: readonly PromptDraft[] } {
  const hits = r.rounds.filter((x) => x.hit).map((x) => x.critical)
  if (sharedWith === null || hits.length === 0) return {}
  const { request, a, arm, t } = call
  return {
    prompts: [
      {
        reactorId: a.id,
        targetId: sharedWith,
        text: `${t.name}'s grapple partner takes the other half of the ${arm.item.name}'s ${hits.length} hit${hits.length === 1 ? '' : 's'} (000 Grappling, SR-CX-64)`,
        resolve: {
          kind: 'attack',
          request: {
            attackerId: a.id,
            targetId: sharedWith,
            weapon: request.weapon,
            mode: request.mode,
            options: { ...request.options, stray: 'none', [WIDE_SHARE]: hits.join(',') },
          },
        },
        // Not a fresh shot: the hits are given, so the attack preview's odds would mislead (the core
        // fills empty odds from it); only the partner's own armour roll is left to chance.
        odds: `no roll to hit: ${hits.map((h) => HIT_WORDS[h]).join(', ')}, halved, through its own armour (SR-CX-64)`,
      },
    ],
  }
}
