import type { ExplanationSection } from '../../../src-shared/attack'
import type { RollRecord } from '../../../src-shared/dice'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { AttackResolution } from '../ruleset'
import { afterDamage } from './cx-edges'
import {
  firingCost,
  hunkerRefusal,
  opportunityRefusal,
  prepare,
  proficiencyRefusal,
  reactionRefusal,
  type RangedCall,
} from './cx-ranged-prepare'
import { optionString } from '../kit/options'
import { sharePrompt, shareText } from './cx-wide-share'
import { REACTION, reactionFiring } from './cx-suppression'
import { persistentDamageRemoval } from './dying/persistent-damage'
import { explainSteps } from './explain'
import { resolveRanged, roundsFor, type RangedResolution } from './ranged/resolve-ranged'
import { isWideEffect, rollStray, WIDE_SHARE } from './ranged/stray-shot'
import { grappleStateFrom } from './cx-grapple'
import { drawVictim, poolSection, strayPool, type StrayVictim } from './cx-stray-victims'
import { judgedDistance } from './cx-reach'
import { defenderOf, withDefender } from './sheet/cx-derived'
import { cxSheets } from './sheet/cx-sheet'
import { hitTheDirt } from './turns/hit-the-dirt'

function roundLines(r: RangedResolution): ExplanationSection {
  return {
    title: 'Rounds',
    lines: r.rounds.map((x, i) => ({
      label: `Round ${i + 1}: d10 ${x.natural}${x.jammed ? ' (jammed)' : ''}`,
      value: !x.hit
        ? 'miss'
        : `${x.critical === 'normal' ? 'hit' : x.critical} → ${x.hitResult?.toHealth ?? 0} to health${x.hitResult?.notes.length ? ` (${x.hitResult.notes.join('; ')})` : ''}${x.shockSave ? `; Shock save ${x.shockSave.total} vs ${x.shockSave.dc}: ${x.shockSave.passed ? 'stays up' : 'knocked out'}` : ''}`,
      source: 'CX7–CX15',
    })),
  }
}

export function resolveRangedAttack(call: RangedCall, dice: Dice): Result<AttackResolution> {
  const { sides, arm, a, t, library } = call
  const { attacker, target } = sides
  const { setup, stray, reaction, opportunity, sharedWith, sharedHits } = prepare(call)
  // SR-CX-193: refused before anything is spent or rolled.
  const unproficient = proficiencyRefusal(call)
  if (unproficient) return fail('attack/notProficient', unproficient)
  const sharedOption = optionString(call.request.options, WIDE_SHARE)
  if (sharedOption !== undefined && !sharedHits)
    return fail(
      'attack/badShare',
      `"${sharedOption}" is not a list of hits to share (normal, critical or extra-critical, comma-separated; SR-CX-64).`,
    )
  // SR-CX-64: a share is only ever the partner's half of a wide-effect gun's firing at a grapple;
  // anything else asking for guaranteed hits is refused.
  if (sharedHits && !isWideEffect(arm.item))
    return fail('attack/badShare', `The ${arm.item.name} is no flamethrower or buckshot: its hits are not shared (SR-CX-64).`)
  if (sharedHits && grappleStateFrom(t.conditions).kind === 'free')
    return fail('attack/badShare', `${t.name} is in no grapple: there is no wide-effect share to take (SR-CX-64).`)
  if (arm.carried.jammed && !sharedHits)
    return fail('attack/jammed', `The ${arm.item.name} is jammed: clear it with a Weapon check, DC 60 (CX9).`)
  const hunkered = hunkerRefusal(attacker, a.name, setup.aim)
  if (hunkered) return fail('attack/hunkered', hunkered)
  const notCqb = opportunity ? opportunityRefusal(arm) : null
  if (notCqb) return fail('attack/opportunityWeapon', notCqb)
  if (reaction) {
    const refused = reactionRefusal(arm, reaction, library)
    if (refused) return fail('attack/reactionLevel', refused)
  }
  // SR-CX-64: the partner's share of a wide-effect firing already paid for and fired.
  const price = sharedHits ? { cost: [], outOfTurn: 'free' as const } : firingCost(arm, setup.mode, reaction)
  const consequences = { cost: price.cost, ...(price.outOfTurn ? { outOfTurn: price.outOfTurn } : {}) }
  const reached: { rolls: RollRecord[]; detail: ExplanationSection[] } = { rolls: [], detail: [] }
  if (stray !== 'none' && !reaction) {
    const s = rollStray(stray, attacker.stats, setup.aim, dice)
    reached.rolls.push(s.roll)
    reached.detail.push(
      ...explainSteps([{ title: 'Who the shot reaches', modifiers: s.check.modifiers, rule: s.check.rule, total: s.total }]),
    )
    if (!s.reaches) {
      const spent = Math.min(roundsFor(setup), arm.carried.ammo)
      const why =
        stray === 'grappled' ? `d100 ${s.total} over ${50 + (s.check.modifiers[1]?.value ?? 0)}` : `Luck check ${s.total} vs DC 50`
      const rule = `000 ${stray === 'grappled' ? 'Grappling' : 'Firing into Melee'}`
      const strayed = `${a.name} fires the ${arm.item.name} at ${t.name}, but the shot strays (${why})`
      const reachDetail = explainSteps([
        { title: 'Who the shot reaches', modifiers: s.check.modifiers, rule: s.check.rule, total: s.total },
      ])
      const lost = (words: string, detail: ExplanationSection[], rolls: RollRecord[]): Result<AttackResolution> => {
        // The rounds are fired whoever they reach.
        const weapons = attacker.weapons.map((w) => (w === arm.carried ? { ...w, ammo: w.ammo - spent } : w))
        return ok({
          attackerRules: cxSheets.store({ ...attacker, weapons }),
          targetRules: null,
          targetHp: t.hp,
          summary: `${strayed}: ${words}`,
          detail: [...reachDetail, ...detail],
          rolls: [s.roll, ...rolls],
          ...consequences,
        })
      }
      if (!call.strayAim)
        return lost(
          `resolve it against ${stray === 'grappled' ? 'the other grappler' : 'another combatant in the melee'} (${rule})`,
          [],
          [],
        )
      // SR-CX-180: the one it reaches is drawn with the dice among those it could hit, and the shot
      // is resolved on that one in this same command.
      const pool = strayPool(a, t, stray, call.strayAim)
      const drawn = drawVictim(pool, dice)
      const drawRolls = drawn?.roll ? [drawn.roll] : []
      if (!drawn) {
        const none = pool.passedOver.length
          ? `no one else ${stray === 'grappled' ? 'in the grapple' : 'in the melee'} can be hit (${pool.passedOver.map((x) => x.why).join('; ')})`
          : `no one else is ${stray === 'grappled' ? 'in the grapple' : 'in melee'} with ${t.name}`
        return lost(`${none}, so it hits no one (${rule}, SR-CX-181)`, [poolSection(pool, null)], [])
      }
      const onVictim = resolveRangedAttack(strayCall(call, drawn.victim, setup.aim), dice)
      if (!onVictim.ok) return lost(`${drawn.words}, but ${onVictim.error.message} (${rule})`, [poolSection(pool, drawn.victim)], drawRolls)
      const v = onVictim.value
      return ok({
        ...v,
        struck: drawn.victim.combatant.id,
        summary: `${strayed}: ${drawn.words} (${rule}) — ${v.summary}`,
        detail: [...reachDetail, poolSection(pool, drawn.victim), ...v.detail],
        rolls: [s.roll, ...drawRolls, ...v.rolls],
      })
    }
  }
  const firing = reaction
    ? reactionFiring(reaction)
    : sharedHits
      ? { ammoInMagazine: sharedHits.length, sharedHits }
      : { ammoInMagazine: arm.carried.ammo }
  const r = resolveRanged(setup, defenderOf(target, t.hp, library), dice, firing)
  if (r.kind === 'impossible') return fail('attack/impossible', r.reason)
  // A reaction's rounds left the magazine with the Suppress action (CX24); a jam still counts.
  const spent = reaction || sharedHits ? 0 : r.ammoSpent
  const weapons = attacker.weapons.map((w) =>
    w === arm.carried ? { ...w, ammo: w.ammo - spent, jammed: sharedHits ? w.jammed : r.jammed } : w,
  )
  const damaged = afterDamage(withDefender(target, r.defender), t.hp, r.defender.health, r.unconscious)
  let nextTarget = damaged.combatant
  const hits = r.rounds.filter((x) => x.hit).length
  const toHealth = r.rounds.reduce((sum, x) => sum + (x.hitResult?.toHealth ?? 0), 0)
  const notes: string[] = []
  // CX21: a standing combatant outside cover who is shot at and stays up hits the dirt; the
  // lost action is spent when its next turn starts (cx-edges).
  const dive = hitTheDirt({ stance: target.live.stance, cover: setup.target.cover, up: r.defender.health >= 1 && !r.unconscious })
  if (dive.kind === 'hits-the-dirt') {
    nextTarget = { ...nextTarget, live: { ...nextTarget.live, stance: dive.stance, loseFirstAction: true } }
    notes.push(`${t.name} hits the dirt: prone, and loses the first action of its next turn (CX21)`)
  }
  if (r.unconscious) notes.push(`${t.name} is knocked out (CX15)`)
  if (r.defender.health < 1 && t.hp >= 1) notes.push(`${t.name} is downed (CX27)`)
  if (r.jammed) notes.push(`the ${arm.item.name} jams (CX9)`)
  const modeText = setup.mode === 'semi' ? '' : ` (${setup.mode})`
  const outcome =
    reaction && REACTION[reaction].automatic
      ? `${hits} automatic hit${hits === 1 ? '' : 's'}`
      : r.rounds.length > 1
        ? `${hits} of ${r.rounds.length} hit`
        : hits
          ? 'hit'
          : 'miss'
  const verb = reaction
    ? `answers ${t.name} breaking cover (${reaction} suppression, CX26) with the ${arm.item.name}`
    : `${opportunity ? `makes an opportunity attack (000) with the ${arm.item.name}${setup.aim === 'hip' ? ', from the hip,' : ''} at` : `fires the ${arm.item.name}${modeText} at`} ${t.name}`
  const shared = shareText(setup, sharedWith, sharedHits)
  if (shared) notes.push(shared)
  const summary = `${a.name} ${verb}: ${outcome}${hits ? `, ${toHealth} damage to health` : ''}${notes.length ? `; ${notes.join('; ')}` : ''}`
  return ok({
    attackerRules: cxSheets.store({ ...attacker, weapons }),
    targetRules: cxSheets.store(nextTarget),
    targetHp: r.defender.health,
    summary,
    // The table's line says "2 of 3 hit" (issue 16).
    hits: { landed: hits, of: r.rounds.length },
    detail: [...reached.detail, ...explainSteps(r.steps), roundLines(r)],
    rolls: [...reached.rolls, ...r.rolls],
    ...consequences,
    ...sharePrompt(call, sharedWith, r),
    // `000` Stabilize: the downed target's bleeds and burns fall off (SR-CX-10).
    ...(damaged.persistentDamageFallsOff ? { conditions: [persistentDamageRemoval(t.id)] } : {}),
  })
}

/**
 * The same firing turned on the one a stray reached (`000` Firing into Melee: "your attack then
 * proceeds as normal"): its own distance, cover and stance (the panel's were set for the target),
 * the shooter's aim as it was, and no second stray check.
 */
function strayCall(call: RangedCall, victim: StrayVictim, aim: string): RangedCall {
  const { cover: _cover, stance: _stance, ...options } = call.request.options
  const request = { ...call.request, targetId: victim.combatant.id, options: { ...options, aim, stray: 'none' } }
  const distance = judgedDistance(call.request, call.a, victim.combatant)
  return {
    ...call,
    t: victim.combatant,
    sides: { ...call.sides, target: victim.sheet },
    request: { ...request, options: { ...request.options, distance } },
  }
}
