import type { FormField, AttackPreview, AttackRequest, ExplanationSection } from '../../../../src-shared/attack'
import type { RollRecord } from '../../../../src-shared/dice'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { AttackResolution, RulesCombatant } from '../../ruleset'
import { rollTerms, skillTerms } from '../checks/d10-check'
import { SURPRISED } from '../d10-conditions'
import { termsSection } from '../d10-terms'
import { type Modifier, modifier, sumModifiers } from '../../kit/modifier'
import { percent } from '../../kit/format'
import { mapDistribution, mix, point } from '../../kit/distribution'
import { diceDistribution } from '../damage/damage-dice'
import { perHitDistribution } from '../damage/hit-zones'
import { rollHit } from '../damage/roll-hit'
import { blockedDamage, DEFENCES, defenceRolls, meleeOdds, meleeOutcome, type Defence, type MeleeOutcome } from '../melee/melee'
import type { D10Sheet } from '../sheet/d10-sheet'
import { ACTION, actionSpentRefusal, actionsLeft, oneAction } from '../turns/d10-economy'
import { meleeReach } from '../melee/reach'
import { blockedPreview, choice, diceText, oddsPreview, surprisedRefusal, type Sides } from './attack-shared'
import { optionNumber, optionOneOf } from '../../kit/options'

const DEFENCE_LABELS: Readonly<Record<Defence, string>> = {
  dodge: 'Dodge (spends its action)',
  block: 'Block (no action left)',
  none: 'Takes it',
  surprise: 'Surprise attack (no defence)',
}

const OUTCOME_LABELS: Readonly<Record<MeleeOutcome, string>> = {
  miss: 'Miss',
  dodged: 'Dodged',
  blocked: 'Blocked (half damage)',
  hit: 'Hit',
}

/** D6: Block is d10 + STR + CON modifiers, with no skill. */
const blockTerms = (s: D10Sheet): Modifier[] => [
  modifier('Strength modifier', s.attributes.str, 'D6'),
  modifier('Constitution modifier', s.attributes.con, 'D6'),
]

interface Prepared {
  readonly attack: Modifier[]
  readonly difficulty: number
  readonly defence: Defence
  readonly defenceTerms: Modifier[]
  readonly options: FormField[]
  /** Why the chosen defence is not open to this defender, if it is not. */
  readonly defenceRefusal: string | null
}

/** D6: the defences open to the target now, and the default — surprise if it is surprised, else dodge while it has an action, else block. */
function prepare(request: AttackRequest, sides: Sides, t: RulesCombatant): Prepared {
  const { attacker, target } = sides
  const o = request.options
  const hasAction = actionsLeft(t, target) > 0
  const surprised = t.conditions.some((x) => x.conditionId === SURPRISED)
  const fallback: Defence = surprised ? 'surprise' : hasAction ? 'dodge' : 'block'
  const defence = optionOneOf(o, 'defence', DEFENCES, fallback)
  const open = DEFENCES.filter((d) => (d === 'dodge' ? hasAction && !surprised : d === 'block' ? !hasAction && !surprised : true))
  const defenceRefusal = open.includes(defence)
    ? null
    : surprised
      ? `${t.name} is surprised: it can neither dodge nor block (D6).`
      : defence === 'dodge'
        ? `${t.name} has no action left this round to dodge with: it may only block (D6).`
        : `${t.name} still has an action: it may dodge, and blocks only once it has none (D6).`
  const misc = optionNumber(o, 'misc') ?? 0
  const difficulty = optionNumber(o, 'difficulty') ?? 0
  const attack = [...skillTerms(attacker, 'melee'), ...(misc ? [modifier('Other modifiers', misc, 'D1')] : [])]
  const defenceTerms = defence === 'dodge' ? skillTerms(target, 'dodge') : defence === 'block' ? blockTerms(target) : []
  const options: FormField[] = [
    choice('defence', 'Defence', defence, [...new Set([...open, defence])], (d) => DEFENCE_LABELS[d]),
    { key: 'difficulty', label: 'Difficulty (GM; none set by the chapter)', kind: 'number', value: difficulty, min: 0, max: 40 },
    { key: 'misc', label: 'Attack modifiers', kind: 'number', value: misc, min: -20, max: 20 },
  ]
  return { attack, difficulty, defence, defenceTerms, options, defenceRefusal }
}

function explanation(p: Prepared, sides: Sides): ExplanationSection[] {
  const out = [termsSection('Melee Combat check: d10 plus', p.attack, { label: `reaches difficulty ${p.difficulty} (D1)`, source: 'D1' })]
  if (p.defence === 'dodge')
    out.push(termsSection('Dodge check: d10 plus', p.defenceTerms, { label: 'exceeds the attack: no damage (D6)', source: 'D6' }))
  if (p.defence === 'block')
    out.push(termsSection('Block: d10 plus', p.defenceTerms, { label: 'exceeds the attack: half damage (D6)', source: 'D6' }))
  if (p.defence === 'surprise')
    out.push({ title: 'Surprise attack', lines: [{ label: 'No dodge, no block', value: '', source: '002 Melee Combat, D6' }] })
  out.push({
    title: 'On a hit',
    lines: [
      { label: 'Zone', value: '2d6 on the zone table', source: 'D7' },
      { label: 'Damage', value: `${diceText(sides.weapon)} ${sides.weapon.damageType}`, source: '002 Damage' },
    ],
  })
  return out
}

export function previewMelee(sides: Sides): AttackPreview {
  const { request, a, t } = sides
  const p = prepare(request, sides, t)
  const base = { weapons: sides.weaponList, options: p.options, cost: '1 action (a reaction out of turn)' }
  // SR-D10-42: out of reach is said before any defence is weighed.
  const reach = meleeReach(a, t)
  const blocked = surprisedRefusal(a) ?? (reach.ok ? null : reach.error.message) ?? p.defenceRefusal
  if (blocked) return blockedPreview(base, explanation(p, sides), blocked)
  const odds = meleeOdds({
    attackBonus: sumModifiers(p.attack),
    difficulty: p.difficulty,
    defence: p.defence,
    defenceBonus: sumModifiers(p.defenceTerms),
  })
  const hit = perHitDistribution(diceDistribution(sides.weapon.damage), null, sides.weapon.damageType, sides.target.dr)
  const damage = mix([
    { weight: odds.miss + odds.dodged, dist: point(0) },
    { weight: odds.blocked, dist: mapDistribution(hit, blockedDamage) },
    { weight: odds.hit, dist: hit },
  ])
  return oddsPreview(base, {
    headline: `melee · ${DEFENCE_LABELS[p.defence]} · hit ${percent(odds.hit)}${odds.blocked ? ` · blocked ${percent(odds.blocked)}` : ''}`,
    outcomes: (Object.keys(OUTCOME_LABELS) as MeleeOutcome[]).map((k) => ({ label: OUTCOME_LABELS[k], probability: odds[k] })),
    damage,
    hp: t.hp,
    explanation: explanation(p, sides),
    diceHint: `d10 Melee Combat${defenceRolls(p.defence) ? `, d10 ${p.defence}` : ''}; on a hit 2d6 zone and ${diceText(sides.weapon)} damage`,
  })
}

export function resolveMelee(sides: Sides, dice: Dice): Result<AttackResolution> {
  const { request, a, t } = sides
  const p = prepare(request, sides, t)
  const surprised = surprisedRefusal(a)
  if (surprised) return fail('attack/cannot', surprised)
  // SR-D10-42: a strike at someone more than a metre off is refused with the distance, nothing rolled.
  const reach = meleeReach(a, t)
  if (!reach.ok) return reach
  if (p.defenceRefusal) return fail('attack/cannot', p.defenceRefusal)
  const spentOut = actionSpentRefusal(a)
  if (spentOut) return fail('economy/notEnough', spentOut)
  const { weapon, target } = sides
  const attack = rollTerms(p.attack, `${a.name}: Melee Combat at ${t.name}`, dice)
  const rolls: RollRecord[] = [attack.roll]
  const defended =
    attack.total >= p.difficulty && defenceRolls(p.defence) ? rollTerms(p.defenceTerms, `${t.name}: ${p.defence}`, dice) : null
  if (defended) rolls.push(defended.roll)
  const outcome = meleeOutcome(attack.total, p.difficulty, p.defence, defended?.total ?? null)
  const lines: string[] = [`attack ${attack.total}${p.difficulty ? ` vs difficulty ${p.difficulty}` : ''}`]
  if (defended) lines.push(`${p.defence} ${defended.total}`)
  let damage = 0
  if (outcome === 'hit' || outcome === 'blocked') {
    const h = rollHit(weapon, null, target.dr, `${a.name} → ${t.name}`, dice)
    rolls.push(...h.rolls)
    damage = outcome === 'blocked' ? blockedDamage(h.damage) : h.damage
    lines.push(outcome === 'blocked' ? `${h.how} → ${h.damage}, blocked: half is ${damage}` : `${h.how} → ${damage}`)
  }
  // D6: a dodge spends the defender's action for the round, off its own pips at once.
  const dodged = !!defended && p.defence === 'dodge'
  return ok({
    attackerRules: null,
    targetRules: null,
    targetHp: t.hp - damage,
    summary: `${a.name} strikes at ${t.name} with the ${weapon.name}: ${OUTCOME_LABELS[outcome].toLowerCase()}${damage ? `, ${damage} damage` : ''} (${lines.join('; ')})`,
    detail: [...explanation(p, sides), { title: 'Result', lines: lines.map((l) => ({ label: l, value: '', source: 'D6, D7' })) }],
    rolls,
    cost: oneAction,
    ...(dodged ? { othersSpend: [{ combatantId: t.id, pool: ACTION, amount: 1 }] } : {}),
  })
}
