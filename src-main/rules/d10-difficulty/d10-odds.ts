import type { ActionOdds, ActionRequest } from '../../../src-shared/attack'
import { centreDistance, tenths } from '../../../src-shared/geometry'
import { ok, type Result } from '../../../src-shared/result'
import type { RulesCombatant, TargetArea } from '../ruleset'
import { actOdds, contest } from '../kit/act-odds'
import { die, mapDistribution, sortedPairs } from '../kit/distribution'
import { percent } from '../kit/format'
import { sumModifiers } from '../kit/modifier'
import { attributeTerms } from './checks/d10-check'
import { SUPPRESSED } from './d10-conditions'
import { d10Sheets } from './d10-sheet-access'
import { diceDistribution } from './damage/damage-dice'
import { hitDamage } from './damage/hit-zones'
import { rangedDifficulty, SIZE_OF_STANCE } from './ranged/difficulty'
import { hitCountChances } from './ranged/ranged-odds'
import { suppressionSchema } from './suppression/suppress'
import { performSuppress } from './suppression/suppress'
import { FIRE_SQUIB } from './turns/d10-clear'
import { REACTION_CONTEST } from './turns/d10-contest'
import { THROW_GRENADE } from './turns/d10-grenade'
import { d10GrenadeOdds } from './turns/grenade-odds'

/*
 * The odds of the d10 system's acts before they are rolled. Only the acts that roll are priced
 * here; the core says "no dice" for the rest (aim, reload, move, draw…), having asked the act.
 */

/** `002 Actions`, SR-D10-40: d10 + DEX modifier each, ties rolled again: who draws first. */
function contestOdds(actor: RulesCombatant, target: RulesCombatant | null): Result<ActionOdds> | null {
  const a = d10Sheets.of(actor)
  const b = target && target.id !== actor.id ? d10Sheets.of(target) : null
  if (!a || !b || !target) return null
  const mine = sumModifiers(attributeTerms(a, 'dex'))
  const theirs = sumModifiers(attributeTerms(b, 'dex'))
  const shift = (m: number) => mapDistribution(die(10), (v) => v + m)
  const c = contest(shift(mine), shift(theirs))
  return ok(
    actOdds(
      [
        { label: `${actor.name} acts first`, probability: c.first },
        { label: `${target.name} acts first`, probability: c.second },
      ],
      [
        {
          title: 'Reaction contest (002 Actions, SR-D10-40)',
          lines: [
            { label: `${actor.name}: d10 + DEX`, value: String(mine), source: '002 Actions' },
            { label: `${target.name}: d10 + DEX`, value: String(theirs), source: '002 Actions' },
            { label: 'Tied on a roll (both roll again)', value: percent(c.tie), source: 'SR-D10-40' },
          ],
        },
      ],
    ),
  )
}

/**
 * `002 Suppressing Fire`: laying the lane rolls nothing, and the target is suppressed for certain;
 * the dice come if it leaves cover, when the GM may allow the suppressor an out-of-turn shot,
 * priced here as the prompt will price it from where it stands now (SR-D10-43).
 */
function suppressOdds(request: ActionRequest, actor: RulesCombatant, target: RulesCombatant | null): Result<ActionOdds> | null {
  const sheet = d10Sheets.of(actor)
  if (!sheet) return null
  const laid = performSuppress(request, actor, sheet, target)
  if (!laid.ok) return laid
  const grant = laid.value.conditions?.flatMap((c) => c.add ?? []).find((g) => g.conditionId === SUPPRESSED)
  const data = suppressionSchema.safeParse(grant?.data)
  const mover = target ? d10Sheets.of(target) : null
  if (!target || !data.success || !mover) return null
  const d = data.data
  const distance = d.from && target.position ? tenths(centreDistance(d.from, target.position)) : d.distance
  const rounds = d.weapon.burst > 1 && d.bullets >= d.weapon.burst ? d.weapon.burst : 1
  const difficulty = rangedDifficulty({
    distance,
    effectiveRange: d.weapon.effectiveRange,
    size: SIZE_OF_STANCE[mover.live.stance],
    targetMovement: 'slow',
    shooterMovement: d.movement,
    shooterStance: d.stance,
    environment: 0,
    misc: 0,
    aims: 0,
    aimedZone: null,
  })
  const hit = difficulty.ok
    ? 1 - hitCountChances({ bonus: d.bonus, difficulty: difficulty.difficulty, recoil: d.weapon.recoil, rounds })[0]!
    : 0
  return ok(
    actOdds(
      [{ label: `${target.name} suppressed`, probability: 1 }],
      [
        {
          title: 'Suppressing fire (002 Suppressing Fire)',
          lines: [
            { label: 'Laying the lane', value: 'no roll', source: '002 Suppressing Fire' },
            {
              label: `The out-of-turn shot if ${target.name} leaves cover`,
              value: difficulty.ok ? `difficulty ${difficulty.difficulty} at ${distance} m` : difficulty.reason,
              source: 'D5, SR-D10-43',
            },
          ],
        },
      ],
      {
        each: [
          {
            name: `${target.name}, if it leaves cover`,
            outcomes: [
              { label: 'hit by the shot', probability: hit },
              { label: 'missed', probability: 1 - hit },
            ].filter((o) => o.probability > 0),
          },
        ],
        note: 'Laying the lane rolls no dice; the shot comes only if the target leaves cover and the GM allows it.',
      },
    ),
  )
}

/** SR-D10-33: the gun is wrecked for certain; the shooter's arms take the weapon's damage dice, less DR. */
function squibOdds(request: ActionRequest, actor: RulesCombatant): Result<ActionOdds> | null {
  const sheet = d10Sheets.of(actor)
  const slot = Number(request.options['weapon'] ?? sheet?.weapons.findIndex((w) => w.stoppage === 'squib'))
  const w = sheet?.weapons[slot]
  if (!sheet || !w || w.stoppage !== 'squib') return null
  const taken = mapDistribution(diceDistribution(w.damage), (raw) => hitDamage(raw, 'arms', w.damageType, sheet.dr).damage)
  return ok(
    actOdds(
      sortedPairs(taken).map(([n, p]) => ({ label: n === 0 ? 'gun wrecked, no harm' : `gun wrecked, ${n} damage`, probability: p })),
      [
        {
          title: 'Squib load fired anyway (SR-D10-33)',
          lines: [{ label: 'Damage to the arms, less DR', value: w.name, source: 'SR-D10-33, D7' }],
        },
      ],
    ),
  )
}

/** The d10 acts that roll, priced; null for the rest (the core asks whether they roll at all). */
export function d10ActionOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  onScene: readonly RulesCombatant[] = [],
  area?: TargetArea,
): Result<ActionOdds> | null {
  switch (request.action) {
    case THROW_GRENADE:
      return d10GrenadeOdds(request, actor, area, onScene)
    case REACTION_CONTEST:
      return contestOdds(actor, target)
    case 'suppress':
      return suppressOdds(request, actor, target)
    case FIRE_SQUIB:
      return squibOdds(request, actor)
    default:
      return null
  }
}
