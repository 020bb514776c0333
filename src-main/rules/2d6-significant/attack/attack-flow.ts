import type { AttackPreview, AttackRequest, ExplanationSection } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { AttackResolution, RulesCombatant } from '../../ruleset'
import { checkChance } from '../check'
import { expectation, probabilityThat, sortedPairs } from '../../kit/distribution'
import { modifierSection, sumModifiers } from '../../kit/modifier'
import { percent, plusTerm, signed } from '../../kit/format'
import { twoD6Sheets } from '../sheet/sheet-access'
import { COST_TEXT } from '../turns/economy'
import { attackOdds } from './attack-odds'
import { resolveAttack } from './attack-resolve'
import { armsOf, attackOptions, attackSetup, modesOf, type AttackSetup } from './attack-setup'

/** Per-campaign switches the attack reads. */
export interface AttackSettings {
  readonly effectAdds: boolean
}

function diceHint(s: AttackSetup): string {
  const attack = s.attacks > 1 ? `${s.attacks} × 2d6 attack rolls` : '2d6 attack roll'
  const parry = s.defence.kind === 'parry' ? ', 2d6 parry if it passes' : ''
  const damage = s.damageDice > 0 ? `, ${s.damageDice}d6 damage per hit` : ''
  const work = s.workCheck ? ', 2d6 work check if damage lands (T7)' : ''
  return `${attack}${parry}${damage}${work}`
}

function explanation(s: AttackSetup, hitChance: number): ExplanationSection[] {
  const rule = {
    label: `${plusTerm('2d6', sumModifiers(s.dms))} ≥ 8 before any reaction`,
    value: percent(checkChance(s.dms)),
    source: 'T1',
  }
  // The DMs total a DM; the chance to hit is a line of its own (play tests: "Attack DMs = 41.7%").
  const sections: ExplanationSection[] = [
    modifierSection('Attack DMs', s.dms, [rule]),
    {
      title: 'Chance to hit',
      lines: [{ label: 'after any reaction', value: percent(hitChance), source: 'T1, T4' }],
      total: percent(hitChance),
    },
  ]
  if (s.defence.kind === 'dodge')
    sections.push({
      title: 'Dodge',
      lines: [
        { label: 'only if the attack passes; DM on the attack', value: signed(s.defence.dm), source: 'T4' },
        // SR-2D6-21: the map's cover, named, when it set the −2.
        ...(s.defence.coverWords ? [{ label: s.defence.coverWords, value: '', source: 'SR-2D6-21' }] : []),
      ],
    })
  if (s.defence.kind === 'parry') sections.push(modifierSection('Parry (must beat the attack total)', s.defence.dms))
  sections.push({
    title: 'Damage per hit',
    lines: [
      { label: `${s.damageDice}d6`, value: '', source: 'weapon' },
      ...s.damageDms.map((d) => ({ label: d.label, value: signed(d.value), source: d.source })),
      ...(s.effectAdds ? [{ label: 'the hit’s effect', value: '+effect', source: 'classic 2d6 (setting)' }] : []),
      { label: 'armour', value: signed(-s.armour), source: 'damage dice minus armour' },
    ],
  })
  sections.push({ title: 'Heft / recoil', lines: [{ label: s.heft.text, value: '', source: 'T6' }] })
  return sections
}

/** Exact odds of an attack as the panel shows them (T1, T4, T6, T7). */
export function previewAttack(
  request: AttackRequest,
  attacker: RulesCombatant,
  target: RulesCombatant,
  settings: AttackSettings,
): Result<AttackPreview> {
  const a = twoD6Sheets.of(attacker)
  if (!a) return fail('attack/noSheet', `${attacker.name} has no character sheet yet.`)
  const arms = armsOf(a)
  const base = {
    weapons: arms.map((w, index) => ({ index, name: w.name, modes: modesOf(w) })),
    options: attackOptions(arms[request.weapon], target, request),
    cost: COST_TEXT.significant,
  }
  const r = attackSetup({ request, attacker, target, effectAdds: settings.effectAdds })
  if (r.kind === 'blocked')
    return ok({
      ...base,
      outcomes: [],
      risks: [],
      expectedDamage: 0,
      downChance: 0,
      damage: [],
      explanation: [],
      blocked: r.reason,
      diceHint: '',
    })
  const s = r.setup
  const odds = attackOdds(s)
  const outcomes =
    s.attacks > 1
      ? odds.hits.map((p, k) => ({ label: `${k} of ${s.attacks} hit`, probability: p }))
      : [
          { label: 'Miss', probability: odds.roll.miss },
          ...(s.defence.kind === 'dodge' ? [{ label: 'Dodged', probability: odds.roll.dodged }] : []),
          ...(s.defence.kind === 'parry' ? [{ label: 'Parried', probability: odds.roll.parried }] : []),
          { label: 'Hit', probability: odds.roll.hit },
        ]
  const risks = [
    ...(s.defence.kind !== 'none'
      ? [{ label: `${target.name} reacts: initiative −2, −1 DM until its turn (T3)`, probability: odds.reacts }]
      : []),
    ...(s.workCheck
      ? [
          { label: `${target.name}'s work this round is lost (T7)`, probability: odds.workLost },
          { label: `${target.name}'s task starts over (exceptional failure)`, probability: odds.workRestarted },
        ]
      : []),
  ]
  const expected = expectation(odds.damage)
  return ok({
    ...base,
    outcomes,
    risks,
    expectedDamage: expected,
    downChance: probabilityThat(odds.damage, (d) => target.hp - d < 1),
    damage: sortedPairs(odds.damage).map(([amount, probability]) => ({ amount, probability })),
    explanation: explanation(s, odds.roll.hit),
    blocked: null,
    // SR-2D6-21: the map's cover, named, when it set the dodge's −2.
    ...(s.defence.kind === 'dodge' && s.defence.coverWords ? { cover: `${s.defence.coverWords}, dodge −2 (004, SR-2D6-21)` } : {}),
    diceHint: diceHint(s),
    headline: `${s.weapon.name} ${s.mode} · ${percent(odds.roll.hit)} per roll · ${expected.toFixed(1)} dmg expected`,
  })
}

export function resolveAttackRequest(
  request: AttackRequest,
  attacker: RulesCombatant,
  target: RulesCombatant,
  settings: AttackSettings,
  dice: Dice,
): Result<AttackResolution> {
  const r = attackSetup({ request, attacker, target, effectAdds: settings.effectAdds })
  if (r.kind === 'blocked') return fail(r.code ?? 'attack/blocked', r.reason)
  return ok(resolveAttack(r.setup, attacker, target, dice))
}
