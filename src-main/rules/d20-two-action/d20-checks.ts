import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { CheckOutcome, CheckRequest, RulesCombatant } from '../ruleset'
import { DOC, RULESET_NAME } from './d20-terms'
import { modifier, type Modifier, modifierSection, sumModifiers } from '../kit/modifier'
import { ATTRIBUTE_LABELS, ATTRIBUTES, type Attribute } from './sheet/d20-sheet'
import { d20Sheets } from './sheet/d20-sheets'

/**
 * Attribute tests (`003 Combat Actions`): d20 + the attribute. Against a number the GM sets we
 * count reaching it as success, as the hit test reaches the armour rating (W3); the document's
 * own thresholds ("higher than 13", "below 16") are applied where they are named.
 */
export function d20CheckList(): { key: string; label: string }[] {
  return ATTRIBUTES.map((a) => ({ key: `attr:${a}`, label: `${ATTRIBUTE_LABELS[a]} test` }))
}

const attributeOf = (key: string): Attribute | null => {
  const name = key.startsWith('attr:') ? key.slice(5) : key
  return (ATTRIBUTES as readonly string[]).includes(name) ? (name as Attribute) : null
}

function setUp(request: CheckRequest, c: RulesCombatant): Result<{ attr: Attribute; bonuses: Modifier[] }> {
  const read = d20Sheets.require(c, 'check/noSheet')
  if (!read.ok) return read
  const sheet = read.value
  const attr = attributeOf(request.check)
  if (!attr)
    return fail(
      'check/unknown',
      `"${request.check}" is not a ${RULESET_NAME} test (attr:str, attr:dex, attr:mag, attr:per, attr:vit or attr:wil).`,
    )
  if (request.mode !== 'normal') return fail('check/mode', `The ${RULESET_NAME} has no advantage or disadvantage: roll a normal test.`)
  const bonuses = [
    modifier(ATTRIBUTE_LABELS[attr], sheet.attributes[attr], DOC.actions),
    ...(request.bonus ? [modifier('GM modifier', request.bonus, 'GM')] : []),
  ]
  return ok({ attr, bonuses })
}

/** P(d20 + b ≥ dc), exactly. */
export const reachChance = (b: number, dc: number): number => Math.min(20, Math.max(0, 21 - (dc - b))) / 20

export function rollD20Check(request: CheckRequest, c: RulesCombatant, dice: Dice): Result<CheckOutcome> {
  const s = setUp(request, c)
  if (!s.ok) return s
  const label = `${ATTRIBUTE_LABELS[s.value.attr]} test`
  const roll = dice.roll({ count: 1, sides: 20, modifier: sumModifiers(s.value.bonuses) }, `${c.name}: ${label}`)
  const success = roll.total >= request.dc
  return ok({
    success,
    summary: `${c.name}: ${label} ${roll.total} vs ${request.dc}: ${success ? 'success' : 'failure'}`,
    detail: [
      modifierSection(label, s.value.bonuses, [
        { label: 'Succeeds on reaching the number', value: String(request.dc), source: DOC.actions },
      ]),
    ],
    rolls: [roll],
  })
}

export function d20CheckChance(request: CheckRequest, c: RulesCombatant): Result<number> {
  const s = setUp(request, c)
  return s.ok ? ok(reachChance(sumModifiers(s.value.bonuses), request.dc)) : s
}
