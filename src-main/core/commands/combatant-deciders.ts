import type { DomainEvent } from '../../../src-shared/events'
import { FRESH_TURN_STATE, type CombatantRecord, type ConditionInstance } from '../../../src-shared/records'
import { fail, ok } from '../../../src-shared/result'
import { activeEncounter, findCombatant, parseRules, turnOrder, visibilityOf, type DecideContext, type Decider } from './decide-context'

const ORDER_GAP = 1000

/** A newcomer mid-fight slots in by its roll: the midpoint key between its neighbours. */
export function slotOrderKey(order: readonly CombatantRecord[], total: number): number {
  const after = order.findIndex((c) => c.initiative !== null && total > c.initiative.total)
  if (after === -1) return (order.at(-1)?.orderKey ?? 0) + ORDER_GAP
  const next = order[after]!.orderKey!
  const prev = after === 0 ? next - 2 * ORDER_GAP : order[after - 1]!.orderKey!
  return (prev + next) / 2
}

export const addCombatant: Decider<'combatant/add'> = (ctx, p) => {
  let rules: CombatantRecord['rules'] = null
  let maxHp = p.maxHp
  if (p.rules !== undefined) {
    const parsed = parseRules(ctx, p.rules)
    if (!parsed.ok) return parsed
    rules = parsed.value.data
    maxHp = parsed.value.maxHp ?? maxHp
  }
  const record: CombatantRecord = {
    typeName: 'combatant',
    id: ctx.newId('combatant'),
    name: p.name,
    side: p.side,
    kind: p.kind,
    maxHp,
    hp: p.hp ?? maxHp,
    initiativeModifier: p.initiativeModifier,
    hidden: p.hidden,
    initiative: null,
    orderKey: null,
    rules,
    ...FRESH_TURN_STATE,
  }
  if (record.hp > record.maxHp) return fail('combatant/hpAboveMax', `HP ${record.hp} is above max HP ${record.maxHp}.`)
  const events = [{ type: 'combatant/added', record } as const]
  const encounter = activeEncounter(ctx.state)
  if (encounter && encounter.round > 0) {
    const [placed] = ctx.ruleset.rollInitiative([record], ctx.dice)
    if (placed) {
      const orderKey = slotOrderKey(turnOrder(ctx.state), placed.initiative.total)
      return ok({
        label: `Add ${record.name}`,
        events: [
          ...events,
          { type: 'initiative/rolled', encounterId: encounter.id, results: [{ ...placed, orderKey }] },
          ctx.log(`${record.name} joins the fight`, { rolls: [placed.initiative.roll], visibility: 'gm' }),
        ],
      })
    }
  }
  return ok({ label: `Add ${record.name}`, events: [...events, ctx.log(`Added ${record.name}`, { visibility: 'gm' })] })
}

export const editCombatant: Decider<'combatant/edit'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const { combatantId, ...changes } = p
  return ok({
    label: `Edit ${found.value.name}`,
    events: [
      { type: 'combatant/edited', combatantId, changes },
      ctx.log(`Edited ${changes.name ?? found.value.name}`, { visibility: 'gm' }),
    ],
  })
}

/** Clocks that run to the removed combatant's turns would never end: they end with it. */
function orphanedClocks(ctx: DecideContext, gone: CombatantRecord): DomainEvent[] {
  const tiedToGone = (c: ConditionInstance) =>
    (c.duration.kind === 'turnStart' || c.duration.kind === 'turnEnd') && c.duration.of === gone.id
  return ctx.state.ofType('combatant').flatMap((c): DomainEvent[] => {
    if (c.id === gone.id) return []
    const ended = c.conditions.filter(tiedToGone)
    if (ended.length === 0) return []
    return [
      { type: 'combatant/turnStateChanged', combatantId: c.id, patch: { conditions: c.conditions.filter((x) => !ended.includes(x)) } },
      ctx.log(`${ended.map((x) => x.label).join(', ')} on ${c.name} ${ended.length === 1 ? 'ends' : 'end'} (${gone.name} left the fight)`, {
        visibility: visibilityOf(c),
        subjects: [c.id],
      }),
    ]
  })
}

export const removeCombatant: Decider<'combatant/remove'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const gone = found.value
  // A reaction by or against someone no longer here cannot be resolved.
  const prompts = ctx.state.ofType('prompt').filter((x) => x.reactorId === gone.id || x.targetId === gone.id)
  return ok({
    label: `Remove ${gone.name}`,
    events: [
      ...orphanedClocks(ctx, gone),
      ...prompts.map((x): DomainEvent => ({ type: 'prompt/removed', id: x.id })),
      { type: 'combatant/removed', combatantId: p.combatantId },
      ctx.log(`Removed ${gone.name}`, { visibility: 'gm' }),
    ],
  })
}

/**
 * Health written straight, with no rule asked: a heal or a plain change (adjustHp), or the GM's
 * correction (setHp, `corrected`). Damage the rules should see is `combatant/damage`.
 */
function hpDecision(ctx: Parameters<Decider<'combatant/setHp'>>[0], c: CombatantRecord, hp: number, corrected = false) {
  const delta = hp - c.hp
  const verb = delta < 0 ? `takes ${-delta} damage` : `heals ${delta}`
  // NPC numbers are the GM's secret; a PC's HP is public at the table.
  const visibility = c.kind === 'pc' ? visibilityOf(c) : 'gm'
  return ok({
    label: corrected ? `Correct ${c.name}'s HP` : delta < 0 ? `Damage ${c.name}` : `Heal ${c.name}`,
    events: [
      { type: 'combatant/hpChanged', combatantId: c.id, hp } as const,
      ctx.log(corrected ? `${c.name}: HP corrected ${c.hp} → ${hp}` : `${c.name} ${verb} (HP ${c.hp} → ${hp})`, { visibility }),
    ],
  })
}

export const setCombatantHp: Decider<'combatant/setHp'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  if (p.hp > c.maxHp) return fail('combatant/hpAboveMax', `HP ${p.hp} is above ${c.name}'s max HP ${c.maxHp}.`)
  if (p.hp === c.hp) return fail('combatant/noChange', `${c.name} already has ${c.hp} HP.`)
  return hpDecision(ctx, c, p.hp, true)
}

export const adjustCombatantHp: Decider<'combatant/adjustHp'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  const hp = Math.min(c.maxHp, c.hp + p.delta)
  if (hp === c.hp) return fail('combatant/noChange', `${c.name} is already at max HP (${c.maxHp}).`)
  return hpDecision(ctx, c, hp)
}

export const setCombatantHidden: Decider<'combatant/setHidden'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  if (c.hidden === p.hidden) {
    return fail('combatant/noChange', `${c.name} is already ${p.hidden ? 'hidden from' : 'shown to'} the players.`)
  }
  return ok({
    label: p.hidden ? `Hide ${c.name}` : `Reveal ${c.name}`,
    events: [
      { type: 'combatant/visibilityChanged', combatantId: c.id, hidden: p.hidden },
      ctx.log(p.hidden ? `${c.name} hidden from the players` : `${c.name} revealed to the players`, { visibility: 'gm' }),
    ],
  })
}

/** Points a combatant at a picture already stored in the campaign folder (or back to its initials). */
export const setCombatantPortrait: Decider<'combatant/setPortrait'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const c = found.value
  const same =
    c.portrait && p.image && c.portrait.hash === p.image.hash && c.portrait.ext === p.image.ext && c.portrait.fileName === p.image.fileName
  if (same || (!c.portrait && !p.image))
    return fail('combatant/noChange', p.image ? `${c.name} already has that portrait.` : `${c.name} has no portrait.`)
  return ok({
    label: `Portrait of ${c.name}`,
    events: [
      { type: 'combatant/portraitChanged', combatantId: c.id, portrait: p.image },
      ctx.log(p.image ? `${c.name}: portrait ${p.image.fileName}` : `${c.name}: portrait removed`, { visibility: 'gm', subjects: [c.id] }),
    ],
  })
}
