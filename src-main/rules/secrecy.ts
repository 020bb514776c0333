import type { RollSecrecy, RollToJudge } from './check-rules'

export type { RollSecrecy, RollToJudge }

/**
 * Our default where a ruleset's document is silent: the GM's own checks that hide or look (an
 * NPC's stealth, its spotting) are secret, since the result tells the players what they have not
 * noticed; everything else — attacks, a PC's rolls, a death save — is public.
 */
export const secretNpcChecks = (keys: RegExp): RollSecrecy => ({
  secretByDefault: (roll) => roll.kind === 'check' && roll.roller === 'npc' && keys.test(roll.key),
})

/** The campaign's choice for one roll: the GM's, else the ruleset's default, else public. */
export function isSecretRoll(given: boolean | undefined, secrecy: RollSecrecy | undefined, roll: RollToJudge): boolean {
  return given ?? secrecy?.secretByDefault(roll) ?? false
}
