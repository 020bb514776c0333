import type { AttackRequest } from '../../../../src-shared/attack'
import type { RollRecord } from '../../../../src-shared/dice'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { AttackResolution, ConditionChange, ConditionGrant, PromptDraft, RulesCombatant } from '../../ruleset'
import { DOC, REACTIONS } from '../d20-terms'
import { note } from '../../kit/modifier'
import { BERSERK, GUARDED } from '../statuses/conditions'
import { grantStatus } from '../statuses/grants'
import { damageEndsStun } from '../statuses/stun'
import type { D20Sheet } from '../sheet/d20-sheet'
import { withAttack, withReaction } from '../turns/economy'
import { plural, plusTerm } from '../../kit/format'
import { afterFiring, roundsThatHit } from './ammunition'
import { attackExplanation } from './attack-explain'
import { isMelee } from './attack-types'
import { engagementAfter } from './engagement'
import { completeSetup, readAttack, refusalOf, type AttackSetup } from './attack-setup'
import { counterPrompt } from './counter-prompts'
import { critEffectOf, rollCritEffect } from './crit-effects'
import { damageOf } from './damage'
import { hits, isCritical } from './hit-test'
import { DEFENCE_LABELS, defenceStops } from './reactions'
import { d20Sheets } from '../sheet/d20-sheets'

interface Landed {
  readonly damage: number
  readonly critical: boolean
}

/** After a hit lands: the critical's effect by damage type and the weapon's status (W5). */
function afterLanding(
  s: AttackSetup,
  landed: Landed,
  dice: Dice,
  rolls: RollRecord[],
  lines: string[],
): { target: D20Sheet; grants: ConditionGrant[] } {
  let target = s.target
  const grants: ConditionGrant[] = []
  const effect = landed.critical ? critEffectOf(s.arm.weapon.damageType) : null
  const fx = effect ? rollCritEffect(effect, target, s.t.name, dice) : null
  if (effect && fx) {
    rolls.push(fx.roll)
    lines.push(fx.line)
    if (fx.happened && effect.kind === 'bleed') {
      const g = grantStatus('bleeding', 1, s.t.id, s.a.id, dice, `critical ${s.arm.weapon.damageType}`)
      rolls.push(...g.rolls)
      lines.push(g.line)
      grants.push(g.grant)
    } else if (fx.happened && effect.kind === 'stun') {
      const g = grantStatus('stunned', 1, s.t.id, s.a.id, dice, 'critical aether')
      lines.push(g.line)
      grants.push(g.grant)
    } else if (fx.happened && effect.kind === 'dent') {
      const dents = target.live.armourDamage + 1
      const destroyed = target.armourRating - dents <= 0
      lines.push(
        destroyed
          ? `${s.t.name}'s ${target.armour} is destroyed (${DOC.damageTypes})`
          : `${s.t.name}'s armour rating ${target.armourRating - dents + 1} → ${target.armourRating - dents} until repaired`,
      )
      target = { ...target, armour: destroyed ? null : target.armour, live: { ...target.live, armourDamage: dents } }
    }
  }
  if (s.inflicts) {
    const g = grantStatus(s.inflicts.status, s.inflicts.x, s.t.id, s.a.id, dice, `the ${s.arm.weapon.name}`)
    rolls.push(...g.rolls)
    lines.push(g.line)
    grants.push(g.grant)
  }
  return { target, grants }
}

/** The states the attack types leave on the attacker until its next turn (`003 Attack Types`). */
function attackerGrants(s: AttackSetup): ConditionGrant[] {
  const until = { kind: 'turnStart' as const, of: s.a.id }
  const grant = (conditionId: string): ConditionGrant => ({ conditionId, stacks: 1, duration: until, sourceId: s.a.id, data: null })
  if (s.mode === 'berserk') return [grant(BERSERK)]
  if (s.mode === 'defensive strike') return [grant(GUARDED)]
  return []
}

/** W3–W5: rolls the hit test, the target's reaction, the damage and what a critical sets off. */
export function resolveD20Attack(request: AttackRequest, a: RulesCombatant, t: RulesCombatant, dice: Dice): Result<AttackResolution> {
  const read = readAttack(request, a, t)
  if (!read.ok) return read
  // Judged before the odds are worked out: nothing of the setup but its refusal is read then.
  const refused = refusalOf(read.value)
  if (refused.refusal) return fail(refused.refusalCode, refused.refusal)
  const s = completeSetup(read.value, refused)
  const w = s.arm.weapon
  const rolls: RollRecord[] = []
  const lines: string[] = []
  const hitRoll = dice.roll({ count: 1, sides: 20, modifier: s.hitBonus }, `${a.name}: hit test (W3)`)
  rolls.push(hitRoll)
  const natural = hitRoll.faces[0]!
  const critical = isCritical(natural, w.critFrom)
  let target = s.target
  let outcome = hits(natural, s.hitBonus, w.critFrom, s.armourRating) ? (critical ? 'critical hit' : 'hit') : 'miss'
  const prompts: PromptDraft[] = []
  const reacted = outcome !== 'miss' && !!s.defence
  if (outcome !== 'miss' && s.defence) {
    // W4: after a successful hit test, before damage; the reaction is spent whatever it does (W2).
    const d = dice.roll({ count: 1, sides: 20, modifier: s.defence.bonus }, `${t.name}: ${DEFENCE_LABELS[s.defence.kind]} (W4)`)
    rolls.push(d)
    target = withReaction(target, s.defence.kind, true)
    const stops = defenceStops(d.faces[0]!, d.total, hitRoll.total, critical)
    lines.push(
      `${t.name}'s ${DEFENCE_LABELS[s.defence.kind]} ${d.total} vs ${hitRoll.total}${critical ? ' (critical: needs a natural 20)' : ''}: ${stops ? 'stops it' : 'fails'} (W4)`,
    )
    if (stops) {
      outcome = `stopped by ${DEFENCE_LABELS[s.defence.kind]}`
      const counter = counterPrompt(s)
      if (counter) prompts.push(counter)
    }
  }
  let hp = t.hp
  const grants: ConditionGrant[] = []
  const landed = outcome === 'hit' || outcome === 'critical hit'
  let damage = 0
  // SR-D20-30: a burst or full auto lands more rounds the more the hit test beats the armour.
  const roundsHit = landed ? roundsThatHit(hitRoll.total, s.armourRating, s.rounds) : 0
  if (landed) {
    for (let i = 0; i < roundsHit; i++) {
      // W3: the critical doubles the dice of the round the hit test was for; the rest land as ordinary hits.
      const spec = critical && i === 0 ? s.damage.critical : s.damage.normal
      const which = roundsHit > 1 ? `, round ${i + 1} of ${roundsHit}` : ''
      const roll = dice.roll({ count: w.dice.count, sides: w.dice.sides, modifier: 0 }, `${a.name}: ${w.name} damage${which}`)
      rolls.push(roll)
      damage += damageOf(roll.total, spec)
    }
    hp = Math.max(0, t.hp - damage)
    const after = afterLanding({ ...s, target }, { damage, critical }, dice, rolls, lines)
    target = after.target
    grants.push(...after.grants)
  }
  const changes: ConditionChange[] = []
  // `003 Statuses` Stunned: damage ends it (a new stun from this very hit then starts afresh).
  const unstun = damageEndsStun(damage, t.conditions)
  if (grants.length || unstun)
    changes.push({ combatantId: t.id, ...(unstun ? { remove: ['stunned'] } : {}), ...(grants.length ? { add: grants } : {}) })
  const mine = attackerGrants(s)
  if (mine.length) changes.push({ combatantId: a.id, add: mine })
  // The rounds are spent whether they hit or not (SR-D20-30).
  const fired = afterFiring(s.attacker, s.arm.index, s.rounds)
  const spent = s.asReaction ? withReaction(fired, 'opportunity', true) : withAttack(fired)
  // `003 Engaged` (SR-D20-32): a melee attack engages both; a foe downed leaves the melee.
  const engaged = engagementAfter(
    { id: a.id, name: a.name, sheet: spent, hp: a.hp },
    { id: t.id, name: t.name, sheet: target, hp },
    s.arm.index,
    { melee: isMelee(w.attack), opportunity: s.asReaction },
  )
  const verb = s.asReaction ? 'makes an attack of opportunity on' : s.mode === 'cast' ? 'casts at' : 'attacks'
  const hitsText = s.rounds > 1 ? `, ${roundsHit} of ${plural(s.rounds, 'round')} hit` : ''
  const result = landed
    ? `${outcome}${hitsText}, ${damage} damage`
    : s.rounds > 1
      ? `${outcome} (${plural(s.rounds, 'round')} fired)`
      : outcome
  const summary = `${a.name} ${verb} ${t.name} with the ${w.name} (${s.mode}): hit test ${hitRoll.total} vs AR ${s.armourRating}: ${result}${lines.length ? `; ${lines.join('; ')}` : ''}`
  return ok({
    attackerRules: d20Sheets.store(engaged.attacker),
    targetRules: d20Sheets.store(engaged.target),
    targetHp: hp,
    summary,
    detail: [
      ...attackExplanation(s),
      {
        title: 'Rolled',
        lines: [
          note('Hit test', `${plusTerm(String(natural), s.hitBonus)} = ${hitRoll.total}`, 'W3'),
          ...lines.map((l) => note(l, '', 'W4–W5')),
        ],
      },
    ],
    rolls,
    cost: s.cost,
    ...(s.asReaction ? { outOfTurn: 'reaction' as const } : {}),
    // W2: the defender's reaction comes off its own pool, so its pips show it at once.
    ...(reacted ? { othersSpend: [{ combatantId: t.id, pool: REACTIONS, amount: 1 }] } : {}),
    ...(changes.length ? { conditions: changes } : {}),
    ...(prompts.length ? { prompts } : {}),
  })
}
