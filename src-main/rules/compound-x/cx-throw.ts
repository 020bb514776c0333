import type { ActionDefinition, ActionRequest, ExplanationSection } from '../../../src-shared/attack'
import type { RollRecord } from '../../../src-shared/dice'
import { fail, ok, type Result } from '../../../src-shared/result'
import { TYPED_DISTANCE, type Footprint, type Point } from '../../../src-shared/geometry'
import { actDistance, mapDistance, underArea } from '../kit/positions'
import { optionNumber } from '../kit/options'
import type { Dice } from '../dice'
import { note } from '../kit/modifier'
import type { ActionResolution, AreaEffect, RulesCombatant, TargetArea } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import type { ThrownWeapon } from './content/pack-schema'
import { applyCxDamage } from './cx-damage'
import { aimLostToBlast } from './cx-aim-end'
import { priced } from './cx-costs'
import { rollDodges } from './cx-dodge'
import { explainSteps } from './explain'
import { grappleShare, splitBlast } from './protection/blast'
import { grapplePartner } from './cx-grapple'
import { compassPoint, landingPoint, scatterDie } from './ranged/scatter'
import { throwMissChance } from './ranged/throw-accuracy'
import { maxThrowDistance, throwProfile } from './ranged/throw-profile'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { weaponDamage } from './stats/weapon-damage'

/** `000` Grenades, "Throw a grenade" at an area template (issue 14, CX1). */

export const THROW_GRENADE = 'throw-grenade'

/** `000` Grenades: "All grenades require an explosives skill of at least 6 to use." */
export const MIN_EXPLOSIVES = 6
const EXPLOSIVES = 'Explosives'

/**
 * SR-CX-25: the `000` Actions list prices no throw; a throw is one action, as "Firing a
 * Semi-Auto Gun: 1 Action" is, and cooking adds the 1 action `000` Grenades names.
 */
const throwCost = (cooked: boolean) =>
  priced({ kind: 'other', label: cooked ? 'cook and throw a grenade' : 'throw a grenade', actions: cooked ? 2 : 1 })

const D10 = { count: 1, sides: 10, modifier: 0 }
const D8 = { count: 1, sides: 8, modifier: 0 }

const explosivesOf = (c: CxCombatant) => c.skills[EXPLOSIVES] ?? 0

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

interface Thrown {
  readonly slot: number
  readonly item: ThrownWeapon
}

/** The grenade line the request names, refused by name when it is not one that can be thrown. */
export function pickGrenade(request: ActionRequest, actor: RulesCombatant, c: CxCombatant, library: ContentLibrary): Result<Thrown> {
  const slot = Number(request.options['grenade'] ?? 0)
  const line = c.grenades[slot]
  if (!line) return fail('grenade/none', `${actor.name} carries no grenade in line ${slot + 1}.`)
  const item = library.get('thrown-weapons', line.itemId)
  if (!item || item.kind !== 'grenade') return fail('grenade/unknownItem', `"${line.itemId}" is not a grenade in the content packs.`)
  if (line.count === 0) return fail('grenade/noneLeft', `${actor.name} has no ${item.name} left.`)
  const skill = explosivesOf(c)
  if (skill < MIN_EXPLOSIVES)
    return fail('grenade/skill', `${actor.name} has Explosives ${skill}: grenades need at least ${MIN_EXPLOSIVES} (000 Grenades).`)
  return ok({ slot, item })
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

/** The aim point as the kit measures it: a point on the map, with no base of its own. */
const aimOf = (area: TargetArea): { readonly position: Footprint } => ({ position: { x: area.x, y: area.y, radius: 0 } })

/**
 * SR-CX-24 (issue 31): those under the template where the burst came down. On target, the template
 * as the GM placed it (the core's list). Scattered, the core moves the template to the landing
 * point (`landed`), so it is everyone whose base the same circle touches there: the one test
 * (`touchesArea`, SR-CORE-10) the core, the map and the blast all use, so the rules cannot
 * hit anyone the core would refuse, nor miss anyone it would draw under the template.
 */
export function underTemplateAt(area: TargetArea, landed: Point | null, onScene: readonly RulesCombatant[]): readonly RulesCombatant[] {
  return landed ? underArea(onScene, { x: landed.x, y: landed.y, radius: area.radius }) : area.inside
}

/** A typed distance may differ from the map's by the desk's rounding, not more (as the core holds an attack's). */
const TYPED_TOLERANCE = 0.05

/**
 * SR-CX-21, SR-CX-150 (issue 31): how far the grenade is thrown. On the map, from the thrower's
 * token to the aim point (the template's centre), centre to centre, to the tenth the desk prints
 * and compares; a typed distance that is not the map's is refused. With no token to measure from
 * (off the map, or positions set aside by the GM for this act, logged by the core), the distance
 * the GM typed; with neither, it cannot be judged.
 */
export function throwDistance(request: ActionRequest, actor: RulesCombatant, area: TargetArea): Result<number> {
  const typed = optionNumber(request.options, TYPED_DISTANCE)
  const onMap = mapDistance(actor, aimOf(area))
  if (onMap === null && typed === undefined)
    return fail(
      'grenade/noPosition',
      `${actor.name} has no token on the scene in play (or positions were set aside) and no distance was typed: how far ${area.label} is cannot be judged.`,
    )
  if (onMap !== null && typed !== undefined && Math.abs(typed - onMap) > TYPED_TOLERANCE)
    return fail(
      'position/distanceNotTheMaps',
      `${area.label} is ${onMap} m from ${actor.name} on the map, not ${typed} m: the map decides. Set positions aside for this throw to use your distance.`,
    )
  return ok(actDistance(request.options, actor, aimOf(area), 0))
}

export function performThrow(
  request: ActionRequest,
  actor: RulesCombatant,
  c: CxCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
  dice: Dice,
  onScene: readonly RulesCombatant[],
  area: TargetArea | undefined,
): Result<ActionResolution> {
  if (!area) return fail('grenade/noArea', 'Throw a grenade is aimed at an area: pick a template on the map.')
  const picked = pickGrenade(request, actor, c, library)
  if (!picked.ok) return picked
  const { slot, item } = picked.value
  const profile = throwProfile(item)
  if (!profile) return fail('grenade/notThrown', `The ${item.name} is not thrown: its list gives no throw (${item.note ?? 'no note'}).`)
  const aim: Point = { x: area.x, y: area.y }
  const measured = throwDistance(request, actor, area)
  if (!measured.ok) return measured
  const distance = measured.value
  const reach = maxThrowDistance(profile, c.stats)
  // SR-CX-21: farther than the thrower's reach is refused, with both distances.
  if (distance > reach.metres)
    return fail(
      'grenade/outOfRange',
      `${area.label} is ${distance} m from ${actor.name}; the ${item.name} reaches ${reach.metres} m (${profile.baseRange} + ${profile.perStat} × ${reach.stat.toUpperCase()}, 000 Thrown Weapons).`,
    )
  const cooked = request.options['cook'] === true
  const rolls: RollRecord[] = []
  const roll = (expr: typeof D10, purpose: string) => {
    const r = dice.roll(expr, purpose)
    rolls.push(r)
    return r.total
  }
  const chance = throwMissChance({
    profile,
    stats: c.stats,
    accuracyModifier: item.accuracyModifier ?? 0,
    distance,
    maxDistance: reach.metres,
  })
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
  const { reached, outside } = splitBlast(burst, radius, candidates, onScene)
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
