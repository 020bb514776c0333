import type { ActionOdds, ActionRequest, OddsBand } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { Point } from '../../../../src-shared/geometry'
import type { RulesCombatant, TargetArea } from '../../ruleset'
import { actOdds } from '../../kit/act-odds'
import type { ContentLibrary } from '../content/content-library'
import { aimThrow, underTemplateAt } from '../cx-throw-aim'
import { explainSteps } from '../explain'
import { splitBlast } from '../protection/blast'
import { compassPoint, landingPoint, scatterDie } from '../ranged/scatter'
import type { CxCombatant } from '../sheet/cx-sheet'
import { weaponDamage } from '../stats/weapon-damage'

/*
 * The odds of a thrown grenade before it is thrown (000 Grenades, SR-CX-21..24), exact: every
 * face of the accuracy d10; for a miss every face of the scatter die (d4 or d10 m, SR-CX-22) and
 * of the d8 direction, each landing point read through the same template and blast geometry the
 * throw itself uses (`underTemplateAt`, `splitBlast`). At most 10 × 10 × 8 landings.
 */

interface Landing {
  readonly probability: number
  readonly onTarget: boolean
  readonly reached: readonly RulesCombatant[]
}

const FACES = (n: number) => Array.from({ length: n }, (_, i) => i + 1)

function landings(aim: Point, missChance: number, blastAt: (p: Point | null) => readonly RulesCombatant[]): Landing[] {
  return FACES(10).flatMap((natural): Landing[] => {
    if (natural > missChance) return [{ probability: 0.1, onTarget: true, reached: blastAt(null) }]
    const sides = scatterDie(natural, missChance)
    return FACES(sides).flatMap((metres) =>
      FACES(8).map((d8) => ({
        probability: 0.1 / sides / 8,
        onTarget: false,
        reached: blastAt(landingPoint(aim, metres, compassPoint(d8))),
      })),
    )
  })
}

export function cxThrowOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  library: ContentLibrary,
  onScene: readonly RulesCombatant[],
  template: TargetArea | undefined,
): Result<ActionOdds> {
  const aimed = aimThrow(request, actor, c, library, template)
  if (!aimed.ok) return aimed
  const { item, area, aim, chance } = aimed.value
  const radius = item.radius ?? 0
  const blastAt = (landed: Point | null) =>
    splitBlast(landed ?? aim, radius, underTemplateAt(area, landed, onScene), onScene, area.walls).reached
  const all = landings(aim, chance.total, blastAt)
  const onTarget = all.filter((l) => l.onTarget).reduce((s, l) => s + l.probability, 0)
  const people = new Map<string, { name: string; p: number }>()
  for (const l of all)
    for (const who of l.reached) {
      const seen = people.get(who.id) ?? { name: who.name, p: 0 }
      people.set(who.id, { ...seen, p: seen.p + l.probability })
    }
  const nobody = all.filter((l) => l.reached.length === 0).reduce((s, l) => s + l.probability, 0)
  const each = [...people.values()].map(({ name, p }) => ({
    name: `${name}${name === actor.name ? ' (the thrower)' : ''}`,
    outcomes: [
      { label: 'in the blast', probability: p },
      { label: 'clear', probability: 1 - p },
    ].filter((b): b is OddsBand => b.probability > 1e-12),
  }))
  const damage = weaponDamage(item.damage, c.stats).total
  const cooked = request.options['cook'] === true
  return ok(
    actOdds(
      [
        { label: 'on target', probability: onTarget },
        { label: 'scatters (SR-CX-22)', probability: 1 - onTarget },
      ],
      explainSteps([chance]),
      {
        each,
        note:
          `${damage} ${item.damage.type} to each one in the blast (SR-CX-23)` +
          (cooked ? '; cooked, so nobody may dive clear (000 Grenades)' : '; uncooked, each may try to dive clear first (SR-CX-57)') +
          (nobody > 0 ? `; lands on no one ${(nobody * 100).toFixed(1)}%` : '') +
          '.',
      },
    ),
  )
}
