import type { FormField } from '../../../src-shared/attack'
import type { RequestInputs, SheetDraft } from '../../../src-shared/contract'
import type { JsonValue } from '../../../src-shared/json'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'

/**
 * The sheet editor's live view of a draft (issue 16): the ruleset turns the form values into its
 * data, checks them and says what the card would show, exactly as saving would, but nothing is
 * stored, journaled or rolled. The renderer may not import the rules, so this is how the panel
 * beside the inputs learns the health, protection and odds a change makes.
 */
export function sheetDraft(store: RecordReader | null, ruleset: Ruleset | null, input: RequestInputs['sheetDraft']): Result<SheetDraft> {
  if (!store || !ruleset) return fail('campaign/none', 'Open a campaign first.')
  const rules = ruleset.combatantRules
  if (!rules) return fail('rules/unsupported', "This campaign's ruleset has no character sheets.")
  const current = startingSheet(store, input)
  if (!current.ok) return current
  const fields = rules.form(current.value)
  const parsed = rules.parse(
    input.values === null ? (current.value ?? rules.fromForm({}, null)) : rules.fromForm(input.values, current.value),
  )
  if (!parsed.ok)
    return ok({ fields, derived: null, problem: { message: parsed.error.message, field: namedField(parsed.error.message, fields) } })
  const data = parsed.value.data
  const values = Object.fromEntries(rules.form(data).map((f) => [f.key, f.value]))
  const gear = rules.gear?.(data) ?? []
  return ok({ fields, derived: { maxHp: parsed.value.maxHp, sections: rules.card(data), rules: data, values, gear }, problem: null })
}

function startingSheet(store: RecordReader, input: RequestInputs['sheetDraft']): Result<JsonValue | null> {
  if (input.combatantId) {
    const c = store.get(input.combatantId)
    return c?.typeName === 'combatant' ? ok(c.rules) : fail('combatant/notFound', `No combatant ${input.combatantId}.`)
  }
  if (input.templateId) {
    const t = store.get(input.templateId)
    return t?.typeName === 'template' ? ok(t.rules) : fail('template/notFound', 'That roster entry is gone (deleted, or undone away).')
  }
  return ok(null)
}

/**
 * The form field a refusal names. Rulesets name the path in their own data ("Compound X sheet:
 * stats.str Too big…"), which the form keys follow by their last part ("str", "skill.Medicine"):
 * the longest key the path ends with wins. Null when none does (the problem is the whole sheet's).
 */
export function namedField(message: string, fields: readonly FormField[]): string | null {
  const path = /:\s(\S+)\s/.exec(message)?.[1]
  if (!path) return null
  const keys = fields.map((f) => f.key)
  const whole = keys.filter((k) => path === k || path.endsWith(`.${k}`))
  if (whole.length > 0) return whole.sort((a, b) => b.length - a.length)[0]!
  // A key's last part alone, unless it is only an index ("weapon.0" is not every list's first item).
  return keys.find((k) => !/^\d+$/.test(lastPart(k)) && path.endsWith(`.${lastPart(k)}`)) ?? null
}

const lastPart = (key: string): string => key.slice(key.lastIndexOf('.') + 1)
