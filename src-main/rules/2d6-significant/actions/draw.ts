import type { ActionDefinition } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { drawnSlots, withDrawn } from '../sheet/drawn'
import type { Sheet } from '../sheet/sheet-schema'
import { acted, offer } from './resolution'

/*
 * `004 Drawing and Reloading`: "Most weapons can be drawn/reloaded in a minor action." Drawing is
 * its own minor action; putting a weapon away is a free action (SR-2D6-10: the text prices only
 * drawing, and free actions are "insignificant actions as determined by the GM").
 */

export const DRAW = 'draw'
export const STOW = 'stow'
const SOURCE = '004 Drawing and Reloading'

const weaponChoice = (s: Sheet, slots: readonly number[]) => ({
  key: 'weapon',
  label: 'Weapon',
  kind: 'choice' as const,
  value: String(slots[0] ?? 0),
  choices: slots.map((i) => ({ value: String(i), label: s.weapons[i]!.name })),
})

export function drawDefinitions(actor: RulesCombatant, s: Sheet): ActionDefinition[] {
  const inHand = drawnSlots(s)
  const away = s.weapons.flatMap((_, i) => (inHand.includes(i) ? [] : [i]))
  return [
    offer(
      actor,
      'minor',
      { key: DRAW, label: 'Draw a weapon', target: 'none', options: away.length ? [weaponChoice(s, away)] : [] },
      away.length ? null : 'every weapon it carries is in hand',
    ),
    offer(
      actor,
      'free',
      { key: STOW, label: 'Put a weapon away', target: 'none', options: inHand.length ? [weaponChoice(s, inHand)] : [] },
      inHand.length ? null : 'no weapon in hand',
    ),
  ]
}

const slotOf = (options: Readonly<Record<string, unknown>>, fallback: number | undefined) => Number(options['weapon'] ?? fallback ?? -1)

/** A minor action: the chosen weapon comes to hand. */
export function performDraw(actor: RulesCombatant, s: Sheet, options: Readonly<Record<string, unknown>>): Result<ActionResolution> {
  const inHand = drawnSlots(s)
  const slot = slotOf(
    options,
    s.weapons.findIndex((_, i) => !inHand.includes(i)),
  )
  const w = s.weapons[slot]
  if (!w) return fail('action/noWeapon', `${actor.name} carries no weapon in slot ${slot + 1}.`)
  if (inHand.includes(slot)) return fail('action/noChange', `The ${w.name} is already in ${actor.name}'s hand.`)
  return ok(acted(actor, withDrawn(s, slot, true), 'minor', `${actor.name} draws the ${w.name} (a minor action, ${SOURCE})`))
}

/** A free action: the chosen weapon goes away (SR-2D6-10). */
export function performStow(actor: RulesCombatant, s: Sheet, options: Readonly<Record<string, unknown>>): Result<ActionResolution> {
  const inHand = drawnSlots(s)
  const slot = slotOf(options, inHand[0])
  const w = s.weapons[slot]
  if (!w) return fail('action/noWeapon', `${actor.name} carries no weapon in slot ${slot + 1}.`)
  if (!inHand.includes(slot)) return fail('action/noChange', `The ${w.name} is not in ${actor.name}'s hand.`)
  return ok(acted(actor, withDrawn(s, slot, false), 'free', `${actor.name} puts the ${w.name} away (a free action, SR-2D6-10)`))
}
