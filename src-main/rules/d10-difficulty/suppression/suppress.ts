import { z } from 'zod'
import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import type { CombatantId } from '../../../../src-shared/records'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, ConditionChange, RulesCombatant } from '../../ruleset'
import { optionNumber } from '../../kit/options'
import { skillTerms } from '../checks/d10-check'
import { SUPPRESSED, SUPPRESSING } from '../d10-conditions'
import { d10Sheets } from '../d10-sheet-access'
import { sumModifiers } from '../../kit/modifier'
import { damageDiceSchema, DAMAGE_TYPES, MOVEMENTS, STANCES, type D10Sheet } from '../sheet/d10-sheet'
import { oneAction } from '../turns/d10-economy'
import { plural } from '../../kit/format'
import { toJson } from '../../kit/stored-sheet'
import { notDrawnRefusal } from '../turns/d10-draw'
import { offMapDistanceField, rangeTo } from '../ranged/range-to'
import { beyondRangeReason, rangeBand } from '../ranged/difficulty'

/**
 * What a 'suppressed' condition remembers of its suppressor, so the out-of-turn shot a moving
 * target draws can be priced from the mover's side alone (the map hands a move only the mover).
 */
export const suppressionSchema = z.strictObject({
  suppressor: z.string().max(200),
  slot: z.number().int().min(0).max(8),
  bullets: z.number().int().min(1).max(100),
  /** The suppressor's firearms check bonus (D1) and its gun, when the fire went down. */
  bonus: z.number().int().min(-50).max(100),
  weapon: z.strictObject({
    name: z.string().max(80),
    effectiveRange: z.number().min(1).max(10_000),
    damage: damageDiceSchema,
    damageType: z.enum(DAMAGE_TYPES),
    burst: z.number().int().min(1).max(20),
    recoil: z.number().int().min(0).max(20),
  }),
  stance: z.enum(STANCES),
  movement: z.enum(MOVEMENTS),
  from: z.strictObject({ x: z.number(), y: z.number() }).nullable(),
  distance: z.number().min(0).max(10_000),
})
export type SuppressionData = z.infer<typeof suppressionSchema>

/** The suppressor's own record of the lane: whom it covers and how much each action costs. */
export const laneSchema = z.strictObject({
  targetId: z.string().startsWith('combatant:').max(120),
  bullets: z.number().int().min(1).max(100),
  width: z.number().min(0.5).max(100),
})

const firearms = (sheet: D10Sheet) => sheet.weapons.flatMap((w, slot) => (w.kind === 'firearm' && w.magazine > 0 ? [{ w, slot }] : []))

export function suppressDefinition(actor: RulesCombatant, sheet: D10Sheet): ActionDefinition {
  const guns = firearms(sheet)
  return {
    key: 'suppress',
    label: 'Suppressing fire (the lane to the target)',
    target: 'any',
    aimsAt: 'foe',
    options: [
      {
        key: 'weapon',
        label: 'Weapon',
        kind: 'choice',
        value: String(guns[0]?.slot ?? 0),
        choices: guns.map(({ w, slot }) => ({ value: String(slot), label: `${w.name} (${w.ammo} rds)` })),
      },
      { key: 'width', label: 'Lane width', kind: 'number', value: 2, unit: 'm', min: 0.5, max: 100 },
      ...offMapDistanceField(actor, 'Distance to the target'),
      { key: 'bullets', label: 'Bullets per action (GM)', kind: 'number', value: 1, min: 1, max: 100 },
      { key: 'actions', label: 'Actions covered now', kind: 'number', value: 1, min: 1, max: 20 },
    ],
    cost: '1 action',
    unavailable: guns.length === 0 ? 'No firearm to suppress with.' : null,
  }
}

/**
 * `002` Suppressing Fire: the GM sets the lane (from the shooter to the target at its far end, so
 * wide) and the bullets each action needs; this action fires them for the actions it covers now.
 * The lane stands until the start of the suppressor's next turn (or until it reloads); the target
 * is suppressed for as long, and leaving cover may draw an out-of-turn shot the GM allows.
 */
export function performSuppress(
  request: ActionRequest,
  actor: RulesCombatant,
  sheet: D10Sheet,
  target: RulesCombatant | null,
): Result<ActionResolution> {
  if (!target) return fail('suppress/noTarget', 'Pick the combatant at the far end of the lane.')
  if (target.id === actor.id) return fail('suppress/self', `${actor.name} cannot suppress itself.`)
  const slot = Number(request.options['weapon'] ?? firearms(sheet)[0]?.slot ?? 0)
  const weapon = sheet.weapons[slot]
  if (!weapon || weapon.kind !== 'firearm') return fail('suppress/noWeapon', `No firearm in slot ${slot + 1}.`)
  // `002 Drawing`: suppressing fire is shooting, so the gun must be in hand (SR-D10-10).
  const stowed = notDrawnRefusal(actor.name, weapon, slot, sheet)
  if (stowed) return fail('attack/notDrawn', stowed)
  const width = Math.max(0.5, optionNumber(request.options, 'width') ?? 2)
  const bullets = Math.max(1, Math.trunc(optionNumber(request.options, 'bullets') ?? 1))
  const actions = Math.max(1, Math.trunc(optionNumber(request.options, 'actions') ?? 1))
  const rounds = bullets * actions
  if (weapon.ammo < rounds)
    return fail(
      'suppress/ammo',
      `The ${weapon.name} has ${weapon.ammo} rounds; ${plural(actions, 'action')} at ${bullets} a time needs ${rounds}.`,
    )
  // SR-D10-43: the lane is as long as the map says (typed, or 20 m, off it); past the gun's
  // effective range there is no band (D4), so no fire reaches the far end and no lane is laid.
  const distance = rangeTo(request.options, actor, target)
  if (rangeBand(distance, weapon.effectiveRange) === null)
    return fail(
      'suppress/outOfRange',
      `${target.name}: ${beyondRangeReason(distance, weapon.effectiveRange)} The ${weapon.name} cannot suppress that far (SR-D10-43).`,
    )
  const data: SuppressionData = {
    suppressor: actor.name,
    slot,
    bullets,
    bonus: sumModifiers(skillTerms(sheet, 'firearms')),
    weapon: {
      name: weapon.name,
      effectiveRange: weapon.effectiveRange,
      damage: weapon.damage,
      damageType: weapon.damageType,
      burst: weapon.burst,
      recoil: weapon.recoil,
    },
    stance: sheet.live.stance,
    movement: sheet.live.movement,
    // The shooter's spot only: the stored data keeps a point, not the base it stood on.
    from: actor.position ? { x: actor.position.x, y: actor.position.y } : null,
    distance,
  }
  const until = { kind: 'turnStart' as const, of: actor.id }
  const conditions: ConditionChange[] = [
    {
      combatantId: actor.id,
      add: [
        {
          conditionId: SUPPRESSING,
          stacks: 1,
          duration: until,
          sourceId: actor.id,
          data: { targetId: target.id, bullets, width },
          areaRadius: width / 2,
          areaTo: target.id,
        },
      ],
    },
    {
      combatantId: target.id,
      add: [{ conditionId: SUPPRESSED, stacks: 1, duration: until, sourceId: actor.id, data: toJson(data) }],
    },
  ]
  const after: D10Sheet = { ...sheet, weapons: sheet.weapons.map((w, i) => (i === slot ? { ...w, ammo: w.ammo - rounds } : w)) }
  return ok({
    actorRules: d10Sheets.store(after),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} lays suppressing fire down a ${width} m lane to ${target.name} with the ${weapon.name}: ${plural(rounds, 'round')} (${bullets} per action), until the start of ${actor.name}'s next turn (002 Suppressing Fire)`,
    detail: [
      {
        title: 'Suppressing fire',
        lines: [
          { label: 'Lane', value: `${width} m wide, ${distance} m to ${target.name}`, source: '002 Suppressing Fire' },
          {
            label: 'Bullets',
            value: `${bullets} per action × ${actions} = ${rounds} (${weapon.ammo - rounds} left)`,
            source: '002 Suppressing Fire',
          },
          { label: `If ${target.name} leaves cover`, value: 'the GM may allow an out-of-turn shot', source: '002 Suppressing Fire' },
          { label: 'Ends', value: `at the start of ${actor.name}'s next turn, or when it reloads`, source: '002 Suppressing Fire' },
        ],
      },
    ],
    rolls: [],
    cost: oneAction,
    conditions,
  })
}

/** `002` Suppressing Fire: reloading ends the suppression — the lane and the suppressed targets it held. */
export function endSuppression(actor: RulesCombatant): ConditionChange[] {
  const lanes = actor.conditions.filter((x) => x.conditionId === SUPPRESSING)
  if (lanes.length === 0) return []
  const targets = [...new Set(lanes.flatMap((l) => (laneSchema.safeParse(l.data).success ? [laneSchema.parse(l.data).targetId] : [])))]
  return [
    { combatantId: actor.id, remove: [SUPPRESSING] },
    ...targets.map((id) => ({ combatantId: id as CombatantId, remove: [SUPPRESSED] })),
  ]
}
