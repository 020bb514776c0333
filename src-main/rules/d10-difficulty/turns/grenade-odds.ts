import type { ActionOdds, ActionRequest, OddsBand } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import { actOdds } from '../../kit/act-odds'
import { everyRoll } from '../../kit/every-roll'
import type { ActionResolution, RulesCombatant, TargetArea } from '../../ruleset'
import { d10Sheets } from '../d10-sheet-access'
import { performThrowGrenade } from './d10-grenade'

/*
 * The odds of a thrown grenade before it is thrown (002 Grenades, SR-D10-35…39, 43, 44): the throw
 * is played once for every way its dice can fall (the throw's own roll, then the scatter's for a
 * miss) and what each way does to each one on the map is read off the result, so the odds are the
 * throw's own rules: where it lands, the rings, cover and armour that stop the shrapnel.
 */

type Fate = 'killed' | 'incapacitated' | 'unharmed'

/** The blast's effect read from the health it leaves (`healthAfterBlast`: killed is below −max, incapacitated 0). */
function fateOf(person: RulesCombatant, r: ActionResolution, actorId: string): Fate {
  const hp = person.id === actorId ? r.actorHp : (r.areaEffects?.find((e) => e.combatantId === person.id)?.hp ?? person.hp)
  if (hp === person.hp) return 'unharmed'
  return hp <= -Math.max(1, person.maxHp) ? 'killed' : 'incapacitated'
}

export function d10GrenadeOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  area: TargetArea | undefined,
  onScene: readonly RulesCombatant[],
): Result<ActionOdds> | null {
  const sheet = d10Sheets.of(actor)
  if (!sheet) return null
  const ways = everyRoll((dice) => performThrowGrenade(request, actor, sheet, area, dice, onScene))
  if (!ways) return null
  const refused = ways.find((w) => !w.result.ok)
  if (refused && !refused.result.ok) return refused.result
  const people = [actor, ...onScene.filter((p) => p.id !== actor.id)]
  const chance = new Map<string, Record<Fate, number>>(people.map((p) => [p.id, { killed: 0, incapacitated: 0, unharmed: 0 }]))
  let aimed = 0
  for (const { probability, result } of ways) {
    if (!result.ok) continue
    if (!result.value.landed) aimed += probability
    for (const p of people) chance.get(p.id)![fateOf(p, result.value, actor.id)] += probability
  }
  const each = people.flatMap((p) => {
    const c = chance.get(p.id)!
    if (c.unharmed >= 1 - 1e-12) return []
    const outcomes: OddsBand[] = (['killed', 'incapacitated', 'unharmed'] as const)
      .map((f) => ({ label: f, probability: c[f] }))
      .filter((b) => b.probability > 1e-12)
    return [{ name: p.id === actor.id ? `${p.name} (the thrower)` : p.name, outcomes }]
  })
  return ok(
    actOdds(
      [
        { label: 'lands where aimed', probability: aimed },
        { label: 'scatters (SR-D10-44)', probability: 1 - aimed },
      ],
      [],
      { each, note: each.length ? null : 'No one on the map can be caught, wherever it lands.' },
    ),
  )
}
