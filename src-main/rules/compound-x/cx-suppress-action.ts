import { lineOfFire, type WallIndex } from '../../../src-shared/wall-geometry'
import type { ActionDefinition, ActionRequest, FormField } from '../../../src-shared/attack'
import type { CombatantId } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ActionResolution, ConditionChange, RulesCombatant } from '../ruleset'
import { optionNumber } from '../kit/options'
import { toJson } from '../kit/stored-sheet'
import type { ContentLibrary } from './content/content-library'
import type { RangedWeapon } from './content/pack-schema'
import { gunProficiencyRefusal } from './sheet/cx-loadout'
import { actionsCost } from './cx-costs'
import { levelRank, parseLevel, REACTION, SUPPRESSED, SUPPRESSING, type SuppressionData } from './cx-suppression'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import {
  SUPPRESSION_EXPIRY,
  SUPPRESSION_LEVELS,
  SUPPRESSION_RADIUS,
  SUPPRESSION_ROUNDS,
  suppress,
  weaponSuppressionLevel,
  type SuppressionLevel,
} from './turns/suppression'

/** The Suppress action (CX24, CX25): who can lay it down, and laying it. */

interface Suppressor {
  readonly slot: number
  readonly item: RangedWeapon
  readonly level: Exclude<RangedWeapon['suppression'], 'none'>
}

/** The carried guns that can lay down suppression, at their level after attachments (CX24). */
function suppressors(c: CxCombatant, library: ContentLibrary): Suppressor[] {
  return c.weapons.flatMap((w, slot) => {
    if (w.kind !== 'ranged') return []
    const item = library.get('ranged-weapons', w.itemId)
    if (!item) return []
    const attachments = w.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined)
    const level = weaponSuppressionLevel(item, attachments)
    return level === 'none' ? [] : [{ slot, item, level }]
  })
}

const LEVEL_LABEL = (l: SuppressionLevel) =>
  `${l[0]!.toUpperCase()}${l.slice(1)} (${l === 'light' ? '3 rds or the rest' : `${SUPPRESSION_ROUNDS[l]} rds`}, ${SUPPRESSION_RADIUS[l]} m)`

export function suppressDefinition(c: CxCombatant, library: ContentLibrary): ActionDefinition {
  const able = suppressors(c, library)
  const top = able.reduce((best, s) => Math.max(best, levelRank(s.level)), 0)
  const levels = SUPPRESSION_LEVELS.slice(0, Math.max(1, top))
  const options: FormField[] = [
    {
      key: 'weapon',
      label: 'Weapon',
      kind: 'choice',
      value: String(able[0]?.slot ?? 0),
      choices: able.map((s) => ({ value: String(s.slot), label: `${s.item.name} (up to ${s.level})` })),
    },
    {
      key: 'level',
      label: 'Level',
      kind: 'choice',
      value: able[0]?.level ?? 'light',
      choices: levels.map((l) => ({ value: l, label: LEVEL_LABEL(l) })),
    },
    { key: 'distance', label: 'Distance to the target', kind: 'number', value: 10, unit: 'm', min: 0, max: 2000 },
  ]
  return {
    key: 'suppress',
    label: 'Suppress (last action of the turn)',
    target: 'any',
    aimsAt: 'foe',
    options,
    cost: '1 action, ends the turn',
    unavailable: able.length === 0 ? 'No weapon that can suppress (CX24).' : null,
  }
}

/**
 * CX24/CX25: lay down suppression on the aimed-at combatant. On the map the tokens give the
 * positions, and heavy suppression catches everyone within 2 m of the target there; off the map
 * the GM's distance puts the suppressor at the origin and the target that far along a line, and
 * only the target can be caught (the log says so for heavy).
 */
export function performSuppress(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
  onScene: readonly RulesCombatant[] = [],
  walls?: WallIndex,
): Result<ActionResolution> {
  const slot = Number(request.options['weapon'] ?? 0)
  const carried = c.weapons[slot]
  const item = carried?.kind === 'ranged' ? library.get('ranged-weapons', carried.itemId) : undefined
  if (!carried || !item) return fail('action/noWeapon', `No ranged weapon in slot ${slot + 1}.`)
  if (!target) return fail('action/noTarget', 'Pick the combatant to suppress.')
  if (target.id === actor.id) return fail('suppress/self', `${actor.name} cannot suppress itself.`)
  // SR-CX-193: laying down fire is using the gun.
  const unproficient = gunProficiencyRefusal(c, item, library)
  if (unproficient) return fail('suppress/notProficient', unproficient)
  if (carried.jammed) return fail('suppress/jammed', `The ${item.name} is jammed: clear it with a Weapon check, DC 60 (CX9).`)
  const level = parseLevel(request.options['level'])
  if (!level) return fail('suppress/level', 'Pick a suppression level: light, medium or heavy (CX24).')
  // On the map the tokens say how far it is; off it, the GM's number.
  const mapped =
    actor.position && target.position
      ? Math.round(Math.hypot(actor.position.x - target.position.x, actor.position.y - target.position.y) * 10) / 10
      : null
  const distance = mapped ?? optionNumber(request.options, 'distance') ?? 10
  if (distance < 0) return fail('suppress/distance', 'The distance cannot be negative.')
  const attachments = carried.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined)
  const onMap = mapped !== null
  const positions = onMap
    ? new Map<CombatantId, { x: number; y: number }>([
        ...onScene.flatMap((o) => (o.position ? [[o.id, o.position] as const] : [])),
        [actor.id, actor.position!],
        [target.id, target.position!],
      ])
    : new Map<CombatantId, { x: number; y: number }>([
        [actor.id, { x: 0, y: 0 }],
        [target.id, { x: distance, y: 0 }],
      ])
  const laid = suppress({
    suppressorId: actor.id,
    weapon: item,
    attachments,
    level,
    targetId: target.id,
    roundsInMagazine: carried.ammo,
    positions,
    // SR-CX-161: no one the suppressor has no line of fire to (the map's walls) is suppressed.
    unhittableIds:
      onMap && walls
        ? onScene.filter((o) => o.position && o.id !== actor.id && !lineOfFire(walls, actor.position!, o.position)).map((o) => o.id)
        : [],
  })
  if (!laid.ok) return laid
  const { zone, roundsLeft } = laid.value
  const data: SuppressionData = {
    level,
    radius: zone.radius,
    weapon: slot,
    distance,
    suppressor: {
      name: actor.name,
      itemId: item.id,
      attachmentIds: [...carried.attachmentIds],
      stats: c.stats,
      prone: c.live.stance === 'prone',
    },
  }
  const conditions: ConditionChange[] = [
    ...zone.suppressedIds.map((id): ConditionChange => ({
      combatantId: id,
      add: [
        {
          conditionId: SUPPRESSED,
          stacks: 1,
          duration: { kind: 'turnStart', of: actor.id },
          sourceId: actor.id,
          data: toJson(data),
        },
      ],
    })),
    // CX24/CX25: the zone — 1 m (light, medium) or 2 m (heavy) around where the target stood — is the
    // suppressor's, and stands until its next turn starts even once the target has left it.
    {
      combatantId: actor.id,
      add: [
        {
          conditionId: SUPPRESSING,
          stacks: 1,
          duration: { kind: 'turnStart', of: actor.id },
          sourceId: actor.id,
          data: toJson({ level, targetId: target.id }),
          areaRadius: zone.radius,
          areaAround: target.id,
        },
      ],
    },
  ]
  const weapons = c.weapons.map((w, i) => (i === slot ? { ...w, ammo: roundsLeft } : w))
  // `000` Suppression: "you aim at the target as part of the action".
  const live = { ...c.live, aim: { targetId: target.id, name: target.name } }
  const names = new Map(onScene.map((o) => [o.id, o.name]))
  const others = zone.suppressedIds.filter((id) => id !== target.id).map((id) => names.get(id) ?? id)
  const heavyNote =
    level !== 'heavy'
      ? ''
      : !onMap
        ? `; heavy suppression also suppresses everyone within 2 m of ${target.name}: off the map only ${target.name} is marked — add 'suppressed' to the others by hand (CX25)`
        : others.length
          ? `; within 2 m of ${target.name} it also suppresses ${others.join(', ')} (CX25)`
          : `; nobody else stands within 2 m of ${target.name} (CX25)`
  return ok({
    actorRules: cxSheets.store({ ...c, weapons, live }),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} lays down ${level} suppression on ${target.name} with the ${item.name}: ${zone.roundsSpent} rounds, ${zone.radius} m zone, until the ${SUPPRESSION_EXPIRY}; the turn ends (CX24, CX25)${heavyNote}`,
    detail: [
      {
        title: 'Suppression',
        lines: [
          { label: 'Level', value: `${level} (weapon allows ${weaponSuppressionLevel(item, attachments)})`, source: 'CX24' },
          { label: 'Rounds fired', value: `${zone.roundsSpent} (${roundsLeft} left in the magazine)`, source: 'CX24' },
          { label: 'Zone', value: `${zone.radius} m around ${target.name}, ${distance} m away`, source: 'CX24' },
          { label: 'If a suppressed target breaks cover', value: REACTION[level].words, source: 'CX26' },
        ],
      },
    ],
    rolls: [],
    cost: actionsCost(1),
    endsTurn: true,
    conditions,
  })
}
