import type { ActionDefinition, ActionRequest, FormField } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ActionResolution, ConditionChange, MovementCost, PromptDraft, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { optionBool } from '../kit/options'
import { mergeChanges } from './cx-changes'
import { actionsCost, actionsText } from './cx-costs'
import { isEngaged } from './cx-engagement'
import { partingAll, partingEffects, type Parting } from './cx-leave-melee'
import { walkPastOnAction } from './cx-walk-past-action'
import { SUPPRESSED } from './cx-suppression'
import { bySuppressor, suppressedMove, suppressorName } from './cx-suppression-reaction'
import { explainSteps } from './explain'
import { armourSummary } from './sheet/cx-derived'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { metresPerTwoActions } from './stats/derived-stats'
import { moveDistance } from './turns/movement'
import { moveCap } from './stats/stat-flaws'
import { sprintRefusal } from './turns/turn-budget'
import type { ConditionInstance } from '../../../src-shared/records'

/** The GM's per-suppressor answer on the Move action (SR-CX-34): "leaves this suppressor's zone". */
const leavesKey = (sourceId: string) => `leavesZone:${sourceId}`

/**
 * The "leaves the zone" toggles: one for a mover held by one suppressor (or none); one per
 * suppressor when two or more hold it, since each zone is its own (SR-CX-34).
 */
function zoneFields(actor: RulesCombatant): FormField[] {
  const sources = bySuppressor(actor.conditions.filter((x) => x.conditionId === SUPPRESSED))
    .map((g) => g[0]!)
    .filter((s) => s.sourceId !== null)
  const hint = 'CX25: leaving the zone ends being suppressed'
  if (sources.length < 2) return [{ key: 'leavesZone', label: 'Leaves the suppression zone', kind: 'toggle', value: true, hint }]
  return sources.map((s) => ({
    key: leavesKey(s.sourceId!),
    label: `Leaves ${suppressorName(s)}'s suppression zone`,
    kind: 'toggle',
    value: true,
    hint: `${hint} by that suppressor only (SR-CX-34)`,
  }))
}

export function moveDefinition(c: CxCombatant, library: ContentLibrary, actor: RulesCombatant): ActionDefinition {
  const engaged = isEngaged(actor)
  const speed = metresPerTwoActions(c.stats, armourSummary(c, library)?.movementPenalty ?? 0)
  const stance = c.live.stance
  const metres = (actions: 1 | 2, sprint: boolean) => {
    const d = moveDistance({ metresPerTwoActions: speed, actions, sprint, stance, cap: moveCap(c.stats) })
    return d.ok ? d.value.metres : null
  }
  const label = (n: 1 | 2) => {
    const walk = metres(n, false)
    const run = metres(n, true)
    return `${actionsText(n)} · ${walk ?? 0} m${run !== null ? ` (${run} m sprinting)` : ''}`
  }
  return {
    key: 'move',
    label: 'Move',
    target: 'none',
    options: [
      {
        key: 'actions',
        label: 'Actions',
        kind: 'choice',
        value: '2',
        choices: ([1, 2] as const).map((n) => ({ value: String(n), label: label(n) })),
      },
      {
        key: 'sprint',
        label: 'Sprint (+1 m per action)',
        kind: 'toggle',
        value: false,
        hint: `000 Movement and Sprinting: ${Math.max(0, c.stats.fort - c.live.sprint.streak)} of FORT ${c.stats.fort} consecutive sprint actions left; its shots take +1 miss chance now and for 2 actions after (CX6)`,
      },
      {
        key: 'intoOpen',
        label: 'Into the open (not complete concealment)',
        kind: 'toggle',
        value: true,
        // SR-CX-36: one answer for every suppressor; the GM dismisses the prompt of one that cannot hit the new place.
        hint: 'CX26: a suppressed mover in the open draws its suppressors’ reactions',
      },
      ...zoneFields(actor),
      {
        key: 'throughZone',
        label: 'Crosses a suppression zone it is not suppressed by',
        kind: 'toggle',
        value: false,
        hint: 'CX26: the GM decides',
      },
      {
        key: 'walksPast',
        label: 'Walks past an alert opponent (within 1 m)',
        kind: 'toggle',
        value: false,
        hint: '000 Opportunity Attack: each alert opponent within the move’s reach may make one; the GM dismisses those it did not pass (SR-CX-71)',
      },
      ...(engaged
        ? [
            {
              key: 'leavesMelee',
              label: 'Moves away from the melee',
              kind: 'toggle',
              value: true,
              hint: '000 Melee Combat: each engaged opponent may make an opportunity attack',
            } satisfies FormField,
          ]
        : []),
    ],
    cost: '1 or 2 actions',
    unavailable: stance === 'hunkering' ? 'Un-hunker first (a free action) to move (000 Using Cover/Stances).' : null,
  }
}

/**
 * `000` Movement and Sprinting: sprinting is the Move action's choice. The sprint clock itself
 * is moved by the action charger (`cx-costs.ts` `chargeActions`), which asks this.
 */
export const sprintChosen = (request: ActionRequest): boolean => optionBool(request.options, 'sprint') ?? false

/**
 * `000` Movement with CX25/CX26: a suppressed mover that breaks cover draws one reaction per
 * suppressor, at most once per suppressor turn (tracked by the suppression's condition key in
 * the mover's live state), and leaving a zone ends that suppressor's suppression only
 * (SR-CX-34). An engaged mover that moves away draws an opportunity attack from each opponent
 * still within reach and leaves the melee (`000` Melee Combat, SR-CX-112); a drag on the map
 * hands its `onMap` parting, opponent by opponent (SR-CX-111). Whether the move is into the
 * open, leaves which zone or leaves the melee are the GM's calls here; on the map
 * (`cx-map-move.ts`) the map answers which zones and whose melee.
 */
export function performMove(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
  onScene: readonly RulesCombatant[] = [],
  onMap: Parting | null = null,
): Result<ActionResolution> {
  const o = request.options
  const actions: 1 | 2 = String(o['actions'] ?? '2') === '1' ? 1 : 2
  const sprint = sprintChosen(request)
  // `000` Movement and Sprinting: "a number of consecutive Actions equal to your Fortitude" (SR-CX-31).
  const tooLong = sprint ? sprintRefusal(c.live.sprint, actions, c.stats.fort) : null
  if (tooLong) return fail('action/sprintLimit', `${actor.name} cannot sprint: ${tooLong}`)
  const intoOpen = optionBool(o, 'intoOpen') ?? true
  const leavesZone = optionBool(o, 'leavesZone') ?? true
  const throughZone = optionBool(o, 'throughZone') ?? false
  const speed = metresPerTwoActions(c.stats, armourSummary(c, library)?.movementPenalty ?? 0)
  const d = moveDistance({ metresPerTwoActions: speed, actions, sprint, stance: c.live.stance, cap: moveCap(c.stats) })
  if (!d.ok) return d
  // SR-CX-34: a per-suppressor answer wins over the one "leaves the zone" toggle.
  const leaves = (s: ConditionInstance) => (s.sourceId ? optionBool(o, leavesKey(s.sourceId)) : undefined) ?? leavesZone
  // SR-CX-161: on the map, the suppressors the walls keep from hitting the mover where it ends.
  const outOfFire = (s: ConditionInstance) => (s.sourceId ? optionBool(o, `outOfFire:${s.sourceId}`) : undefined) ?? false
  const zones = suppressedMove(actor, c, library, intoOpen, leaves, outOfFire)
  const reacted = [...zones.reacted]
  const notes: string[] = [...zones.notes]
  const prompts: PromptDraft[] = [...zones.prompts]
  const conditions: ConditionChange[] = zones.left.length ? [{ combatantId: actor.id, removeFromSource: zones.left }] : []
  // SR-CX-36: a zone the mover is not suppressed by is the GM's call, even when another suppressor holds it.
  if (throughZone) {
    prompts.push({
      reactorId: target?.id ?? actor.id,
      targetId: actor.id,
      text: `${actor.name} moves through a suppression zone without being suppressed: the GM decides whether ${target ? target.name : 'the suppressor'} reacts (CX26)`,
      resolve: { kind: 'note' },
      odds: '',
    })
    notes.push('through a suppression zone without being suppressed: the GM decides (CX26)')
  }
  if (isEngaged(actor)) {
    const verbed = `${sprint ? 'sprints' : 'moves'} away`
    const mover = { ...actor, rules: cxSheets.store(c) }
    // `000` Melee Combat: leaving under its own power draws the opportunity attacks of those it
    // leaves, and ends the melee with them; on the map a drag says whom (SR-CX-111, SR-CX-112).
    const parting = onMap ?? ((optionBool(o, 'leavesMelee') ?? true) ? partingAll(mover, onScene) : null)
    if (parting) {
      const e = partingEffects(mover, parting, verbed, library, onMap ? onScene : [])
      prompts.push(...e.prompts)
      conditions.push(...e.conditions)
      notes.push(...e.notes)
    } else {
      notes.push('stays in the melee (000 Melee Combat)')
    }
  }
  if (optionBool(o, 'walksPast') ?? false) {
    const walk = walkPastOnAction({ ...actor, rules: cxSheets.store(c) }, d.value.metres, onScene, library)
    prompts.push(...walk.prompts)
    notes.push(walk.note)
  }
  const merged = mergeChanges(conditions)
  const verb = sprint ? 'sprints' : 'moves'
  return ok({
    // Only the reaction bookkeeping changes on the sheet; a plain move leaves it as it was.
    actorRules: sameKeys(reacted, c.live.suppressionReactions)
      ? null
      : cxSheets.store({ ...c, live: { ...c.live, suppressionReactions: reacted } }),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} ${verb} ${d.value.metres} m (${actionsText(actions)}, 000 Movement)${notes.length ? `; ${notes.join('; ')}` : ''}`,
    detail: explainSteps(d.value.steps),
    rolls: [],
    cost: actionsCost(actions),
    ...(merged.length ? { conditions: merged } : {}),
    ...(prompts.length ? { prompts } : {}),
  })
}

const sameKeys = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((k, i) => k === b[i])

/**
 * What a path of so many metres costs on the map (000 Movement): one action covers half of the
 * metres per 2 actions in the combatant's stance. A drag never sprints (SR-CX-33): sprinting is
 * the Move action's choice, and a drag has no place to make it, so it is priced at running
 * speed. Nor does a drag age the sprint clock: `onMapMove` is not told what the drag paid (the
 * GM may waive it), so the Attack panel's "Shooter sprinted" box is the GM's way to end it early.
 * A STR 1 mover's metre an action (SR-CX-173) prices the drag as it does the Move action.
 */
export function cxMovementCost(c: CxCombatant, library: ContentLibrary, metres: number): MovementCost {
  const speed = metresPerTwoActions(c.stats, armourSummary(c, library)?.movementPenalty ?? 0)
  const one = moveDistance({ metresPerTwoActions: speed, actions: 1, sprint: false, stance: c.live.stance, cap: moveCap(c.stats) })
  if (!one.ok) return { spend: [], label: one.error.message, refusal: one.error.message }
  if (one.value.metres <= 0) return { spend: [], label: 'cannot move', refusal: `it cannot move in its stance (${c.live.stance})` }
  const actions = metres <= 0 ? 0 : Math.ceil(metres / one.value.metres - 1e-9)
  return { spend: actionsCost(actions), label: actions > 4 ? `${actions} actions: more than a turn` : actionsText(actions) }
}
