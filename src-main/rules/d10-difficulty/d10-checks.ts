import { fail, ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { CheckOutcome, CheckRequest, RulesCombatant } from '../ruleset'
import { attributeTerms, checkChance, meetsDifficulty, rollTerms, SKILL_ATTRIBUTES, skillTerms } from './checks/d10-check'
import { d10Sheets } from './d10-sheet-access'
import { termsSection } from './d10-terms'
import { type Modifier, modifier } from '../kit/modifier'
import { ATTRIBUTE_LABELS, ATTRIBUTES, SKILL_LABELS, SKILLS, type Attribute, type Skill } from './sheet/d10-sheet'

const isSkill = (s: string): s is Skill => (SKILLS as readonly string[]).includes(s)
const isAttribute = (s: string): s is Attribute => (ATTRIBUTES as readonly string[]).includes(s)

/** The checks a d10 combatant can make: its skills and its attributes. */
export function d10CheckList(_c: RulesCombatant): { key: string; label: string }[] {
  return [
    ...SKILLS.map((s) => ({
      key: `skill:${s}`,
      label: `${SKILL_LABELS[s]} (${SKILL_ATTRIBUTES[s].map((a) => ATTRIBUTE_LABELS[a]).join(' + ')})`,
    })),
    ...ATTRIBUTES.map((a) => ({ key: `attr:${a}`, label: `${ATTRIBUTE_LABELS[a]} check` })),
  ]
}

/** D1: which terms a check key adds to the d10, with the GM's situational number. */
function checkTerms(request: CheckRequest, c: RulesCombatant): Result<{ label: string; terms: Modifier[] }> {
  if (request.mode !== 'normal') {
    return fail('check/mode', 'The d10 difficulty system has no advantage or disadvantage: add a modifier instead (D1).')
  }
  const sheet = d10Sheets.require(c, 'rules/noSheet')
  if (!sheet.ok) return sheet
  const [kind, name = ''] = request.check.split(':')
  const extra = request.bonus ? [modifier('GM modifier', request.bonus, 'GM')] : []
  if (kind === 'skill' && isSkill(name)) return ok({ label: SKILL_LABELS[name], terms: [...skillTerms(sheet.value, name), ...extra] })
  if (kind === 'attr' && isAttribute(name))
    return ok({ label: `${ATTRIBUTE_LABELS[name]} check`, terms: [...attributeTerms(sheet.value, name), ...extra] })
  return fail('check/unknown', `"${request.check}" is not a check of the d10 difficulty system (skill:… or attr:…).`)
}

export function rollD10Check(request: CheckRequest, c: RulesCombatant, dice: Dice): Result<CheckOutcome> {
  const t = checkTerms(request, c)
  if (!t.ok) return t
  const r = rollTerms(t.value.terms, `${c.name}: ${t.value.label}`, dice)
  const success = meetsDifficulty(r.total, request.dc)
  return ok({
    success,
    summary: `${c.name}: ${t.value.label} ${r.total} vs difficulty ${request.dc}: ${success ? 'success' : 'failure'} (D1)`,
    detail: [
      termsSection(`${t.value.label}: d10 ${r.roll.faces[0]} plus`, t.value.terms, {
        label: `success iff the total reaches ${request.dc} (D1)`,
        source: 'D1',
      }),
    ],
    rolls: [r.roll],
  })
}

export function d10CheckChance(request: CheckRequest, c: RulesCombatant): Result<number> {
  const t = checkTerms(request, c)
  if (!t.ok) return t
  return ok(
    checkChance(
      t.value.terms.reduce((s, x) => s + x.value, 0),
      request.dc,
    ),
  )
}
