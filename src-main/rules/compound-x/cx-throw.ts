import type { ActionDefinition, ActionRequest, ExplanationSection } from '../../../src-shared/attack'
import type { RollRecord } from '../../../src-shared/dice'
import { ok, type Result } from '../../../src-shared/result'
import type { Point } from '../../../src-shared/geometry'
import type { Dice } from '../dice'
import { note } from '../kit/modifier'
import type { ActionResolution, AreaEffect, RulesCombatant, TargetArea } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { applyCxDamage } from './cx-damage'
import { aimLostToBlast } from './cx-aim-end'
import { priced } from './cx-costs'
import { rollDodges } from './cx-dodge'
import { explainSteps } from './explain'
import { grappleShare, splitBlast } from './protection/blast'
import { grapplePartner } from './cx-grapple'
import { compassPoint, landingPoint, scatterDie } from './ranged/scatter'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { weaponDamage } from './stats/weapon-damage'
import { aimThrow, explosivesOf, MIN_EXPLOSIVES, underTemplateAt } from './cx-throw-aim'

export { MIN_EXPLOSIVES }

/** `000` Grenades, "Throw a grenade" at an area template (issue 14, CX1). */

export const THROW_GRENADE = 'throw-grenade'

/**
 * SR-CX-25: the `000` Actions list prices no throw; a throw is one action, as "Firing a
 * Semi-Auto Gun: 1 Action" is, and cooking adds the 1 action `000` Grenades names.
 */
const throwCost = (cooked: boolean) =>
  priced({ kind: 'other', label: cooked ? 'cook and throw a grenade' : 'throw a grenade', actions: cooked ? 2 : 1 })

const D10 = { count: 1, sides: 10, modifier: 0 }
const D8 = { count: 1, sides: 8, modifier: 0 }

/** Why this combatant cannot throw any grenade now, or null. */
function throwBlocked(c: CxCombatant): string | null {
  if (c.grenades.every((g) => g.count === 0)) return 'No grenade left.'
  const skill = explosivesOf(c)
  if (skill < MIN_EXPLOSIVES) return `Explosives ${skill}: grenades need at least ${MIN_EXPLOSIVES} (000 Grenades).`
  return null
}

/** Offered only to a combatant whose sheet carries grenades (SR-CX-20); the others never see it. */
export function throwDefinitions(c: CxCombatant, library: ContentLibrary): ActionDefinition[] {
  if (c.grenades.length === 0) return []
  const lines = c.grenades.map((g, i) => ({ i, g, name: library.get('thrown-weapons', g.itemId)?.name ?? g.itemId }))
  const first = lines.find((l) => l.g.count > 0) ?? lines[0]!
  return [
    {
      key: THROW_GRENADE,
      label: 'Throw a grenade',
      target: 'area',
      options: [
        {
          key: 'grenade',
          label: 'Grenade',
          kind: 'choice',
          value: String(first.i),
          choices: lines.map(({ i, g, name }) => ({ value: String(i), label: `${name} (${g.count} left)` })),
        },
        { key: 'cook', label: 'Cook it first: no dodge (+1 action, 000 Grenades)', kind: 'toggle', value: false },
      ],
      cost: throwCost(false).text,
      unavailable: throwBlocked(c),
    },
  ]
}

/** The sheet with one grenade of that line spent. */
const spendOne = (c: CxCombatant, slot: number): CxCombatant => ({
  ...c,
  grenades: c.grenades.map((g, i) => (i === slot ? { ...g, count: g.count - 1 } : g)),
})

const article = (name: string) => (/^[aeiou]/i.test(name) ? 'an' : 'a')

interface BlastApplied {
  readonly actorRules: ActionResolution['actorRules']
  readonly actorHp: number
  readonly targetRules: ActionResolution['targetRules']
  readonly targetHp: number | null
  readonly areaEffects: AreaEffect[]
  /** One breakdown line per person hurt. */
  readonly hurt: string[]
  /** Those whose damage a grapple halved (SR-CX-27). */
  readonly sharing: string[]
  readonly rolls: RollRecord[]
}

/**
 * The blast's damage on each one it reaches, by the typed-damage path, sorted into the fields the
 * core takes: the actor's and the named target's own, everyone else's as area effects.
 */
function applyBlast(
  reached: readonly RulesCombatant[],
  amount: number,
  type: string,
  who: { readonly actor: RulesCombatant; readonly target: RulesCombatant | null },
  library: ContentLibrary,
  dice: Dice,
): Result<BlastApplied> {
  const out: BlastApplied = {
    actorRules: who.actor.rules,
    actorHp: who.actor.hp,
    targetRules: null,
    targetHp: null,
    areaEffects: [],
    hurt: [],
    sharing: [],
    rolls: [],
  }
  // A grenade of no damage (smoke, flash-bang) changes nobody but the thrower's count.
  if (amount === 0) return ok(out)
  const reachedIds = reached.map((p) => p.id)
  let next = out
  for (const person of reached) {
    // SR-CX-23: everyone in the radius takes the item's full damage, through protection by its
    // type as typed damage does (explosive and internal pass armour and shields, CX13; SR-CX-2).
    const share = grappleShare(amount, grapplePartner(person), reachedIds)
    const r = applyCxDamage(person, share, type, library, dice)
    if (!r.ok) return r
    const split = share === amount ? '' : `${share} of ${amount}, shared with the one it grapples (SR-CX-27); `
    const lines = r.value.lines.length ? ` (${r.value.lines.join('; ')})` : ''
    next = {
      ...next,
      hurt: [...next.hurt, `${person.name}: ${split}${person.hp} → ${r.value.hp} hp${lines}`],
      sharing: share === amount ? next.sharing : [...next.sharing, person.name],
      rolls: [...next.rolls, ...r.value.rolls],
    }
    if (person.id === who.actor.id) next = { ...next, actorRules: r.value.rules, actorHp: r.value.hp }
    else if (person.id === who.target?.id) next = { ...next, targetRules: r.value.rules, targetHp: r.value.hp }
    else next = { ...next, areaEffects: [...next.areaEffects, { combatantId: person.id, rules: r.value.rules, hp: r.value.hp }] }
  }
  return ok(next)
}

const at = (p: Point) => `(${p.x}, ${p.y})`

export function performThrow(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
  dice: Dice,
  onScene: readonly RulesCombatant[],
  template: TargetArea | undefined,
): Result<ActionResolution> {
  const thrown = aimThrow(request, actor, c, library, template)
  if (!thrown.ok) return thrown
  const { slot, item, aim, chance, area } = thrown.value
  const cooked = request.options['cook'] === true
  const rolls: RollRecord[] = []
  const roll = (expr: typeof D10, purpose: string) => {
    const r = dice.roll(expr, purpose)
    rolls.push(r)
    return r.total
  }
  const natural = roll(D10, 'throw accuracy')
  const hit = natural > chance.total
  const story: string[] = [`d10 ${natural} ${hit ? '>' : '≤'} miss chance ${chance.total}: ${hit ? 'on target' : 'off target'}`]
  let burst = aim
  if (!hit) {
    // `000` Grenades: d4 m off within 1 miss chance of the minimum, d10 m beyond (SR-CX-22).
    const sides = scatterDie(natural, chance.total)
    const metres = roll({ count: 1, sides, modifier: 0 }, 'scatter distance')
    const towards = compassPoint(roll(D8, 'scatter direction'))
    burst = landingPoint(aim, metres, towards)
    story.push(`scatters d${sides} ${metres} m ${towards} (d8, SR-CX-22), landing at ${at(burst)}`)
  }
  const radius = item.radius ?? 0
  const spent = spendOne(c, slot)
  const actorNow: RulesCombatant = { ...actor, rules: cxSheets.store(spent) }
  const scattered = !hit
  // The actor and the named target change through their own fields; the rest through areaEffects.
  const candidates = underTemplateAt(area, scattered ? burst : null, onScene).map((p) => (p.id === actor.id ? actorNow : p))
  const { reached, outside } = splitBlast(burst, radius, candidates, onScene, area.walls)
  const damage = weaponDamage(item.damage, c.stats)
  // SR-CX-57: uncooked, each one reached who can act tries to dive clear first (Reflex −10 vs the item's DC).
  const dodges = cooked || damage.total === 0 ? null : rollDodges(reached, item, dice)
  rolls.push(...(dodges?.rolls ?? []))
  const caught = reached.filter((p) => !dodges?.clear.has(p.id))
  const blast = applyBlast(caught, damage.total, item.damage.type, { actor: actorNow, target }, library, dice)
  if (!blast.ok) return blast
  // 000 Aiming (SR-CX-72, SR-CX-75): the blast's aftermath on aim, from cx-aim-end.ts.
  const grenade = { name: item.name, type: item.damage.type, amount: damage.total }
  const aimed = aimLostToBlast(blast.value, { reached, actor: actorNow, target, onScene, grenade })
  const { actorRules, actorHp, targetRules, targetHp, areaEffects, hurt, sharing, othersRules } = aimed
  rolls.push(...blast.value.rolls)
  // Issue 31: the log names who was hit, or says no one was.
  const names = caught.map((p) => p.name).join(', ') || 'no one'
  const dodge = cooked
    ? 'cooked: nobody may dodge (000 Grenades)'
    : dodges?.lines.length
      ? dodges.lines.join('; ')
      : `not cooked: ${damage.total === 0 ? 'no damage to dodge' : 'nobody in the blast could dodge'} (SR-CX-57)`
  const shared = sharing.length ? `; ${sharing.join(' and ')} grapple: ${Math.floor(damage.total / 2)} each (SR-CX-27)` : ''
  const beyond = outside.length
    ? `; also in the blast but outside the template, for the GM to apply by hand (SR-CX-24): ${outside.map((p) => p.name).join(', ')}`
    : ''
  const cost = throwCost(cooked)
  const detail: ExplanationSection[] = [
    ...explainSteps([chance, damage]),
    {
      title: 'Blast',
      lines: [
        ...story.map((s) => note(s, '')),
        note(`${radius} m around ${at(burst)}: full damage to every base it touches, none beyond (SR-CX-23)`, '', 'SR-CX-23'),
        ...(scattered ? [note(`the template ${area.label} moves to ${at(burst)}, where it landed (SR-CX-24)`, '', 'SR-CX-24')] : []),
        ...hurt.map((h) => note(h, '')),
        ...outside.map((p) => note(`${p.name} is in the blast outside the template: apply by hand`, '', 'SR-CX-24')),
        note(dodge, ''),
      ],
    },
  ]
  return ok({
    actorRules,
    actorHp,
    targetRules,
    targetHp,
    areaEffects,
    summary: `${actor.name} ${cooked ? 'cooks and throws' : 'throws'} ${article(item.name)} ${item.name} at ${area.label}: ${story.join('; ')}; ${damage.total} ${item.damage.type} to ${names}${shared}${beyond}; ${dodge}`,
    detail,
    rolls,
    cost: cost.cost,
    ...(scattered ? { landed: burst } : {}),
    ...(othersRules ? { othersRules } : {}),
  })
}
