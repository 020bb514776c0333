import type { RulesCombatant, EconomyPool, PoolCost, Consequences } from '../../ruleset'
import { REACTED } from './conditions'

/**
 * T3: a round gives one significant action (which two minor actions may replace), one minor
 * action, any number of reactions and free actions. The significant action is a pool of two
 * halves, each worth one minor action: a significant act spends both, a minor act spends the
 * minor pool first and a half of the significant one after. That makes exactly the legal
 * rounds possible — significant + minor, or three minor — and no others.
 */
export const SIGNIFICANT = 'significant'
export const MINOR = 'minor'
export const REACTIONS = 'reactions'

/**
 * "As many reactions as s/he likes": the core's pools need a number, so this is a count the
 * pips can show, high enough never to bind in play (each reaction costs 2 initiative).
 */
export const REACTION_PIPS = 9

export const POOLS: readonly EconomyPool[] = [
  { key: SIGNIFICANT, label: 'Significant (2 minor)', count: 2, per: 'turn' },
  { key: MINOR, label: 'Minor', count: 1, per: 'turn' },
  { key: REACTIONS, label: 'Reactions', count: REACTION_PIPS, per: 'round', reaction: true },
]

export type ActKind = 'significant' | 'minor' | 'free'

const spentOf = (c: RulesCombatant, pool: string): number => c.spent?.[pool] ?? 0

/** T3: what an act of this kind spends, given what the combatant has spent this turn. */
export function costOf(kind: ActKind, c: RulesCombatant): PoolCost[] {
  if (kind === 'free') return []
  if (kind === 'significant') return [{ pool: SIGNIFICANT, amount: 2 }]
  return spentOf(c, MINOR) < 1 ? [{ pool: MINOR, amount: 1 }] : [{ pool: SIGNIFICANT, amount: 1 }]
}

/** T3: minor acts still open this turn: the minor action, then each half of the significant one. */
export const minorsLeft = (c: RulesCombatant): number => Math.max(0, 1 - spentOf(c, MINOR)) + Math.max(0, 2 - spentOf(c, SIGNIFICANT))

/** T3: what `n` minor acts in one go spend: the minor action first, then halves of the significant one. */
export function minorsCost(n: number, c: RulesCombatant): PoolCost[] {
  const minor = Math.min(n, Math.max(0, 1 - spentOf(c, MINOR)))
  return [...(minor > 0 ? [{ pool: MINOR, amount: minor }] : []), ...(n > minor ? [{ pool: SIGNIFICANT, amount: n - minor }] : [])]
}

export const COST_TEXT: Readonly<Record<ActKind, string>> = {
  significant: 'significant action',
  minor: 'minor action',
  free: 'free action',
}

/**
 * Why this act cannot be taken now, in the rule's words, or null. On its own turn the pools
 * must hold it (the core would refuse too, but in pool terms); out of turn only a reaction or
 * held actions may act.
 */
export function whyNot(kind: ActKind, c: RulesCombatant): string | null {
  if (kind === 'free') return null
  if (c.acting === false && !c.held?.released) return `not ${c.name}'s turn: a ${kind} action waits for its turn (or its delay ending)`
  if (c.acting !== true) return null
  const significant = spentOf(c, SIGNIFICANT)
  if (kind === 'significant' && significant > 0) {
    return significant >= 2
      ? 'its significant action is spent this round (T3)'
      : 'half its significant action went on a minor act: only one more minor act this round (T3)'
  }
  if (kind === 'minor' && spentOf(c, MINOR) >= 1 && significant >= 2)
    return 'no minor action left this round: one significant + one minor, or three minor (T3)'
  return null
}

/**
 * Issue 35: in its own turn with any of the significant action spent, every attack is refused
 * before a die is rolled (T3: an attack is a significant action; `attackSetup` asks `whyNot`),
 * whatever the weapon, mode or target.
 */
export const attacksSpentOut = (c: RulesCombatant): boolean => c.acting === true && spentOf(c, SIGNIFICANT) > 0

/**
 * T3: a reaction costs 2 initiative at once and −1 DM on every check until the reactor's
 * next turn (one more stack of `reacted` per reaction, its clock restarted).
 */
export function reactionCosts(reactorId: RulesCombatant['id'], what: string): Required<Pick<Consequences, 'initiative' | 'conditions'>> {
  return {
    initiative: [{ combatantId: reactorId, delta: -2, why: `${what}: a reaction, T3` }],
    conditions: [
      {
        combatantId: reactorId,
        add: [{ conditionId: REACTED, stacks: 1, duration: { kind: 'turnStart', of: reactorId }, sourceId: null, data: null }],
      },
    ],
  }
}
