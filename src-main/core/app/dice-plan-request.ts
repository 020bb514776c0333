import { commandPayloadSchemas, type CommandType } from '../../../src-shared/commands'
import type { RequestInputs } from '../../../src-shared/contract'
import { DICE_PLAN, type DicePlan } from '../../../src-shared/dice-plan'
import type { DomainEvent } from '../../../src-shared/events'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import type { DecideContext, Decider, Decision } from '../commands/decide-context'
import { DECIDERS } from '../commands/deciders'
import { DiceError } from '../dice/dice-roller'
import { PlanCut, PlanningDice } from '../dice/planning-dice'
import { seededSource } from '../dice/random-source'
import type { RecordReader } from '../state/record-store'

/**
 * How many throwaway generators a plan tries once the typed faces run out. The dice after the
 * first missing one depend on results (a miss asks for no armour roll); the longest chain of
 * these tries shows the GM everything that may yet be asked for.
 */
const TRIES = 24

/**
 * The dicePlan request: the act's own decider, run over the live records (read, never written)
 * with a recording dice source, exactly as previews and the forecast decide without committing.
 * The campaign's generator, journal and log are not touched.
 */
export function dicePlan(store: RecordReader | null, ruleset: Ruleset | null, input: RequestInputs['dicePlan']): Result<DicePlan> {
  if (!store || !ruleset) return fail('campaign/none', 'Open a campaign first.')
  const { type } = input.act
  const payload = commandPayloadSchemas[type].safeParse(input.act.payload)
  if (!payload.success) return fail('command/invalid', `Invalid ${type}: ${payload.error.issues[0]?.message ?? 'bad payload'}.`)
  let best: DicePlan | null = null
  for (let i = 0; i < TRIES; i++) {
    const plan = planOnce(store, ruleset, type, payload.data, input.typedDice, `dice-plan-${i}`)
    // The rules refuse the act as set up (no such combatant, out of reach…): refused as sending it would be.
    if (!plan.ok) return best ? ok(best) : plan
    if (!best || plan.value.dice.length > best.dice.length) best = plan.value
    // With every die typed (or a face no die shows) the throwaway faces play no part: one try says it all.
    if (plan.value.problem !== null || !plan.value.dice.some((d) => d.face === null)) break
  }
  return ok(best!)
}

function planOnce(
  state: RecordReader,
  ruleset: Ruleset,
  type: CommandType,
  payload: unknown,
  typed: readonly number[],
  seed: string,
): Result<DicePlan> {
  const dice = new PlanningDice(typed, seededSource(seed), DICE_PLAN.maxDice)
  let decided: Result<Decision> | null = null
  let problem: string | null = null
  let more = false
  try {
    decided = (DECIDERS[type] as Decider<CommandType>)(planContext(state, ruleset, dice), payload as never)
  } catch (e) {
    if (e instanceof PlanCut) more = true
    else if (e instanceof DiceError) problem = e.message
    else return fail('engine/failed', `The rules engine failed on ${type}: ${(e as Error).message}`)
  }
  if (decided && !decided.ok) return decided
  const finished = decided?.ok === true
  return ok({
    dice: dice.planned,
    more,
    extra: finished ? Math.max(0, typed.length - dice.typedUsed) : 0,
    problem,
  })
}

/** A context like the engine's, for a decision that is never applied: ids and log lines are throwaway. */
function planContext(state: RecordReader, ruleset: Ruleset, dice: PlanningDice): DecideContext {
  let n = 0
  const newId = <P extends string>(prefix: P): `${P}:${string}` => `${prefix}:plan-${n++}` as `${P}:${string}`
  const unlogged = (): DomainEvent => ({
    type: 'log/written',
    entry: { typeName: 'log', id: newId('log'), seq: 0, commandId: 'plan', round: 0, text: '', rolls: [], visibility: 'gm' },
  })
  return { state, dice, ruleset, commandId: 'plan', seq: 0, secret: false, newId, log: unlogged }
}
