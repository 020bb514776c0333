import type { ActionDefinition, ActionRequest, ExplanationLine } from '../../../../src-shared/attack'
import { gapBetween, tenths, type Point } from '../../../../src-shared/geometry'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import { underArea } from '../../kit/positions'
import type { ActionResolution, AreaEffect, RulesCombatant, TargetArea } from '../../ruleset'
import { BLAST_LABELS, blastZone, healthAfterBlast, shockWaveOnly, type BlastZone } from '../damage/blast'
import { GRENADE_PROOF_COVER, mapShieldsFromShrapnel, shrapnelStoppedBy } from '../damage/grenade-cover'
import type { D10Sheet, Weapon } from '../sheet/d10-sheet'
import { d10Sheets } from '../d10-sheet-access'
import { oneAction } from './d10-economy'
import { throwGrenade, throwOptions } from './grenade-throw'

/*
 * `002 Grenades` (SR-D10-35…39, 43, 44): the GM aims at an area template; the throw is a Throwing
 * check from the thrower's token, refused past the grenade's effective range, and a miss comes down
 * elsewhere (the core moves the template there). Everyone whose token base the effective radius
 * round the burst touches dies, the casualty radius is incapacitated, unless behind grenade-proof
 * cover. Throwing it is "a non-complicated item … pull the pin and throwing a grenade": one action
 * (`002 Actions`, SR-D10-39).
 */

export const THROW_GRENADE = 'throw-grenade'
const WEAPON = 'weapon'
const SOURCE = '002 Grenades'

type Grenade = { readonly w: Weapon & { readonly blast: NonNullable<Weapon['blast']> }; readonly slot: number }
const grenades = (sheet: D10Sheet): Grenade[] =>
  sheet.weapons.flatMap((w, slot) => (w.blast ? [{ w: { ...w, blast: w.blast }, slot }] : []))

export function grenadeDefinitions(actor: RulesCombatant, sheet: D10Sheet): ActionDefinition[] {
  const list = grenades(sheet)
  if (!list.length) return []
  return [
    {
      key: THROW_GRENADE,
      label: 'Throw a grenade (at an area template)',
      target: 'area',
      options: [
        {
          key: WEAPON,
          label: 'Grenade',
          kind: 'choice',
          value: String(list[0]!.slot),
          choices: list.map(({ w, slot }) => ({
            value: String(slot),
            label: `${w.name} (${w.ammo} left; kills within ${w.blast.effective} m, incapacitates within ${w.blast.casualty} m)`,
          })),
        },
        ...throwOptions(actor),
      ],
      cost: '1 action',
      unavailable: list.every(({ w }) => w.ammo === 0) ? 'No grenades left.' : null,
    },
  ]
}

/** How far the blast's centre is from a token's base, to a tenth (the ring is judged by the base, SR-D10-36). */
const gap = (burst: Point, c: RulesCombatant): number | null =>
  c.position ? tenths(gapBetween({ ...burst, radius: 0 }, c.position)) : null

/**
 * SR-D10-35…39, 43, 44: the throw, then the blast on everyone under the template where it burst,
 * the thrower included when it stands there. `onScene` is everyone on the map: a scattered burst
 * catches whoever stands where it came down.
 */
export function performThrowGrenade(
  request: ActionRequest,
  actor: RulesCombatant,
  sheet: D10Sheet,
  area: TargetArea | undefined,
  dice: Dice,
  onScene: readonly RulesCombatant[],
): Result<ActionResolution> {
  const list = grenades(sheet)
  const slot = Number(request.options[WEAPON] ?? list.find(({ w }) => w.ammo > 0)?.slot ?? list[0]?.slot ?? -1)
  const g = list.find((x) => x.slot === slot)
  if (!g) return fail('grenade/none', `${actor.name} carries no grenade${list.length ? ` in slot ${slot + 1}` : ''} (${SOURCE}).`)
  if (g.w.ammo === 0) return fail('grenade/none', `${actor.name} has no ${g.w.name} left (${SOURCE}).`)
  if (!area) return fail('grenade/noArea', `Pick an area template on the map where the ${g.w.name} lands (SR-D10-36).`)
  const { effective, casualty } = g.w.blast
  // SR-D10-36: the core only lets us touch tokens under the template, so it must reach the casualty radius.
  if (area.radius < casualty)
    return fail(
      'grenade/templateSmall',
      `The template is ${area.radius} m across its radius; the ${g.w.name} reaches ${casualty} m: make it at least ${casualty} m (SR-D10-36).`,
    )
  const thrown = throwGrenade(request, actor, sheet, g.w, area, dice)
  if (!thrown.ok) return thrown
  const { landed } = thrown.value
  const burst: Point = landed ?? { x: area.x, y: area.y }
  // Under the template where it burst: the core moves the template there and judges by the same test.
  // With walls, both the list and the rings are judged by reach through them (SR-CORE-32, SR-D10-50).
  const under = landed ? underArea(onScene, { ...burst, radius: area.radius }, area.walls) : area.inside
  const struck = under.map((c) => {
    const d = gap(burst, c)
    const reached: BlastZone = c.position ? blastZone(burst, c.position, g.w.blast, area.walls) : 'outside'
    const covered = c.conditions.some((x) => x.conditionId === GRENADE_PROOF_COVER)
    // SR-D10-41: the shrapnel (piercing) stopped, the shock wave (bludgeoning) does one ring less.
    const shielded = reached !== 'outside' && mapShieldsFromShrapnel(area.walls, burst, c.position)
    const stopped = reached === 'outside' || covered ? null : shrapnelStoppedBy(c, d10Sheets.of(c), shielded)
    const zone = stopped ? shockWaveOnly(reached) : reached
    return { c, d, zone, covered, stopped, hp: healthAfterBlast(c.hp, c.maxHp, zone, covered) }
  })
  const after: D10Sheet = {
    ...sheet,
    weapons: sheet.weapons.map((w, i) => (i === g.slot ? { ...w, ammo: w.ammo - 1 } : w)),
  }
  const self = struck.find((s) => s.c.id === actor.id)
  const areaEffects: AreaEffect[] = struck
    .filter((s) => s.c.id !== actor.id && s.hp !== s.c.hp)
    .map((s) => ({ combatantId: s.c.id, rules: null, hp: s.hp }))
  const hurt = struck.filter((s) => s.hp !== s.c.hp)
  const lines: ExplanationLine[] = struck.map((s) => ({
    label: `${s.c.name}${s.d === null ? '' : ` (its base ${s.d} m from the burst)`}`,
    value:
      s.covered && s.zone !== 'outside'
        ? 'behind grenade-proof cover: unharmed'
        : s.stopped
          ? `${s.stopped} stops the shrapnel (piercing); the shock wave (bludgeoning): ${s.zone === 'outside' ? 'unharmed' : 'incapacitated'}${s.hp !== s.c.hp ? ` → ${s.hp}` : ''}`
          : `${BLAST_LABELS[s.zone]}${s.hp !== s.c.hp ? ` → ${s.hp}` : ''}`,
    source: s.covered
      ? 'SR-D10-38'
      : s.stopped
        ? `${SOURCE}, SR-D10-41${s.stopped === 'low cover on the map' ? ', SR-D10-51' : ''}`
        : `${SOURCE}, SR-D10-37`,
  }))
  const killed = hurt.filter((s) => s.zone === 'effective').map((s) => s.c.name)
  const downed = hurt.filter((s) => s.zone === 'casualty').map((s) => s.c.name)
  const told = [killed.length ? `kills ${killed.join(', ')}` : '', downed.length ? `incapacitates ${downed.join(', ')}` : '']
    .filter(Boolean)
    .join('; ')
  return ok({
    actorRules: d10Sheets.store(after),
    actorHp: self ? self.hp : actor.hp,
    targetRules: null,
    targetHp: null,
    areaEffects,
    summary: `${actor.name} throws the ${g.w.name} at ${area.label || 'the template'}: ${thrown.value.words}; ${told || 'no one is caught'} (${SOURCE})`,
    detail: [
      ...thrown.value.detail,
      {
        title: `Blast (bludgeoning and piercing): killed within ${effective} m, incapacitated within ${casualty} m of where it burst (a base the ring touches counts)`,
        lines,
      },
    ],
    rolls: thrown.value.rolls,
    cost: oneAction,
    ...(landed ? { landed } : {}),
  })
}
