import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { FREE, oneFree, spent } from './d10-economy'

/*
 * `002 Actions`: "Free actions are small actions that take little to no time. Usually only one
 * free action is allowed per turn. Talking up to ten words is considered a free action." The
 * list is open, so besides the one the text names the GM can log any other small act; each
 * spends the free action (D3). Stowing a weapon is one too (SR-D10-11, `d10-draw.ts`).
 */

export const FREE_ACT = 'free-act'

/** The free acts offered: the text's own example first, then ours (SR-D10-12). */
export const FREE_ACTS = {
  talk: { label: 'Talk (up to ten words)', words: 'says up to ten words', source: '002 Actions' },
  'drop-item': { label: 'Drop an item', words: 'drops an item', source: 'SR-D10-12' },
  other: { label: 'Another small act (GM’s call)', words: 'makes a small act that takes little to no time', source: 'SR-D10-12' },
} as const
type FreeAct = keyof typeof FREE_ACTS
const isFreeAct = (v: unknown): v is FreeAct => typeof v === 'string' && Object.hasOwn(FREE_ACTS, v)

export function freeActDefinition(c: RulesCombatant): ActionDefinition {
  return {
    key: FREE_ACT,
    label: 'Free action',
    target: 'none',
    options: [
      {
        key: 'act',
        label: 'What',
        kind: 'choice',
        value: 'talk',
        choices: Object.entries(FREE_ACTS).map(([value, a]) => ({ value, label: a.label })),
      },
    ],
    cost: '1 free action',
    // The core refuses a second one by its pool; the list says so before the GM tries.
    unavailable: spent(c, FREE) >= 1 ? 'Its free action this round is spent (usually one, 002 Actions).' : null,
  }
}

/** A free act: a line in the log, paid from the free pool. */
export function performFreeAct(request: ActionRequest, actor: RulesCombatant): Result<ActionResolution> {
  const act = request.options['act'] ?? 'talk'
  if (!isFreeAct(act)) return fail('action/freeAct', `"${String(act)}" is not one of the free acts (${Object.keys(FREE_ACTS).join(', ')}).`)
  const a = FREE_ACTS[act]
  return ok({
    actorRules: actor.rules,
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} ${a.words} (a free action, ${a.source})`,
    detail: [],
    rolls: [],
    cost: oneFree,
  })
}
