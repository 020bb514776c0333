import type { ExplanationSection } from '../../../../src-shared/attack'
import { DOC } from '../d20-terms'
import { modifierSection, note } from '../../kit/modifier'
import { plusTerm } from '../../kit/format'
import type { AttackSetup } from './attack-setup'
import { critEffectOf, critEffectWords } from './crit-effects'
import { damageLines } from './damage'
import { CRITICAL_REACTION, DEFENCE_LABELS } from './reactions'

/** The lowest natural d20 that hits: the armour's need, or the critical range's start if lower. */
export function naturalNeeded(s: AttackSetup): number {
  return Math.max(1, Math.min(s.arm.weapon.critFrom, s.armourRating - s.hitBonus))
}

const critRange = (from: number) => (from >= 20 ? '20' : `${from}–20`)

/** One line for the map's hover and the panel: what it takes to hit. */
export function headline(s: AttackSetup): string {
  const need = naturalNeeded(s)
  const hitWords = need >= s.arm.weapon.critFrom ? `only a critical hits (${critRange(s.arm.weapon.critFrom)})` : `hits on ${need}+`
  return `${hitWords} vs AR ${s.armourRating} · crit ${critRange(s.arm.weapon.critFrom)}${s.defence ? ` · ${DEFENCE_LABELS[s.defence.kind]} answers` : ''}`
}

/** The working behind the odds: hit test, armour, critical, reaction, damage, cost. */
export function attackExplanation(s: AttackSetup): ExplanationSection[] {
  const w = s.arm.weapon
  const effect = critEffectOf(w.damageType)
  const sections: ExplanationSection[] = [
    modifierSection(`Hit test: ${plusTerm('d20', s.hitBonus)} (${s.rule.words.split(':')[0]})`, s.hit, [
      note('Hits when the total reaches the armour rating', `${naturalNeeded(s)}+ on the d20`, 'W3'),
    ]),
    {
      title: 'Armour rating',
      lines: [
        note(`${s.t.name}'s rating`, String(s.target.armourRating), 'W3'),
        ...(s.target.live.armourDamage ? [note('Dented by concussive criticals', `−${s.target.live.armourDamage}`, DOC.damageTypes)] : []),
      ],
      total: String(s.armourRating),
    },
    {
      title: 'Critical',
      lines: [
        note('Natural roll in the critical range', critRange(w.critFrom), 'W3'),
        note('Hits regardless of armour; doubles the weapon roll before modifiers', '', 'W3'),
        ...(effect
          ? [
              note(
                `${w.damageType}: ${critEffectWords(effect)}`,
                effect.kind === 'stun' ? `Willpower test below ${effect.resistAt}` : `d20 ${effect.from}+`,
                DOC.damageTypes,
              ),
            ]
          : []),
      ],
    },
  ]
  if (s.defence) {
    sections.push(
      modifierSection(`${DEFENCE_LABELS[s.defence.kind]}: d20 + ${s.defence.bonus}`, s.defence.bonuses, [
        note('Stops the hit if its total exceeds the hit test', '', 'W4'),
        note('Against a critical hit it must be a critical too', `natural ${CRITICAL_REACTION}`, 'W4'),
      ]),
    )
  }
  sections.push(
    { title: 'Damage', lines: damageLines(s.damage.normal, w.damageType) },
    { title: 'Damage on a critical', lines: damageLines(s.damage.critical, w.damageType) },
  )
  sections.push({
    title: 'Economy',
    lines: [
      note('Costs', s.costText, 'W2'),
      ...(s.asReaction ? [note('Out of its turn', 'an attack of opportunity, one of its reactions', `${DOC.reactions}, W2`)] : []),
      ...(!s.asReaction && !s.attacker.feats.combatProwess
        ? [note('Attacks this turn', `${s.attacker.live.attacksThisTurn} of 1 (no Combat Prowess)`, 'W2')]
        : []),
      ...(s.inflicts
        ? [note(`On a hit: ${s.inflicts.status}(${s.inflicts.x})`, s.inflicts.status === 'frozen' ? `${s.inflicts.x}d4 turns` : '', 'W5')]
        : []),
    ],
  })
  return sections
}

/** Which dice the resolution asks for, in order, for the GM typing physical dice. */
export function diceHintOf(s: AttackSetup): string {
  const effect = critEffectOf(s.arm.weapon.damageType)
  const status = s.inflicts?.status
  return [
    'd20 hit test',
    ...(s.defence ? [`d20 ${DEFENCE_LABELS[s.defence.kind]} (on a hit)`] : []),
    `${s.arm.weapon.dice.count}d${s.arm.weapon.dice.sides} damage (if it lands)`,
    ...(effect
      ? [
          `d20 ${critEffectWords(effect).toLowerCase()} check (on a critical)${effect.kind === 'bleed' ? ', then d4 turns if it bleeds' : ''}`,
        ]
      : []),
    ...(status === 'bleeding' || status === 'burned'
      ? [`d4 turns of ${status}`]
      : status === 'frozen'
        ? [`${s.inflicts!.x}d4 turns frozen`]
        : []),
  ].join(', then ')
}
