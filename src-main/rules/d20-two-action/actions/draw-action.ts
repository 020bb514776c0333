import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { DOC } from '../d20-terms'
import type { D20Sheet } from '../sheet/d20-sheet'
import { d20Sheets } from '../sheet/d20-sheets'
import { drawnSlots, needsDrawing, withDrawn } from '../sheet/drawn'
import { resolution } from './resolution'

/*
 * `003 Combat Actions` Draw/Sheath weapon, One Action: "Draw or sheath a weapon. If dual
 * wielding, drawing both at the same time is a One Action. Sheathing is One Action per weapon."
 * The choice names the slot ("1") or, for two weapons drawn together, both ("0+1").
 */

export const DRAW = 'draw'
const WEAPON = 'weapon'

/** The draws first (each weapon not in hand, then pairs drawn together), then the sheathes. */
function choices(sheet: D20Sheet): { value: string; label: string }[] {
  const inHand = drawnSlots(sheet)
  const slots = sheet.weapons.flatMap((w, i) => (needsDrawing(w) ? [i] : []))
  const undrawn = slots.filter((i) => !inHand.includes(i))
  const name = (i: number) => sheet.weapons[i]!.name
  const draws = undrawn.map((i) => ({ value: String(i), label: `Draw the ${name(i)}` }))
  const pairs = undrawn.flatMap((i, n) =>
    undrawn.slice(n + 1).map((j) => ({ value: `${i}+${j}`, label: `Draw the ${name(i)} and the ${name(j)} together` })),
  )
  const sheathes = inHand.map((i) => ({ value: String(i), label: `Sheathe the ${name(i)}` }))
  return [...draws, ...pairs, ...sheathes]
}

export function drawDefinition(sheet: D20Sheet): ActionDefinition {
  const open = choices(sheet)
  return {
    key: DRAW,
    label: 'Draw or sheathe a weapon',
    target: 'none',
    options: open.length ? [{ key: WEAPON, label: 'Weapon', kind: 'choice', value: open[0]!.value, choices: open }] : [],
    cost: '1 action',
    unavailable: open.length ? null : 'It carries no weapon to draw (spells and bare hands need none).',
  }
}

/** Draws or sheathes the chosen weapon(s), changing what is in hand on the sheet (One Action). */
export function performDraw(request: ActionRequest, c: RulesCombatant, sheet: D20Sheet): Result<ActionResolution> {
  const picked = String(request.options[WEAPON] ?? choices(sheet)[0]?.value ?? '')
  const slots = picked.split('+').map(Number)
  const bad = slots.find((i) => !Number.isInteger(i) || !sheet.weapons[i] || !needsDrawing(sheet.weapons[i]))
  if (slots.length === 0 || slots.length > 2 || bad !== undefined)
    return fail('action/noWeapon', `${c.name} has no weapon to draw or sheathe as "${picked}" (${DOC.actions}).`)
  const inHand = drawnSlots(sheet)
  const names = slots.map((i) => `the ${sheet.weapons[i]!.name}`).join(' and ')
  if (slots.length === 2) {
    if (slots.some((i) => inHand.includes(i)))
      return fail(
        'action/sheatheOneByOne',
        `${c.name} can draw two weapons together, but sheathing is One Action per weapon (${DOC.actions}).`,
      )
    const next = withDrawn(sheet, slots, true)
    return ok(
      resolution(c, `${c.name} draws ${names} together (1 action, ${DOC.actions})`, { actions: 1, actorRules: d20Sheets.store(next) }),
    )
  }
  const drawing = !inHand.includes(slots[0]!)
  const next = withDrawn(sheet, slots, drawing)
  return ok(
    resolution(c, `${c.name} ${drawing ? 'draws' : 'sheathes'} ${names} (1 action, ${DOC.actions})`, {
      actions: 1,
      actorRules: d20Sheets.store(next),
    }),
  )
}
