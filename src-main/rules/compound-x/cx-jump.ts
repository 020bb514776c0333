import type { ActionDefinition, ActionRequest } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import { optionBool, optionNumber, optionOneOf } from '../kit/options'
import type { ActionResolution, RulesCombatant } from '../ruleset'
import { actionsCost } from './cx-costs'
import type { CxCombatant } from './sheet/cx-sheet'

/*
 * `000`/`001` Movement and Sprinting: "You can jump horizontally Dex/2 meters, and add 1m if you
 * have a 3m running start. You can jump vertically Str/3 meters." The text prices no jump:
 * SR-CX-100 makes it one action, and since an action's result cannot move a token, the jump
 * records how far it went and the GM drags the token there.
 */

export const JUMP = 'jump'
const DIRECTIONS = ['horizontal', 'vertical'] as const
type Direction = (typeof DIRECTIONS)[number]

/** The run-up the text asks for the extra metre, and the metre it gives. */
const RUN_UP_METRES = 3
const RUN_UP_BONUS = 1

/** Metres shown to two decimals at most (DEX 5 jumps 2.5 m, STR 5 climbs 1.67 m). */
const shown = (m: number): string => String(Math.round(m * 100) / 100)

/** `000` Movement and Sprinting: how far this combatant can jump, in metres (exact, not rounded). */
export function jumpLimit(c: CxCombatant, direction: Direction, runUp: boolean): number {
  if (direction === 'vertical') return c.stats.str / 3
  return c.stats.dex / 2 + (runUp ? RUN_UP_BONUS : 0)
}

/** SR-CX-100: a hunkered or prone combatant gets up first (a jump starts on its feet or from a crouch). */
function grounded(c: CxCombatant): string | null {
  if (c.live.stance === 'hunkering') return 'Un-hunker first (a free action) to jump (000 Using Cover/Stances).'
  if (c.live.stance === 'prone') return 'Stand up first (1 action) to jump (000 Using Cover/Stances).'
  return null
}

export function jumpDefinition(c: CxCombatant): ActionDefinition {
  const across = shown(jumpLimit(c, 'horizontal', false))
  const running = shown(jumpLimit(c, 'horizontal', true))
  const up = shown(jumpLimit(c, 'vertical', false))
  return {
    key: JUMP,
    label: `Jump (${across} m across, ${running} m with a run-up, ${up} m up)`,
    target: 'none',
    options: [
      {
        key: 'direction',
        label: 'Direction',
        kind: 'choice',
        value: 'horizontal',
        choices: [
          { value: 'horizontal', label: `Horizontal (DEX/2: ${across} m)` },
          { value: 'vertical', label: `Vertical (STR/3: ${up} m)` },
        ],
      },
      { key: 'metres', label: 'Distance', kind: 'number', value: Number(across), unit: 'm', min: 0, max: 50 },
      {
        key: 'runUp',
        label: `${RUN_UP_METRES} m running start (+${RUN_UP_BONUS} m across)`,
        kind: 'toggle',
        value: false,
        hint: 'SR-CX-100: the run-up is moved (and paid) before the jump, with Move or on the map',
      },
    ],
    cost: '1 action',
    unavailable: grounded(c),
  }
}

/** SR-CX-100: a jump within the limit costs 1 action and is logged; the GM drags the token to where it lands. */
export function performJump(request: ActionRequest, actor: RulesCombatant, c: CxCombatant): Result<ActionResolution> {
  const refusal = grounded(c)
  if (refusal) return fail('action/unavailable', `${actor.name} cannot jump: ${refusal}`)
  const direction = optionOneOf(request.options, 'direction', DIRECTIONS, 'horizontal')
  if (request.options['direction'] !== undefined && request.options['direction'] !== direction)
    return fail('action/badOption', `A jump is "horizontal" or "vertical", not "${String(request.options['direction'])}".`)
  const metres = optionNumber(request.options, 'metres')
  if (metres === undefined || metres <= 0 || metres > 50)
    return fail('action/badOption', 'The jump’s distance must be a number of metres above 0 (at most 50).')
  const runUp = direction === 'horizontal' && (optionBool(request.options, 'runUp') ?? false)
  const limit = jumpLimit(c, direction, runUp)
  if (metres > limit + 1e-9) {
    const rule =
      direction === 'vertical'
        ? `STR ${c.stats.str}/3 = ${shown(limit)} m`
        : `DEX ${c.stats.dex}/2${runUp ? ' + 1 with the run-up' : ''} = ${shown(limit)} m`
    return fail(
      'action/jumpTooFar',
      `${actor.name} cannot jump ${shown(metres)} m ${direction === 'vertical' ? 'up' : 'across'}: ${rule} (000 Movement and Sprinting).`,
    )
  }
  const how = direction === 'vertical' ? `${shown(metres)} m up` : `${shown(metres)} m across${runUp ? ' with a 3 m run-up' : ''}`
  return ok({
    actorRules: null,
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} jumps ${how} (of ${shown(limit)} m, 000 Movement and Sprinting, 1 action); the GM moves the token (SR-CX-100)`,
    detail: [
      {
        title: 'Jump',
        lines: [
          {
            label: direction === 'vertical' ? 'Vertical: STR / 3' : `Horizontal: DEX / 2${runUp ? ' + 1 m run-up' : ''}`,
            value: `${shown(limit)} m`,
            source: '000 Movement and Sprinting',
          },
          { label: 'Jumped', value: `${shown(metres)} m`, source: 'SR-CX-100' },
        ],
      },
    ],
    rolls: [],
    cost: actionsCost(1),
  })
}
