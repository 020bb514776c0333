import type { ActionDefinition } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import type { ReloadTime, Sheet } from '../sheet/sheet-schema'
import { costOf, minorsCost, minorsLeft, whyNot } from '../turns/economy'
import { acted, offer } from './resolution'

/*
 * `004 Drawing and Reloading`: "Most weapons can be … reloaded in a minor action. There are some
 * weapons that are exceptionally heavy which may require more time to reload." Each weapon says
 * what its reload costs: minor actions (paid as T3 pays minor acts: the minor action, then halves
 * of the significant one) or the significant action.
 */

const SOURCE = '004 Drawing and Reloading'

export const reloadText = (t: ReloadTime): string =>
  t === 'significant' ? 'a significant action' : t === 1 ? 'a minor action' : `${t} minor actions`

/** Why this reload cannot be paid now (T3), or null. */
function unpaid(t: ReloadTime, c: RulesCombatant): string | null {
  if (t === 'significant') return whyNot('significant', c)
  const turn = whyNot('minor', c)
  if (turn) return turn
  if (c.acting === true && minorsLeft(c) < t)
    return `reloading it takes ${reloadText(t)}; ${minorsLeft(c)} minor act(s) are left this round (T3)`
  return null
}

export function reloadDefinition(actor: RulesCombatant, s: Sheet): ActionDefinition {
  const guns = s.weapons.map((w, i) => ({ w, i })).filter(({ w }) => w.magazine > 0)
  const reloadable = guns.filter(({ w }) => w.spareMagazines > 0 && w.ammo < w.magazine)
  const def = offer(
    actor,
    'minor',
    {
      key: 'reload',
      label: 'Reload a weapon',
      target: 'none',
      options: [
        {
          key: 'weapon',
          label: 'Weapon',
          kind: 'choice',
          value: String(reloadable[0]?.i ?? guns[0]?.i ?? 0),
          choices: guns.map(({ w, i }) => ({ value: String(i), label: `${w.name} (${w.ammo}/${w.magazine}, ${reloadText(w.reload)})` })),
        },
      ],
    },
    guns.length === 0 ? 'no weapon that takes magazines' : reloadable.length === 0 ? 'every magazine is full or none are spare' : null,
  )
  return guns.some(({ w }) => w.reload !== 1) ? { ...def, cost: 'as the weapon says (minor actions or a significant action)' } : def
}

/** A full magazine in, paid with the weapon's reload time. */
export function performReload(actor: RulesCombatant, s: Sheet, options: Readonly<Record<string, unknown>>): Result<ActionResolution> {
  const slot = Number(options['weapon'] ?? 0)
  const w = s.weapons[slot]
  if (!w || w.magazine === 0) return fail('action/noWeapon', `No weapon that takes magazines in slot ${slot + 1}.`)
  if (w.spareMagazines === 0) return fail('action/unavailable', `No spare magazine for the ${w.name}.`)
  const why = unpaid(w.reload, actor)
  if (why) return fail('action/unavailable', `${actor.name} cannot reload the ${w.name}: ${why}.`)
  const weapons = s.weapons.map((x, i) => (i === slot ? { ...x, ammo: x.magazine, spareMagazines: x.spareMagazines - 1 } : x))
  const cost = w.reload === 'significant' ? costOf('significant', actor) : minorsCost(w.reload, actor)
  return ok(
    acted(
      actor,
      { ...s, weapons },
      w.reload === 'significant' ? 'significant' : 'minor',
      `${actor.name} reloads the ${w.name}: ${w.magazine} rounds, ${w.spareMagazines - 1} spare magazine(s) (${reloadText(w.reload)}, ${SOURCE})`,
      { cost },
    ),
  )
}
