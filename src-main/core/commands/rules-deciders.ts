import { wallsInPlay } from '../state/scene-walls'
import type { DomainEvent } from '../../../src-shared/events'
import { checkCharge } from './check-charge'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { CombatantRecord } from '../../../src-shared/records'
import type { ParsedRules } from '../../rules/ruleset'
import { findCombatant, parseRules, visibilityOf, type DecideContext, type Decider, type Decision } from './decide-context'

import { allRulesCombatants, placedRulesCombatant, rulesCombatantsOnScene } from '../state/rules-combatants'
import { aimAtFrom, overrideNote, placeAct } from '../geometry/act-placement'
import { landArea } from './area-landing'
import { areaMarkLabel } from '../../../src-shared/area-marks'
import { checkModes } from './check-modes'
import { checkAreaEffects, targetArea } from './action-area'
import { consequenceEvents } from './consequences'

/** A sheet change, however it arrived: raw ruleset data or the ruleset's form values. */
function sheetDecision(ctx: DecideContext, c: CombatantRecord, parsed: Result<ParsedRules>): Result<Decision> {
  if (!parsed.ok) return parsed
  return ok({
    label: `Edit ${c.name}'s sheet`,
    events: [
      { type: 'combatant/rulesChanged', combatantId: c.id, rules: parsed.value.data, maxHp: parsed.value.maxHp },
      ctx.log(`${c.name}'s sheet updated`, { visibility: 'gm' }),
    ],
  })
}

export const setCombatantRules: Decider<'combatant/setRules'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  return sheetDecision(ctx, found.value, parseRules(ctx, p.rules))
}

export const setCombatantSheet: Decider<'combatant/setSheet'> = (ctx, p) => {
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const rules = ctx.ruleset.combatantRules
  if (!rules) return fail('rules/unsupported', `The ${ctx.ruleset.name} ruleset keeps no per-combatant data.`)
  return sheetDecision(ctx, found.value, rules.parse(rules.fromForm(p.values, found.value.rules)))
}

export const rollCheck: Decider<'check/roll'> = (ctx, p) => {
  const checks = ctx.ruleset.checks
  if (!checks) return fail('check/unsupported', `The ${ctx.ruleset.name} ruleset has no checks.`)
  const modes = checkModes(ctx.ruleset)
  if (!modes.includes(p.mode))
    return fail('check/mode', `The ${ctx.ruleset.name} ruleset does not roll checks "${p.mode}"; it offers: ${modes.join(', ')}.`)
  const found = findCombatant(ctx.state, p.combatantId)
  if (!found.ok) return found
  const request = { check: p.check, dc: p.dc, mode: p.mode, bonus: p.bonus }
  const c = found.value
  const roller = placedRulesCombatant(ctx.state, c)
  // Priced before any die is rolled: a check the turn cannot pay for changes nothing.
  const charge = checkCharge(ctx, c, checks.cost?.(request, roller) ?? null, p.free ?? false)
  if (!charge.ok) return charge
  const r = checks.roll(request, roller, ctx.dice)
  if (!r.ok) return r
  const label = checks.list(roller).find((x) => x.key === p.check)?.label ?? p.check
  return ok({
    label: `${c.name}: check`,
    headline: { kind: 'check', whoId: c.id, label, success: r.value.success },
    events: [
      ...(charge.value.patch ? [{ type: 'combatant/turnStateChanged' as const, combatantId: c.id, patch: charge.value.patch }] : []),
      ctx.log(`${r.value.summary}${charge.value.note}`, {
        rolls: r.value.rolls,
        detail: r.value.detail,
        visibility: c.kind === 'pc' ? visibilityOf(c) : 'gm',
        subjects: [c.id],
      }),
    ],
  })
}

/** Any other rules action (reload, stabilise, one aimed at an area…): the ruleset resolves it, the log keeps the working. */
export const performAction: Decider<'action/perform'> = (ctx, p) => {
  const actions = ctx.ruleset.actions
  if (!actions) return fail('action/unsupported', `The ${ctx.ruleset.name} ruleset has no actions.`)
  const actor = findCombatant(ctx.state, p.request.actorId)
  if (!actor.ok) return actor
  let target: CombatantRecord | null = null
  if (p.request.targetId) {
    const t = findCombatant(ctx.state, p.request.targetId)
    if (!t.ok) return t
    target = t.value
  }
  // Only the ruleset knows which of its actions take an area: its own list says so.
  const placed = placedRulesCombatant(ctx.state, actor.value)
  const definition = actions.offer ? actions.offer(placed, p.request.action) : actions.list(placed).find((d) => d.key === p.request.action)
  const area = targetArea(ctx.state, p.request, definition?.target === 'area', definition?.label ?? p.request.action, target)
  if (!area.ok) return area
  // Where both stand: the map's, or the GM's typed distance with positions set aside (logged).
  const placement = placeAct(ctx.state, p.request.options, actor.value, target)
  if (!placement.ok) return placement
  const request = { ...p.request, options: placement.value.options }
  const r = actions.perform(
    request,
    placement.value.actor,
    placement.value.target,
    ctx.dice,
    rulesCombatantsOnScene(ctx.state),
    area.value ?? undefined,
    () => allRulesCombatants(ctx.state),
    wallsInPlay(ctx.state),
  )
  if (!r.ok) return r
  // A burst that came down elsewhere (a scattered grenade) is judged, and drawn, where it landed.
  const landing = landArea(ctx.state, area.value, r.value.landed)
  if (!landing.ok) return landing
  const where = landing.value.area
  const checked = checkAreaEffects(r.value, where, actor.value.id, target?.id ?? null)
  if (!checked.ok) return checked
  const a = actor.value
  const others = (r.value.areaEffects ?? []).flatMap((e) => {
    const c = ctx.state.get(e.combatantId)
    return c?.typeName === 'combatant' ? [{ effect: e, c }] : []
  })
  // A hidden template, or anyone hidden or an NPC under it, keeps the numbers with the GM.
  const seenByTable = (c: CombatantRecord) => !c.hidden && c.kind === 'pc'
  const visibility =
    a.kind === 'pc' && !a.hidden && (!target || seenByTable(target)) && !where?.hidden && others.every((o) => seenByTable(o.c))
      ? 'all'
      : 'gm'
  const events: DomainEvent[] = [...landing.value.events]
  if (r.value.actorRules !== null)
    events.push({ type: 'combatant/rulesChanged', combatantId: a.id, rules: r.value.actorRules, maxHp: null })
  if (r.value.actorHp !== a.hp) events.push({ type: 'combatant/hpChanged', combatantId: a.id, hp: r.value.actorHp })
  if (target && r.value.targetRules !== null)
    events.push({ type: 'combatant/rulesChanged', combatantId: target.id, rules: r.value.targetRules, maxHp: null })
  if (target && r.value.targetHp !== null && r.value.targetHp !== target.hp)
    events.push({ type: 'combatant/hpChanged', combatantId: target.id, hp: r.value.targetHp })
  for (const { effect, c } of others) {
    if (effect.rules !== null) events.push({ type: 'combatant/rulesChanged', combatantId: c.id, rules: effect.rules, maxHp: null })
    if (effect.hp !== null && effect.hp !== c.hp) events.push({ type: 'combatant/hpChanged', combatantId: c.id, hp: effect.hp })
  }
  const subjects = [a.id, ...(target ? [target.id] : []), ...others.map((o) => o.c.id)]
  const note = overrideNote(placement.value)
  if (note) events.push(ctx.log(note, { visibility: 'gm', subjects }))
  events.push(ctx.log(r.value.summary, { rolls: r.value.rolls, detail: r.value.detail, visibility, subjects }))
  const more = consequenceEvents(ctx, a, r.value)
  if (!more.ok) return more
  return ok({
    label: `${a.name}: ${p.request.action}`,
    events: [...events, ...more.value],
    headline: {
      kind: 'action',
      actorId: a.id,
      label: definition?.label ?? p.request.action,
      targetId: target?.id ?? null,
      ...(r.value.outcome ? { outcome: r.value.outcome } : {}),
      // A hidden template (the GM's mine) is not named to the table.
      ...(where && !where.hidden
        ? { area: { label: areaMarkLabel(where), scattered: landing.value.scattered, underIds: where.inside.map((c) => c.id) } }
        : {}),
    },
  })
}

/** One attack through the campaign's ruleset: its dice, its working, its effect on both sides. */
export const resolveAttack: Decider<'attack/resolve'> = (ctx, p) => {
  const attacks = ctx.ruleset.attacks
  if (!attacks) return fail('attack/unsupported', `The ${ctx.ruleset.name} ruleset does not resolve attacks.`)
  const attacker = findCombatant(ctx.state, p.request.attackerId)
  if (!attacker.ok) return attacker
  const target = findCombatant(ctx.state, p.request.targetId)
  if (!target.ok) return target
  // Where both stand: the map's, or the GM's typed distance with positions set aside (logged).
  const placement = placeAct(ctx.state, p.request.options, attacker.value, target.value)
  if (!placement.ok) return placement
  const r = attacks.resolve(
    { ...p.request, options: placement.value.options },
    placement.value.actor,
    placement.value.target!,
    ctx.dice,
    () => allRulesCombatants(ctx.state),
    aimAtFrom(ctx.state, p.request.options, attacker.value),
  )
  if (!r.ok) return r
  const a = attacker.value
  const t = target.value
  // A shot that strayed (000 Firing into Melee) changes, and is told of, the one it reached.
  const struck = r.value.struck === undefined ? t : ctx.state.get(r.value.struck)
  if (struck?.typeName !== 'combatant' || struck.id === a.id)
    return fail('attack/badStruck', `The ${ctx.ruleset.name} ruleset sent the shot to someone not in this campaign.`)
  const strayed = struck.id !== t.id
  const note = overrideNote(placement.value)
  const overridden = note ? [ctx.log(note, { visibility: 'gm', subjects: [a.id, t.id] })] : []
  // Numbers about a hidden or NPC target (or whoever the shot reached) stay with the GM.
  const visibility = a.hidden || t.hidden || t.kind === 'npc' || struck.hidden || struck.kind === 'npc' ? 'gm' : visibilityOf(t)
  const subjects = strayed ? [a.id, t.id, struck.id] : [a.id, t.id]
  // The attack's own line first, so what it set off (conditions, reactions) reads after it in the log.
  const summary = ctx.log(r.value.summary, { rolls: r.value.rolls, visibility, detail: r.value.detail, subjects })
  const more = consequenceEvents(ctx, a, r.value)
  if (!more.ok) return more
  return ok({
    label: `${a.name} attacks ${t.name}`,
    headline: { kind: 'attack', actorId: a.id, targetId: struck.id, hits: r.value.hits ?? null },
    events: [
      ...(r.value.attackerRules !== null
        ? [{ type: 'combatant/rulesChanged' as const, combatantId: a.id, rules: r.value.attackerRules, maxHp: null }]
        : []),
      ...(r.value.targetRules !== null
        ? [{ type: 'combatant/rulesChanged' as const, combatantId: struck.id, rules: r.value.targetRules, maxHp: null }]
        : []),
      ...(r.value.targetHp !== struck.hp ? [{ type: 'combatant/hpChanged' as const, combatantId: struck.id, hp: r.value.targetHp }] : []),
      ...(r.value.attackerHp !== undefined && r.value.attackerHp !== a.hp
        ? [{ type: 'combatant/hpChanged' as const, combatantId: a.id, hp: r.value.attackerHp }]
        : []),
      ...overridden,
      summary,
      ...more.value,
    ],
  })
}
