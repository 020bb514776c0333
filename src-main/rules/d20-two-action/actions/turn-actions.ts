import type { ActionDefinition, ActionRequest, FormField } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { DOC, FREE } from '../d20-terms'
import { plural } from '../../kit/format'
import type { D20Sheet } from '../sheet/d20-sheet'
import { DEFENSIVE_STANCE, has, PRONE } from '../statuses/conditions'
import { FREE_ACTIONS_PER_TURN } from '../turns/economy'
import { speedMetres } from '../turns/movement'
import { afterLeaving, foesLeft, leavingWords } from '../combat/moving-away'
import { opportunityPrompts } from '../combat/opportunity-prompts'
import { d20Sheets } from '../sheet/d20-sheets'
import { disengageDefinitions } from './disengage-actions'
import { drawDefinition, DRAW, performDraw } from './draw-action'
import { performReload, RELOAD, reloadDefinition } from './reload-action'
import { resolution } from './resolution'

/**
 * `003 Combat Actions` that only spend actions and leave a line in the log: the GM plays out
 * their effect. Costs as the document lists them (the reload, which changes the magazine, is its own module).
 */
const PLAIN: readonly { key: string; label: string; actions: 1 | 2; words: string }[] = [
  { key: 'jump', label: 'Jump', actions: 1, words: 'jumps' },
  { key: 'recover-item', label: 'Pick up an item', actions: 1, words: 'picks up an item' },
  { key: 'stealth', label: 'Slip out of sight', actions: 1, words: 'slips into the shadows' },
  { key: 'use-item', label: 'Use an item (quick)', actions: 1, words: 'uses an item' },
  { key: 'use-item-long', label: 'Use an item (slow)', actions: 2, words: 'uses an item, taking the whole turn' },
  { key: 'unjam', label: 'Clear a jammed weapon', actions: 2, words: 'clears a jammed weapon' },
]

/** The Move action's toggle: whether this move takes it away from the foes it is engaged with. */
const LEAVES_MELEE = 'leavesMelee'

/**
 * `003 Taking Action` Free Actions: "Saying a few words", "Dropping an item", "Lowering
 * position". Each takes the turn's one free action (SR-D20-10); lowering to prone is the
 * `drop-prone` action, which puts the condition on as well.
 */
const FREE_ACTS: readonly { key: string; label: string; words: string }[] = [
  { key: 'speak', label: 'Say a few words', words: 'says a few words' },
  { key: 'drop-item', label: 'Drop an item', words: 'drops an item' },
]

export function turnActionList(c: RulesCombatant, sheet: D20Sheet): ActionDefinition[] {
  // SR-D20-10: the list says when the free action is spent; the core's pool check refuses it anyway.
  const freeSpent = (c.spent?.[FREE] ?? 0) >= FREE_ACTIONS_PER_TURN ? `Its free action this turn is spent (${DOC.freeActions}).` : null
  const frozen = has(c.conditions, 'frozen')
  const move = speedMetres(sheet, frozen)
  const prone = has(c.conditions, PRONE)
  return [
    {
      key: 'move',
      label: 'Move',
      target: 'none',
      options: [
        {
          key: 'actions',
          label: 'Moves',
          kind: 'choice',
          value: '1',
          choices: [
            { value: '1', label: `1 action · ${move} m` },
            { value: '2', label: `2 actions · ${move * 2} m` },
          ],
        },
        ...(sheet.live.engagedWith.length
          ? [
              {
                key: LEAVES_MELEE,
                label: 'Moves away from the melee',
                kind: 'toggle',
                value: true,
                hint: `${DOC.engaged}: each engaged foe may make an attack of opportunity`,
              } satisfies FormField,
            ]
          : []),
      ],
      cost: '1 or 2 actions',
      unavailable: prone ? `Stand up first (${DOC.actions}).` : move <= 0 ? 'Its speed is 0.' : null,
    },
    { key: 'stand', label: 'Stand up', target: 'none', options: [], cost: '1 action', unavailable: prone ? null : 'Not prone.' },
    {
      key: 'drop-prone',
      label: 'Drop prone',
      target: 'none',
      options: [],
      cost: '1 free action',
      unavailable: prone ? 'Already prone.' : freeSpent,
    },
    ...FREE_ACTS.map((f): ActionDefinition => ({
      key: f.key,
      label: f.label,
      target: 'none',
      options: [],
      cost: '1 free action',
      unavailable: freeSpent,
    })),
    {
      key: 'defensive-stance',
      label: 'Defensive stance (−4 to hit it)',
      target: 'none',
      options: [],
      cost: '2 actions',
      unavailable:
        sheet.live.attacksThisTurn > 0 ? `It attacked this turn; a defensive stance means no attack this turn (${DOC.attackTypes}).` : null,
    },
    drawDefinition(sheet),
    reloadDefinition(sheet),
    ...disengageDefinitions(c, sheet),
    ...PLAIN.map((p): ActionDefinition => ({
      key: p.key,
      label: p.label,
      target: 'none',
      options: [],
      cost: plural(p.actions, 'action'),
      unavailable: null,
    })),
  ]
}

/**
 * The turn's ordinary actions: movement, position, a defensive stance and the plain list.
 * `onScene`: everyone on the scene in play, with positions (whose reach a Move leaves).
 */
export function performTurnAction(
  request: ActionRequest,
  c: RulesCombatant,
  sheet: D20Sheet,
  onScene: readonly RulesCombatant[],
): Result<ActionResolution> | null {
  const until = { kind: 'turnStart' as const, of: c.id }
  switch (request.action) {
    case DRAW:
      return performDraw(request, c, sheet)
    case RELOAD:
      return performReload(request, c, sheet)
    case 'move': {
      const n = String(request.options['actions'] ?? '1') === '2' ? 2 : 1
      if (has(c.conditions, PRONE)) return fail('action/prone', `${c.name} is prone: stand up first (${DOC.actions}).`)
      const metres = speedMetres(sheet, has(c.conditions, 'frozen')) * n
      const moved = `${c.name} moves up to ${metres} m (${plural(n, 'action')}, ${DOC.moving})`
      // `003 Engaged`: moving away from engaged foes draws their attacks of opportunity, as on the map (SR-D20-33):
      // the Move has no path, so on the map it leaves the foes within reach of where it stands.
      const leaves = sheet.live.engagedWith.length > 0 && request.options[LEAVES_MELEE] !== false
      if (!leaves) return ok(resolution(c, moved, { actions: n }))
      const left = foesLeft(sheet.live.engagedWith, onScene, c.position ?? null, null)
      const prompts = opportunityPrompts(c, left.leaving, 'moves away', c.position ?? null)
      const words = leavingWords(left)
      return ok({
        ...resolution(c, words ? `${moved}; ${words}` : moved, {
          actions: n,
          ...(left.leaving.length ? { actorRules: d20Sheets.store(afterLeaving(sheet, left)) } : {}),
        }),
        ...(prompts.length ? { prompts } : {}),
      })
    }
    case 'stand':
      if (!has(c.conditions, PRONE)) return fail('action/notProne', `${c.name} is not prone.`)
      return ok(
        resolution(c, `${c.name} stands up (1 action, ${DOC.actions})`, {
          actions: 1,
          conditions: [{ combatantId: c.id, remove: [PRONE] }],
        }),
      )
    case 'drop-prone':
      return ok(
        resolution(c, `${c.name} drops prone (a free action, ${DOC.freeActions})`, {
          freeAction: true,
          conditions: [
            { combatantId: c.id, add: [{ conditionId: PRONE, stacks: 1, duration: { kind: 'indefinite' }, sourceId: null, data: null }] },
          ],
        }),
      )
    case 'defensive-stance':
      if (sheet.live.attacksThisTurn > 0)
        return fail(
          'action/attacked',
          `${c.name} attacked this turn; a defensive stance means making no attack this turn (${DOC.attackTypes}).`,
        )
      return ok(
        resolution(
          c,
          `${c.name} takes a defensive stance: attacks against it get −4 until its next turn, and it makes no attack this turn (2 actions, ${DOC.attackTypes})`,
          {
            actions: 2,
            conditions: [
              { combatantId: c.id, add: [{ conditionId: DEFENSIVE_STANCE, stacks: 1, duration: until, sourceId: c.id, data: null }] },
            ],
          },
        ),
      )
  }
  const freeAct = FREE_ACTS.find((f) => f.key === request.action)
  if (freeAct) return ok(resolution(c, `${c.name} ${freeAct.words} (a free action, ${DOC.freeActions})`, { freeAction: true }))
  const plain = PLAIN.find((p) => p.key === request.action)
  return plain
    ? ok(resolution(c, `${c.name} ${plain.words} (${plural(plain.actions, 'action')}, ${DOC.actions})`, { actions: plain.actions }))
    : null
}
