import type { JsonValue } from '../../../src-shared/json'
import type { PlanId, PlanRecord, TemplateId, TemplateRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ParsedRules } from '../../rules/ruleset'
import type { RecordReader } from '../state/record-store'
import { parseRules, type DecideContext } from './decide-context'

export function findTemplate(state: RecordReader, id: TemplateId): Result<TemplateRecord> {
  const r = state.get(id)
  return r?.typeName === 'template' ? ok(r) : fail('template/notFound', `No roster entry ${id}.`)
}

export function findPlan(state: RecordReader, id: PlanId): Result<PlanRecord> {
  const r = state.get(id)
  return r?.typeName === 'plan' ? ok(r) : fail('plan/notFound', `No saved encounter ${id}.`)
}

/**
 * Ruleset data as a roster entry keeps it: the sheet without the fight's live state (armour
 * dented, shield down, nanites spent), re-parsed so the ruleset fills the live part in fresh.
 */
export function freshRules(ctx: DecideContext, rules: JsonValue): Result<ParsedRules> {
  if (isObject(rules) && Object.hasOwn(rules, 'live')) {
    const { live: _live, ...sheet } = rules
    return parseRules(ctx, sheet)
  }
  return parseRules(ctx, rules)
}

const isObject = (v: JsonValue): v is { readonly [key: string]: JsonValue } => typeof v === 'object' && v !== null && !Array.isArray(v)
