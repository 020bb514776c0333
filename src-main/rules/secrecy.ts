import type { CombatantKind } from '../../src-shared/records'

/** A roll the GM is about to make, as the ruleset judges whether it is secret by default. */
export interface RollToJudge {
  readonly kind: 'attack' | 'action' | 'check'
  /** The check's or action's key (the ruleset's own); the attack's is 'attack'. */
  readonly key: string
  /** Who rolls: a PC's rolls are the players' own, an NPC's the GM's. */
  readonly roller: CombatantKind
}

/**
 * Which rolls the table does not see unless the GM says otherwise (issue 16). The GM can always
 * flip it for one roll; this is only where the switch starts.
 */
export interface RollSecrecy {
  secretByDefault(roll: RollToJudge): boolean
}

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
