import type { CommandType } from '../../src-shared/commands'
import { COMMAND_EXAMPLES } from './command-examples'
import type { FuzzIds } from './fuzz-fixture'
import { trooper } from '../unit/rules/compound-x/cx-harness'
import { homebrew } from '../unit/rules/compound-x/fixtures'

/**
 * The examples' accepted payloads with the fixture's ids put in (and, where the example's
 * values do not fit the fixture's state, values that do): the base each fuzz case mutates.
 * Starting from a payload the core would accept makes the one mutation the reason it refuses,
 * so a deep check (an unknown id, a ruleset's own check) is reached, not just the schema.
 */
export function liveExample(type: CommandType, ids: FuzzIds): unknown {
  const swap: Record<string, string> = {
    'combatant:n1': ids.vex,
    'combatant:n2': ids.raider,
    'scene:s1': ids.yard,
    'token:t1': ids.token,
    'template:t1': ids.template,
    'plan:p1': ids.plan,
    'areaMark:a1': ids.mark,
    'content:ranged-weapons:my-gun': ids.content,
    [`${'a'.repeat(64)}`]: ids.imageHash,
  }
  const overrides: Partial<Record<CommandType, unknown>> = {
    'initiative/delay': { combatantId: ids.acting },
    'initiative/resume': { combatantId: ids.delayed },
    'hold/release': { combatantId: ids.holder },
    'condition/remove': { combatantId: ids.raider, key: ids.conditionKey },
    'scene/activate': { sceneId: ids.shelf },
    'scene/remove': { sceneId: ids.shelf },
    'combatant/setRules': { combatantId: ids.vex, rules: trooper() },
    'attack/resolve': { request: { attackerId: ids.acting, targetId: ids.vex, weapon: 0, mode: 'semi', options: { distance: 12 } } },
    'action/perform': { request: { actorId: ids.acting, action: 'reload', targetId: null, options: { weapon: '0' } } },
    'hold/declare': { combatantId: ids.acting, trigger: 'a raider shows itself', amount: 1 },
    'content/import': { fileName: 'homebrew.json', text: JSON.stringify(homebrew) },
  }
  if (type in overrides) return overrides[type]
  return JSON.parse(JSON.stringify(COMMAND_EXAMPLES[type].valid), (_k, v: unknown) => (typeof v === 'string' && v in swap ? swap[v] : v))
}
