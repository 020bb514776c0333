import type { ExplanationLine, ExplanationSection } from '../../../../src-shared/attack'
import { inHandLine } from '../../kit/drawn-weapons'
import { armaments, damageFlat, hitAttribute } from '../combat/armament'
import { armourRatingOf } from '../combat/hit-test'
import { DEFENCE_LABELS } from '../combat/reactions'
import { DOC } from '../d20-terms'
import { plural, signed, withSign } from '../../kit/format'
import { sumModifiers } from '../../kit/modifier'
import { reactionsPerRound } from '../turns/economy'
import { speedMetres, speedSquares } from '../turns/movement'
import { ATTRIBUTE_LABELS, ATTRIBUTES, type D20Sheet, type Weapon } from './d20-sheet'
import { LIVE_KEYS } from './d20-sheet-form'
import { drawnSlots, needsDrawing } from './drawn'

const number = (key: string, value: number, max: number) => ({ key, kind: 'number' as const, value, min: 0, max })

const critRange = (from: number) => (from >= 20 ? '20' : `${from}–20`)

/** A gun's rounds as the GM needs them mid-fight (SR-D20-30): "17/20 rds, 2 spare, burst 3, auto". */
function magazineText(w: Weapon): string {
  if (w.attack !== 'ranged' || !w.magazine) return ''
  const m = w.magazine
  return [`${m.loaded}/${m.capacity} rds`, `${m.spares} spare`, ...(m.burst ? [`burst ${m.burst}`] : []), ...(m.auto ? ['auto'] : [])].join(
    ', ',
  )
}

function weaponLines(s: D20Sheet): ExplanationLine[] {
  return armaments(s).map((arm) => {
    const w = arm.weapon
    const attr = hitAttribute(w)
    const untrained = w.proficient ? 0 : w.category === 'advanced' ? -4 : -2
    const flat = sumModifiers(damageFlat(arm, s))
    const damage = `${w.dice.count}d${w.dice.sides}${flat ? signed(flat) : ''}`
    const extra = [
      w.attack === 'spell' ? `${plural(w.actions, 'action')}` : '',
      w.inflicts ? `${w.inflicts.status}(${w.inflicts.dice})` : '',
      magazineText(w),
      untrained ? 'not proficient' : '',
    ]
    return {
      label: w.name,
      value: `d20${withSign(s.attributes[attr] + untrained)} to hit · ${damage} ${w.damageType} · crit ${critRange(w.critFrom)}${extra
        .filter(Boolean)
        .map((x) => ` · ${x}`)
        .join('')}`,
      source: 'W3',
    }
  })
}

/**
 * What the GM needs on a d20 two-action card mid-fight: armour, speed, the turn's attack count,
 * reactions, resistances and each weapon's hit and damage. Health, conditions and the pips are
 * the generic card's.
 */
export function d20Card(s: D20Sheet): ExplanationSection[] {
  const rating = armourRatingOf(s)
  const resist = Object.entries(s.affinities)
    .filter(([, v]) => v === 'resistant')
    .map(([k]) => k)
  const weak = Object.entries(s.affinities)
    .filter(([, v]) => v === 'weak')
    .map(([k]) => k)
  const defence: ExplanationLine[] = [
    {
      label: 'Armour rating',
      value: `${rating}${s.armour ? ` (${s.armour})` : s.live.armourDamage ? ' (armour destroyed)' : ''}`,
      source: 'W3',
      edit: number('armourRating', s.armourRating, 40),
    },
    ...(s.live.armourDamage
      ? [
          {
            label: 'Armour dents',
            value: `−${s.live.armourDamage} until repaired`,
            source: DOC.damageTypes,
            edit: number(LIVE_KEYS.armourDamage, s.live.armourDamage, 40),
          },
        ]
      : []),
    ...(resist.length ? [{ label: 'Resists (½)', value: resist.join(', '), source: 'W5' }] : []),
    ...(weak.length ? [{ label: 'Weak to (×2)', value: weak.join(', '), source: 'W5' }] : []),
    {
      label: 'Reactions',
      value: `${s.defences.map((d) => DEFENCE_LABELS[d]).join(', ') || 'attacks of opportunity only'} · ${reactionsPerRound(s)} a round${s.live.reactions.length ? ` · used: ${s.live.reactions.map((r) => r.kind).join(', ')}` : ''}`,
      source: 'W2, W4',
    },
  ]
  const turn: ExplanationLine[] = [
    {
      label: 'Attacks in its turn',
      value: s.feats.combatProwess ? `${s.live.attacksThisTurn} (Combat Prowess: no limit)` : `${s.live.attacksThisTurn} of 1`,
      source: 'W2',
      edit: number(LIVE_KEYS.attacksThisTurn, s.live.attacksThisTurn, 20),
    },
    ...(s.weapons.some(needsDrawing) ? [inHandLine(s.weapons, drawnSlots(s), `${DOC.actions} (SR-D20-11)`)] : []),
    ...(s.live.engagedWith.length
      ? [{ label: 'Engaged with', value: s.live.engagedWith.map((e) => e.name).join(', '), source: `${DOC.engaged} (SR-D20-32)` }]
      : []),
    { label: 'Move', value: `${speedSquares(s, false)} squares (${speedMetres(s, false)} m) per action`, source: DOC.moving },
    {
      label: 'Attributes',
      value: ATTRIBUTES.map((a) => `${ATTRIBUTE_LABELS[a].slice(0, 3)} ${signed(s.attributes[a])}`).join(' · '),
      source: 'W1, W3, W4',
    },
  ]
  return [
    { title: 'Defence', lines: defence },
    { title: 'Turn', lines: turn },
    { title: 'Weapons', lines: weaponLines(s) },
  ]
}
