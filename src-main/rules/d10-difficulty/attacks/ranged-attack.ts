import type { FormField, AttackPreview, AttackRequest, ExplanationSection } from '../../../../src-shared/attack'
import type { RollRecord } from '../../../../src-shared/dice'
import { TYPED_DISTANCE } from '../../../../src-shared/geometry'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { AttackResolution, RulesCombatant } from '../../ruleset'
import { rollTerms, skillTerms } from '../checks/d10-check'
import { d10Sheets } from '../d10-sheet-access'
import { termsSection } from '../d10-terms'
import { type Modifier, sumModifiers } from '../../kit/modifier'
import { percent } from '../../kit/format'
import { diceDistribution } from '../damage/damage-dice'
import { perHitDistribution } from '../damage/hit-zones'
import { rollHit, type RolledHit } from '../damage/roll-hit'
import { burstRoundHits } from '../ranged/burst'
import { rollMalfunction, stoppageRefusal } from '../ranged/weapon-stoppage'
import { MALFUNCTION_CHANCE } from '../ranged/malfunction'
import {
  AIMED_ZONES,
  rangedDifficulty,
  SIZE_OF_STANCE,
  SIZES,
  type AimedZone,
  type Difficulty,
  type RangedSituation,
} from '../ranged/difficulty'
import { hitCountChances, volleyDamage } from '../ranged/ranged-odds'
import { MOVEMENTS, SKILL_LABELS, STANCES, type D10Sheet } from '../sheet/d10-sheet'
import { actionSpentRefusal, oneAction } from '../turns/d10-economy'
import { blockedPreview, choice, diceText, oddsPreview, surprisedRefusal, usesAmmo, type Sides } from './attack-shared'
import { rangeTo } from '../ranged/range-to'
import { optionBool, optionNumber, optionOneOf } from '../../kit/options'

/** The request option a suppressing-fire prompt sets: the GM's out-of-turn shot (`002` Suppressing Fire). */
export const SUPPRESSION_SHOT = 'suppressionShot'

interface Prepared {
  readonly situation: RangedSituation
  readonly difficulty: Difficulty
  readonly check: Modifier[]
  readonly skill: 'firearms' | 'throwing'
  readonly mode: string
  readonly rounds: number
  readonly shot: boolean
  /** The aimed zone as set ('roll': none). */
  readonly zone: string
}

/** The situation from both sheets and the map, overridden by whatever the GM set. */
function prepare(request: AttackRequest, sides: Sides, a: RulesCombatant, t: RulesCombatant): Prepared {
  const { attacker, target, weapon } = sides
  const o = request.options
  const modes = sides.weaponList.find((w) => w.index === request.weapon)?.modes ?? ['single']
  const mode = modes.includes(request.mode) ? request.mode : modes[0]!
  const rounds = mode === 'burst' ? Math.max(1, Math.min(weapon.burst, usesAmmo(weapon) ? weapon.ammo : weapon.burst)) : 1
  const aimed = attacker.live.aim?.targetId === t.id ? attacker.live.aim.count : 0
  const zone = optionOneOf(o, 'zone', ['roll', ...AIMED_ZONES], 'roll')
  const situation: RangedSituation = {
    // SR-D10-43: the tokens' distance on the map; typed (or 20 m) only off it.
    distance: rangeTo(o, a, t),
    effectiveRange: weapon.effectiveRange,
    size: optionOneOf(o, 'size', SIZES, SIZE_OF_STANCE[target.live.stance]),
    targetMovement: optionOneOf(o, 'targetMovement', MOVEMENTS, target.live.movement),
    shooterMovement: optionOneOf(o, 'shooterMovement', MOVEMENTS, attacker.live.movement),
    shooterStance: optionOneOf(o, 'shooterStance', STANCES, attacker.live.stance),
    environment: optionNumber(o, 'environment') ?? 0,
    misc: optionNumber(o, 'misc') ?? 0,
    aims: Math.max(0, Math.trunc(optionNumber(o, 'aims') ?? aimed)),
    aimedZone: zone === 'roll' ? null : (zone as AimedZone),
  }
  const skill = weapon.kind === 'thrown' ? 'throwing' : 'firearms'
  const shot = optionBool(o, SUPPRESSION_SHOT) === true
  return { situation, difficulty: rangedDifficulty(situation), check: skillTerms(attacker, skill), skill, mode, rounds, shot, zone }
}

/** The attack panel's fields for the situation as prepared: only a preview shows them, a resolve never reads them. */
function optionsOf(p: Prepared): FormField[] {
  const { situation, zone, shot } = p
  return [
    { key: TYPED_DISTANCE, label: 'Distance', kind: 'number', value: situation.distance, unit: 'm', min: 0, max: 10_000 },
    choice('size', 'Target size', situation.size, SIZES),
    choice('targetMovement', 'Target movement', situation.targetMovement, MOVEMENTS),
    choice('shooterMovement', 'Shooter movement', situation.shooterMovement, MOVEMENTS),
    choice('shooterStance', 'Shooter stance', situation.shooterStance, STANCES),
    { key: 'environment', label: 'Environment (light, wind…)', kind: 'number', value: situation.environment, min: -20, max: 20 },
    { key: 'misc', label: 'Other modifiers', kind: 'number', value: situation.misc, min: -20, max: 20 },
    { key: 'aims', label: 'Aim actions this round (−2 each)', kind: 'number', value: situation.aims, min: 0, max: 10 },
    choice('zone', 'Aim at a zone', zone, ['roll', ...AIMED_ZONES], (z) => (z === 'roll' ? 'No (roll 2d6)' : z)),
    ...(shot
      ? [{ key: SUPPRESSION_SHOT, label: 'Out-of-turn shot while suppressing', kind: 'toggle', value: true } satisfies FormField]
      : []),
  ]
}

const costText = (shot: boolean) => (shot ? 'free (suppressing fire)' : '1 action (a reaction out of turn)')

function refusal(p: Prepared, sides: Sides, a: RulesCombatant): string | null {
  if (!p.difficulty.ok) return p.difficulty.reason
  if (usesAmmo(sides.weapon) && sides.weapon.ammo === 0) return `The ${sides.weapon.name} is empty: reload first.`
  if (sides.weapon.blast) return `The ${sides.weapon.name} is thrown at an area: use "Throw a grenade" with a template (002 Grenades).`
  const stopped = stoppageRefusal(sides.weapon)
  if (stopped) return stopped
  return surprisedRefusal(a)
}

function explanation(p: Prepared, sides: Sides): ExplanationSection[] {
  const { weapon, target } = sides
  const out: ExplanationSection[] = [termsSection('Difficulty', p.difficulty.terms)]
  out.push(
    termsSection(`${SKILL_LABELS[p.skill]} check: d10 plus`, p.check, {
      label: 'a round hits iff the total reaches its difficulty (D1)',
      source: 'D1',
    }),
  )
  if (!p.difficulty.ok) return out
  const d = p.difficulty.difficulty
  const bonus = sumModifiers(p.check)
  const rounds = Array.from({ length: p.rounds }, (_, i) => ({
    label: `Round ${i + 1}: difficulty ${d + i * weapon.recoil}`,
    value: `d10 ≥ ${d + i * weapon.recoil - bonus}`,
    source: 'D5',
  }))
  if (p.rounds > 1) out.push({ title: `Burst of ${p.rounds}, recoil ${weapon.recoil}: one check`, lines: rounds })
  out.push({
    title: 'Each hit',
    lines: [
      { label: 'Zone', value: p.situation.aimedZone ? `${p.situation.aimedZone} (aimed, no roll)` : '2d6 on the zone table', source: 'D7' },
      { label: 'Damage', value: `${diceText(weapon)} ${weapon.damageType}`, source: '002 Damage' },
      {
        label: 'Target DR head/torso/arms/legs',
        value: `${target.dr.head}/${target.dr.torso}/${target.dr.arms}/${target.dr.legs}`,
        source: 'D7',
      },
    ],
  })
  return out
}

export function previewRanged(sides: Sides): AttackPreview {
  const { request, a, t } = sides
  const p = prepare(request, sides, a, t)
  const base = { weapons: sides.weaponList, options: optionsOf(p), cost: costText(p.shot) }
  const blocked = refusal(p, sides, a)
  if (blocked || !p.difficulty.ok) return blockedPreview(base, explanation(p, sides), blocked ?? 'cannot be made')
  const { weapon, target } = sides
  const hits = hitCountChances({
    bonus: sumModifiers(p.check),
    difficulty: p.difficulty.difficulty,
    recoil: weapon.recoil,
    rounds: p.rounds,
  })
  const damage = volleyDamage(
    hits,
    perHitDistribution(diceDistribution(weapon.damage), p.situation.aimedZone, weapon.damageType, target.dr),
  )
  const outcomes =
    p.rounds === 1
      ? [
          { label: 'Miss', probability: hits[0]! },
          { label: 'Hit', probability: hits[1]! },
        ]
      : hits.map((probability, k) => ({ label: `${k} of ${p.rounds} hit`, probability }))
  const preview = oddsPreview(base, {
    headline: `${p.situation.distance} m · ${p.difficulty.band} range (E ${weapon.effectiveRange} m) · difficulty ${p.difficulty.difficulty} · hit ${percent(1 - hits[0]!)}`,
    outcomes,
    damage,
    hp: t.hp,
    explanation: explanation(p, sides),
    diceHint: `d10 ${SKILL_LABELS[p.skill]} check; then for each hit${p.situation.aimedZone ? '' : ' 2d6 zone and'} ${diceText(weapon)} damage`,
  })
  // SR-D10-30: a natural 1 stops a firearm. The hit odds above leave the stoppage aside (a squib on a 1 that
  // would have hit, or a burst cut short, is at most one face in ten); the risk line gives its chance.
  return weapon.kind === 'firearm'
    ? { ...preview, risks: [{ label: 'malfunction (natural 1, SR-D10-30)', probability: MALFUNCTION_CHANCE }] }
    : preview
}

function hitLines(
  hits: readonly RolledHit[],
  roundsHit: readonly boolean[],
  difficulty: number,
  recoil: number,
  total: number,
): ExplanationSection {
  let next = 0
  return {
    title: 'Rounds',
    lines: roundsHit.map((hit, i) => {
      const need = difficulty + i * recoil
      if (!hit) return { label: `Round ${i + 1}: ${total} vs ${need}`, value: 'miss', source: 'D5' }
      const h = hits[next++]!
      return { label: `Round ${i + 1}: ${total} vs ${need}`, value: `hit — ${h.how} → ${h.damage}`, source: 'D5, D7' }
    }),
  }
}

export function resolveRanged(sides: Sides, dice: Dice): Result<AttackResolution> {
  const { request, a, t } = sides
  const p = prepare(request, sides, a, t)
  const blocked = refusal(p, sides, a)
  if (blocked || !p.difficulty.ok) return fail('attack/cannot', blocked ?? 'The attack cannot be made.')
  // An out-of-turn suppressing shot is free; any other shot pays the action (D3).
  const spentOut = p.shot ? null : actionSpentRefusal(a)
  if (spentOut) return fail('economy/notEnough', spentOut)
  const { weapon, attacker, target } = sides
  const difficulty = p.difficulty.difficulty
  const check = rollTerms(p.check, `${a.name}: ${SKILL_LABELS[p.skill]} at ${t.name}`, dice)
  // SR-D10-30, SR-D10-31: a natural 1 on a firearm's check is a stoppage, and a burst stops at it.
  const fault = rollMalfunction(weapon, p.rounds, check.roll, `${a.name}: ${weapon.name}`, dice)
  const fired = fault ? fault.fired : p.rounds
  const roundsHit = burstRoundHits(check.total, difficulty, weapon.recoil, fault ? fault.reaching : p.rounds)
  const rolls: RollRecord[] = [check.roll, ...(fault ? [fault.roll] : [])]
  const hits: RolledHit[] = []
  for (const hit of roundsHit) {
    if (!hit) continue
    const h = rollHit(weapon, p.situation.aimedZone, target.dr, `${a.name} → ${t.name}`, dice)
    rolls.push(...h.rolls)
    hits.push(h)
  }
  const damage = hits.reduce((s, h) => s + h.damage, 0)
  const spentAmmo = usesAmmo(weapon) ? fired : 0
  // `002` Taking Aim: the aim is used by firing (and is lost anyway when the round ends).
  const after: D10Sheet = {
    ...attacker,
    weapons: attacker.weapons.map((w, i) =>
      i === sides.slot ? { ...w, ammo: w.ammo - spentAmmo, ...(fault ? { stoppage: fault.stoppage, clearing: false } : {}) } : w,
    ),
    live: { ...attacker.live, aim: null },
  }
  const n = hits.length
  const outcome = p.rounds > 1 ? `${n} of ${p.rounds} hit` : n ? 'hit' : 'miss'
  const how = p.mode === 'burst' ? ` (burst of ${p.rounds})` : ''
  const verb = p.shot
    ? `takes an out-of-turn shot while suppressing with the ${weapon.name}${how} at`
    : `${weapon.kind === 'thrown' ? 'throws' : 'fires'} the ${weapon.name}${how} at`
  return ok({
    attackerRules: d10Sheets.store(after),
    targetRules: null,
    targetHp: t.hp - damage,
    summary: `${a.name} ${verb} ${t.name}: ${check.total} vs difficulty ${difficulty}, ${outcome}${n ? `, ${damage} damage (${hits.map((h) => h.struck).join(', ')})` : ''}${fault ? `; ${fault.summary}` : ''}`,
    detail: [
      ...explanation(p, sides),
      hitLines(hits, roundsHit, difficulty, weapon.recoil, check.total),
      ...(fault ? [fault.section] : []),
    ],
    rolls,
    ...(p.shot ? { cost: [], outOfTurn: 'free' as const } : { cost: oneAction }),
  })
}
