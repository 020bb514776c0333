import type { AttackPreview, ExplanationSection } from '../../../src-shared/attack'
import { percent } from '../kit/format'
import { blockedPreview } from './cx-attack-shared'
import {
  firingCost,
  opportunityAim,
  hunkerRefusal,
  opportunityRefusal,
  prepare,
  proficiencyRefusal,
  reactionRefusal,
  type Prepared,
  type RangedCall,
} from './cx-ranged-prepare'
import { REACTION, reactionFiring } from './cx-suppression'
import { explainSteps } from './explain'
import { rangedOdds } from './odds/ranged-odds'
import { strayCheck } from './ranged/stray-shot'
import { opponentsOf } from './cx-engagement'
import { poolSection, strayPool, type StrayPool } from './cx-stray-victims'
import { defenderOf } from './sheet/cx-derived'
import type { SuppressionLevel } from './turns/suppression'

export function previewRanged(call: RangedCall): AttackPreview {
  const { sides, arm, t, library } = call
  const prepared = prepare(call)
  if (prepared.reaction) return previewReaction(prepared, prepared.reaction, call)
  const { setup, options, stray } = prepared
  // The chance the shot goes to the intended target at all; the rest strays to someone else.
  const reach = stray === 'none' ? null : strayCheck(stray, sides.attacker.stats, setup.aim)
  const p = reach?.chance ?? 1
  const base = { weapons: sides.weaponList, options, cost: firingCost(arm, setup.mode, null).text }
  const blockedBy =
    proficiencyRefusal(call) ??
    (arm.carried.jammed
      ? `The ${arm.item.name} is jammed: clear it with a Weapon check, DC 60 (CX9).`
      : arm.carried.ammo === 0
        ? 'The magazine is empty: reload first.'
        : (hunkerRefusal(sides.attacker, call.a.name, setup.aim) ?? (prepared.opportunity ? opportunityRefusal(arm) : null)))
  const odds = rangedOdds(setup, defenderOf(sides.target, t.hp, library), { ammoInMagazine: arm.carried.ammo || 1 })
  if (odds.kind === 'impossible' || blockedBy) {
    return blockedPreview(base, explainSteps(odds.steps), blockedBy ?? (odds.kind === 'impossible' ? odds.reason : null))
  }
  const f = odds.firstRound
  const brackets = arm.item.brackets
  const band = brackets.findIndex((b) => setup.distance <= b.maxRange)
  // CX5–CX7: the bracket read off the weapon (attachments may stretch it; the working has the exact figure).
  const headline = `${setup.distance} m · ${band === -1 ? 'beyond the listed brackets' : `bracket ${band + 1} of ${brackets.length} (to ${brackets[band]!.maxRange} m)`} · miss chance ${odds.missChance} (${setup.mode})`
  const aimed =
    odds.rounds === 1
      ? [
          { label: 'Miss', probability: f.miss },
          { label: 'Hit', probability: f.hit },
          { label: 'Critical (+20)', probability: f.critical },
          { label: 'Extra-critical (+30)', probability: f.extraCritical },
        ]
      : odds.hits.map((ph, k) => ({ label: `${k} of ${odds.rounds} hit`, probability: ph }))
  // SR-CX-180: whom the stray could reach, as the core places them; without the core, the melee's names.
  const pool = reach && stray !== 'none' && call.strayAim ? strayPool(call.a, t, stray, call.strayAim) : null
  const outcomes = [...(reach ? strayOutcomes(1 - p, pool, call) : []), ...aimed.map((o) => ({ ...o, probability: o.probability * p }))]
  const damage = odds.healthDamage.map(([amount, probability]) => ({ amount, probability: probability * p + (amount === 0 ? 1 - p : 0) }))
  const explanation: ExplanationSection[] = [
    ...(prepared.opportunity ? [opportunityAim(setup.aim)] : []),
    ...(reach
      ? explainSteps([{ title: 'Who the shot reaches', modifiers: reach.modifiers, rule: reach.rule, total: Math.round(p * 100) }])
      : []),
    ...(pool ? [poolSection(pool, null)] : []),
    ...explainSteps(odds.steps),
    {
      title: 'Odds',
      lines: [
        {
          label: `Hit iff the d10 beats ${odds.missChance}`,
          value: percent(Math.max(0, Math.min(1, (10 - odds.missChance) / 10))),
          source: 'CX7',
        },
      ],
    },
  ]
  return {
    ...base,
    headline,
    outcomes,
    risks: [
      { label: 'Jam (CX9)', probability: odds.jam },
      { label: 'Knocked out by shock (CX15)', probability: odds.unconscious },
    ],
    expectedDamage: odds.expectedHealthDamage * p,
    downChance: odds.down * p,
    damage: damage.some((d) => d.amount === 0) || !reach ? damage : [{ amount: 0, probability: 1 - p }, ...damage],
    explanation,
    blocked: null,
    ...coverNote(setup.target),
    diceHint: `per round: d10 accuracy (d10 jam check on a 1${setup.mode === 'semi' ? ', d10 critical in the Luck band' : ''}), d100 armour on a hit; d100 Shock save over 70 damage`,
  }
}

/** CX26's reaction odds: light is one aimed single shot; medium and heavy are certain hits on the armour. */
function previewReaction(prepared: Prepared, level: SuppressionLevel, call: RangedCall): AttackPreview {
  const { sides, arm, a, t, library } = call
  const { setup, options } = prepared
  const base = { weapons: sides.weaponList, options, cost: firingCost(arm, 'semi', level).text }
  const { hits, automatic, words } = REACTION[level]
  const odds = rangedOdds(setup, defenderOf(sides.target, t.hp, library), reactionFiring(level))
  const blockedBy =
    proficiencyRefusal(call) ??
    (arm.carried.jammed
      ? `The ${arm.item.name} is jammed: clear it with a Weapon check, DC 60 (CX9).`
      : (hunkerRefusal(sides.attacker, a.name, setup.aim) ?? reactionRefusal(arm, level, library)))
  const head: ExplanationSection = {
    title: 'Suppression reaction',
    lines: [{ label: `${level} suppression`, value: words, source: 'CX26' }],
  }
  if (odds.kind === 'impossible' || blockedBy) {
    return blockedPreview(base, [head, ...explainSteps(odds.steps)], blockedBy ?? (odds.kind === 'impossible' ? odds.reason : null))
  }
  const f = odds.firstRound
  return {
    ...base,
    outcomes: automatic
      ? [{ label: hits === 1 ? 'Automatic hit (CX26)' : '2 automatic hits (CX26)', probability: 1 }]
      : [
          { label: 'Miss', probability: f.miss },
          { label: 'Hit', probability: f.hit },
          { label: 'Critical (+20)', probability: f.critical },
          { label: 'Extra-critical (+30)', probability: f.extraCritical },
        ],
    risks: [
      ...(automatic ? [] : [{ label: 'Jam (CX9)', probability: odds.jam }]),
      { label: 'Knocked out by shock (CX15)', probability: odds.unconscious },
    ],
    expectedDamage: odds.expectedHealthDamage,
    downChance: odds.down,
    damage: odds.healthDamage.map(([amount, probability]) => ({ amount, probability })),
    explanation: [head, ...(automatic ? [] : explainSteps(odds.steps))],
    blocked: null,
    diceHint: automatic
      ? 'no accuracy roll; d100 armour only if the target wears none (or for a laser); d100 Shock save over 70 damage'
      : 'd10 accuracy (d10 jam check on a 1, d10 critical in the Luck band), d100 armour on a hit; d100 Shock save over 70 damage',
  }
}

/** SR-CX-151: the cover the odds used, with its source, for the panel to show beside them. */
function coverNote(target: Prepared['setup']['target']): { cover?: string } {
  const value = target.cover === 'full' ? 4 : target.cover === 'partial' ? 2 : 0
  if (!target.coverWords || (value === 0 && !target.coverFromMap)) return {}
  return { cover: `${target.coverWords}, +${value} miss (CX6, SR-CX-151)` }
}

/**
 * The stray's share of the outcomes (`000` Firing into Melee): split evenly among those it could
 * hit (SR-CX-180), or lost when there are none (SR-CX-181); asked without the core's placement, the
 * melee's names as the target's engagement lists them.
 */
function strayOutcomes(q: number, pool: StrayPool | null, { a, t }: RangedCall): { label: string; probability: number }[] {
  if (pool) {
    const n = pool.hittable.length
    if (n === 0) return [{ label: 'Strays and hits no one (SR-CX-181)', probability: q }]
    return pool.hittable.map((v) => ({ label: `Strays to ${v.combatant.name}`, probability: q / n }))
  }
  const names = opponentsOf(t)
    .filter((o) => o.id !== a.id && o.id !== t.id)
    .map((o) => o.name)
  return [{ label: names.length ? `Strays to someone else (${names.join(' or ')})` : 'Strays to someone else', probability: q }]
}
