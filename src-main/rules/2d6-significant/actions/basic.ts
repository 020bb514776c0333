import type { ActionDefinition } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import type { Sheet } from '../sheet/sheet-schema'
import { reactionCosts } from '../turns/economy'
import { DRAW, drawDefinitions, performDraw, performStow, STOW } from './draw'
import { performReload, reloadDefinition } from './reload'
import { acted, offer } from './resolution'

const STANCES = ['standing', 'crouching', 'prone'] as const

/** `004` Movement: a minor action moves up to 6 m (terrain and species may change that; the GM rules). */
export const MOVE_METRES = 6

/** Draw, stow, reload, stance, cover, move and a general reaction: the `004` minor actions and T3's reaction. */
export function basicDefinitions(actor: RulesCombatant, s: Sheet): ActionDefinition[] {
  return [
    ...drawDefinitions(actor, s),
    reloadDefinition(actor, s),
    offer(
      actor,
      'minor',
      {
        key: 'stance',
        label: 'Change stance',
        target: 'none',
        options: [
          { key: 'stance', label: 'Stance', kind: 'choice', value: s.live.stance, choices: STANCES.map((x) => ({ value: x, label: x })) },
        ],
      },
      null,
    ),
    offer(actor, 'minor', { key: 'move', label: `Move up to ${MOVE_METRES} m`, target: 'none', options: [] }, null),
    offer(
      actor,
      'free',
      { key: 'cover', label: s.live.cover ? 'Leave cover' : 'Take cover (the GM places it)', target: 'none', options: [] },
      null,
    ),
    offer(
      actor,
      'free',
      { key: 'react', label: 'React to something it knows about (−2 initiative, −1 DM until its turn)', target: 'none', options: [] },
      actor.acting === true ? 'on its own turn it acts; reactions are taken out of turn (T3)' : null,
    ),
  ]
}

export function performBasic(
  action: string,
  actor: RulesCombatant,
  s: Sheet,
  options: Readonly<Record<string, unknown>>,
): Result<ActionResolution> {
  switch (action) {
    case 'reload':
      return performReload(actor, s, options)
    case DRAW:
      return performDraw(actor, s, options)
    case STOW:
      return performStow(actor, s, options)
    case 'stance': {
      const stance = STANCES.find((x) => x === options['stance'])
      if (!stance) return fail('action/badOption', 'Pick standing, crouching or prone.')
      if (stance === s.live.stance) return fail('action/noChange', `${actor.name} is already ${stance}.`)
      return ok(
        acted(
          actor,
          { ...s, live: { ...s.live, stance } },
          'minor',
          `${actor.name} goes from ${s.live.stance} to ${stance} (004 Change Stance)`,
        ),
      )
    }
    case 'move':
      return ok(acted(actor, s, 'minor', `${actor.name} moves up to ${MOVE_METRES} m (004 Movement)`))
    case 'cover': {
      const cover = !s.live.cover
      return ok(
        acted(
          actor,
          { ...s, live: { ...s.live, cover } },
          'free',
          `${actor.name} ${cover ? 'takes cover: a dodge is worth −2 (T4)' : 'leaves cover'}`,
        ),
      )
    }
    case 'react': {
      // T3: a reaction is a free act in pool terms here; out of turn the core counts it among the reactions.
      const live = { ...s.live, reactionsThisRound: s.live.reactionsThisRound + 1 }
      return ok({
        ...acted(actor, { ...s, live }, 'free', `${actor.name} reacts: initiative −2, −1 DM on its checks until its next turn (T3)`),
        outOfTurn: 'reaction',
        ...reactionCosts(actor.id, 'reacted'),
      })
    }
  }
  return fail('action/unknown', `"${action}" is not an action of this ruleset.`)
}
