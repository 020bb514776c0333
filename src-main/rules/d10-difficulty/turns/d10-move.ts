import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, PoolCost, RulesCombatant } from '../../ruleset'
import { choice } from '../attacks/attack-shared'
import { optionBool, optionNumber, optionOneOf } from '../../kit/options'
import { DIFFICULT_TERRAIN } from '../d10-conditions'
import { d10Sheets } from '../d10-sheet-access'
import { STANCES, type D10Sheet, type Live, type Movement } from '../sheet/d10-sheet'
import {
  isMoveMode,
  MOVE_MODES,
  movementPoints,
  oneAction,
  SPEED,
  speedLeft,
  spent,
  stanceChangePoints,
  type MoveMode,
} from './d10-economy'
import { plural } from '../../kit/format'

const onDifficultTerrain = (c: RulesCombatant) => c.conditions.some((x) => x.conditionId === DIFFICULT_TERRAIN)

/** How a way of moving reads to a shooter (D4): a run is fast, anything else slow. */
const movementOf = (mode: MoveMode): Movement => (mode === 'run' ? 'fast' : 'slow')

export function moveDefinitions(c: RulesCombatant, sheet: D10Sheet): ActionDefinition[] {
  const left = speedLeft(c, sheet)
  const effort = {
    key: 'effort',
    label: `Effort points standing in (${sheet.live.effort} on hand)`,
    kind: 'number' as const,
    value: 0,
    min: 0,
    max: sheet.live.effort,
  }
  return [
    {
      key: 'move',
      label: `Move (${left} speed points left)`,
      target: 'none',
      options: [
        { key: 'metres', label: 'Distance', kind: 'number', value: Math.min(left, 5), unit: 'm', min: 0, max: 1000 },
        choice(
          'mode',
          'How',
          'walk',
          Object.keys(MOVE_MODES) as MoveMode[],
          (m) => `${MOVE_MODES[m as MoveMode].label} (${MOVE_MODES[m as MoveMode].perMetre} per metre)`,
        ),
        { key: 'difficult', label: 'Difficult terrain (×2)', kind: 'toggle', value: onDifficultTerrain(c) },
        effort,
      ],
      cost: 'speed points',
      unavailable: sheet.speed === 0 && sheet.live.effort === 0 ? 'No speed points and no effort (D3).' : null,
    },
    {
      key: 'stance',
      label: 'Change stance (1 speed point, 2 from prone)',
      target: 'none',
      options: [choice('stance', 'Stance', sheet.live.stance, STANCES), effort],
      cost: '1–2 speed points',
      unavailable: null,
    },
    {
      key: 'regain-speed',
      label: 'Regain speed points (1 action)',
      target: 'none',
      options: [],
      cost: '1 action',
      unavailable: speedLeft(c, sheet) >= sheet.speed ? 'Its speed points are full.' : null,
    },
  ]
}

/** D3: speed points pay; effort points may stand in for part or all of them. */
function pay(
  points: number,
  request: ActionRequest,
  c: RulesCombatant,
  sheet: D10Sheet,
): Result<{ cost: PoolCost[]; effort: number; words: string }> {
  const effort = Math.max(0, Math.min(Math.trunc(optionNumber(request.options, 'effort') ?? 0), sheet.live.effort, points))
  const speed = points - effort
  const left = speedLeft(c, sheet)
  if (speed > left) {
    return fail(
      'move/noSpeed',
      `${c.name} needs ${speed} speed points and has ${left} left: regain them with an action, or let effort points stand in (D3).`,
    )
  }
  const words = `${plural(points, 'speed point')}${effort ? ` (${effort} from effort)` : ''}`
  return ok({ cost: speed > 0 ? [{ pool: SPEED, amount: speed }] : [], effort, words })
}

function resolution(c: RulesCombatant, sheet: D10Sheet, live: Live, summary: string, cost: PoolCost[], source: string): ActionResolution {
  return {
    actorRules: d10Sheets.store({ ...sheet, live }),
    actorHp: c.hp,
    targetRules: null,
    targetHp: null,
    summary,
    detail: [{ title: 'Movement', lines: [{ label: summary, value: '', source }] }],
    rolls: [],
    cost,
  }
}

export function performMove(request: ActionRequest, c: RulesCombatant, sheet: D10Sheet): Result<ActionResolution> {
  const metres = Math.max(0, optionNumber(request.options, 'metres') ?? 0)
  const mode = isMoveMode(request.options['mode']) ? request.options['mode'] : 'walk'
  const difficult = optionBool(request.options, 'difficult') ?? onDifficultTerrain(c)
  const points = movementPoints(metres, mode, difficult)
  const paid = pay(points, request, c, sheet)
  if (!paid.ok) return paid
  const live: Live = {
    ...sheet.live,
    effort: sheet.live.effort - paid.value.effort,
    movement: metres > 0 ? movementOf(mode) : sheet.live.movement,
  }
  const how = `${MOVE_MODES[mode].label.toLowerCase()} ${metres} m${difficult ? ' over difficult terrain' : ''}`
  return ok(resolution(c, sheet, live, `${c.name}: ${how} for ${paid.value.words} (D3)`, paid.value.cost, 'D3, 002 Movement'))
}

export function performStance(request: ActionRequest, c: RulesCombatant, sheet: D10Sheet): Result<ActionResolution> {
  const to = optionOneOf(request.options, 'stance', STANCES, sheet.live.stance)
  if (to === sheet.live.stance) return fail('stance/same', `${c.name} is already ${to}.`)
  const paid = pay(stanceChangePoints(sheet.live.stance, to), request, c, sheet)
  if (!paid.ok) return paid
  const live: Live = { ...sheet.live, stance: to, effort: sheet.live.effort - paid.value.effort }
  return ok(
    resolution(
      c,
      sheet,
      live,
      `${c.name}: ${sheet.live.stance} → ${to} for ${paid.value.words} (002 Movement)`,
      paid.value.cost,
      '002 Movement',
    ),
  )
}

/** D3: an action refills the speed points: the pool grows by what was spent, so the full speed is left. */
export function performRegainSpeed(c: RulesCombatant, sheet: D10Sheet): Result<ActionResolution> {
  if (speedLeft(c, sheet) >= sheet.speed) return fail('move/full', `${c.name}'s speed points are full.`)
  const live: Live = { ...sheet.live, speedRegained: spent(c, SPEED) }
  return ok(resolution(c, sheet, live, `${c.name} spends an action to regain ${sheet.speed} speed points (D3)`, oneAction, 'D3'))
}
