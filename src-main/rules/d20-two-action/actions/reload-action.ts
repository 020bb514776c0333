import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { reloadable, reloaded } from '../combat/ammunition'
import { DOC } from '../d20-terms'
import type { D20Sheet } from '../sheet/d20-sheet'
import { d20Sheets } from '../sheet/d20-sheets'
import { resolution } from './resolution'

/*
 * `003 Combat Actions` Reload: "One Action (unless specified) … by default is a half action",
 * against `003 Taking Action`, which lists "Reloading a gun" under Two Actions. The Combat
 * Actions table is the specific entry, so a reload is One Action (SR-D20-31).
 */

export const RELOAD = 'reload'
const WEAPON = 'weapon'
const RELOAD_ACTIONS = 1

const magazineGuns = (sheet: D20Sheet): number[] => sheet.weapons.flatMap((w, i) => (w.attack === 'ranged' && w.magazine ? [i] : []))

/** Spare magazines the gun in this slot has (0 without a magazine). */
function magazineSpares(sheet: D20Sheet, slot: number): number {
  const w = sheet.weapons[slot]
  return w?.attack === 'ranged' && w.magazine ? w.magazine.spares : 0
}

export function reloadDefinition(sheet: D20Sheet): ActionDefinition {
  const guns = magazineGuns(sheet)
  const open = reloadable(sheet)
  const label = (i: number): string => {
    const w = sheet.weapons[i]!
    const m = w.attack === 'ranged' ? w.magazine : null
    return m ? `${w.name} (${m.loaded}/${m.capacity}, ${m.spares} spare)` : w.name
  }
  const first = open.find((i) => magazineSpares(sheet, i) > 0) ?? open[0]
  return {
    key: RELOAD,
    label: 'Reload',
    target: 'none',
    options:
      guns.length > 0
        ? [
            {
              key: WEAPON,
              label: 'Gun',
              kind: 'choice',
              value: String(first ?? guns[0]),
              choices: guns.map((i) => ({ value: String(i), label: label(i) })),
            },
          ]
        : [],
    cost: '1 action',
    unavailable: guns.length > 0 && open.every((i) => magazineSpares(sheet, i) === 0) ? 'No gun has both room and a spare magazine.' : null,
  }
}

/**
 * Puts a full spare in the chosen gun (SR-D20-31). A sheet whose guns keep no magazine (a bow,
 * a sheet stored before magazines) reloads as before: the action and its cost, the rest the GM's.
 */
export function performReload(request: ActionRequest, c: RulesCombatant, sheet: D20Sheet): Result<ActionResolution> {
  const guns = magazineGuns(sheet)
  const cost = `${RELOAD_ACTIONS} action, ${DOC.actions}, SR-D20-31`
  if (guns.length === 0) return ok(resolution(c, `${c.name} reloads (${cost})`, { actions: RELOAD_ACTIONS }))
  const slot = Number(request.options[WEAPON] ?? reloadable(sheet)[0] ?? guns[0])
  const done = Number.isInteger(slot) ? reloaded(sheet, slot) : null
  if (!done)
    return fail('action/noMagazine', `${c.name} has no gun with a magazine in slot ${String(request.options[WEAPON])} (${DOC.actions}).`)
  if (done.refusal) return fail('action/cannotReload', `${c.name} cannot reload: ${done.refusal}`)
  const w = done.sheet.weapons[slot]!
  const m = w.attack === 'ranged' ? w.magazine : null
  return ok(
    resolution(c, `${c.name} reloads the ${w.name}: ${m?.loaded ?? 0} rounds, ${m?.spares ?? 0} spare left (${cost})`, {
      actions: RELOAD_ACTIONS,
      actorRules: d20Sheets.store(done.sheet),
    }),
  )
}
