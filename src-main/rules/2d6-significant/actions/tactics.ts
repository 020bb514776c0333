import type { ActionDefinition } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { characteristicDm, DM_SOURCE } from '../characteristics'
import { rollCheck } from '../check'
import { modifier, modifierSection } from '../../kit/modifier'
import { twoD6Sheets } from '../sheet/sheet-access'
import type { Sheet } from '../sheet/sheet-schema'
import { reactedDm } from '../turns/conditions'
import { offer } from './resolution'

export const TACTICS = 'Tactics'

/** T2: only a character with Tactics may roll it, once per fight. */
export function tacticsDefinition(actor: RulesCombatant, s: Sheet): ActionDefinition {
  const why =
    s.skills[TACTICS] === undefined
      ? `${actor.name} has no Tactics skill (T2)`
      : s.live.tacticsUsed
        ? 'already rolled Tactics this fight (T2)'
        : null
  return offer(
    actor,
    'free',
    {
      key: 'tactics',
      label: 'Tactics: add the effect to one person’s initiative (none picked: itself)',
      target: 'any',
      options: [],
      aimsAt: 'friend',
    },
    why,
  )
}

/** T2: the Tactics check — 2d6 + Tactics + INT DM (the usual pairing; `004` names only the skill). */
export const tacticsDms = (actor: RulesCombatant, s: Sheet) => [
  modifier('Tactics skill', s.skills[TACTICS] ?? 0, 'T2'),
  modifier('INT DM', characteristicDm(s.characteristics.int), DM_SOURCE),
  ...reactedDm(actor.conditions),
]

/**
 * T2: as initiative is decided, a character with Tactics rolls it and adds the effect to one
 * person's initiative. A failed roll adds nothing (our reading: a bad plan is ignored, not
 * followed into a worse start). It is done as the fight opens, so it costs no action.
 */
export function performTactics(actor: RulesCombatant, s: Sheet, picked: RulesCombatant | null, dice: Dice): Result<ActionResolution> {
  // "Any one person": the panel never lists the actor as a target, so no pick means the tactician itself.
  const ally = picked ?? actor
  const dms = tacticsDms(actor, s)
  const r = rollCheck(dms, 'normal', `${actor.name}: Tactics for ${ally.name} (T2)`, dice)
  const gain = r.success ? r.effect : 0
  const live = { ...s.live, tacticsUsed: true }
  const outcome = r.success ? `effect ${gain}: ${ally.name}'s initiative +${gain}` : `fails (effect ${r.effect}): no change`
  return ok({
    actorRules: twoD6Sheets.store({ ...s, live }),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} rolls Tactics ${r.total} vs 8, ${outcome} (T2)`,
    detail: [
      modifierSection(
        'Tactics check',
        dms,
        [{ label: '2d6 + DMs ≥ 8; the effect goes to one ally’s initiative', value: '', source: 'T2' }],
        String(r.total),
      ),
    ],
    rolls: r.rolls,
    cost: [],
    outOfTurn: 'free',
    // The table reads "Jonas's Tactics succeeds", not the menu's "Tactics: add the effect…".
    outcome: { who: 'actor', words: `Tactics ${r.success ? 'succeeds' : 'fails'}`, possessive: true },
    ...(gain > 0 ? { initiative: [{ combatantId: ally.id, delta: gain, why: `${actor.name}'s Tactics (T2)` }] } : {}),
  })
}
