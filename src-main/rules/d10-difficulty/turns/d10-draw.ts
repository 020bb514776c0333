import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { ActionResolution, PoolCost, RulesCombatant } from '../../ruleset'
import { plural } from '../../kit/format'
import { d10Sheets } from '../d10-sheet-access'
import { CARRY_LABELS, type CarryPlace, type D10Sheet, type Weapon } from '../sheet/d10-sheet'
import { FREE, oneAction, oneFree, spent } from './d10-economy'

/*
 * `002 Drawing`: "Drawing a pistol or a knife from a holster takes one action … the same applies
 * if you carry the knife or the pistol in a slot of a body armor. If the weapon is not in a slot
 * of an armor, or in a holster … it takes two actions to draw the weapon." With one action a
 * round (D3), a two-action draw is begun by one draw action and finished by the next (SR-D10-10).
 */

export const DRAW = 'draw'
export const STOW = 'stow'
const WEAPON = 'weapon'
const SOURCE = '002 Drawing'

/** `002 Drawing`: actions to draw from each carry place. */
export const DRAW_ACTIONS: Readonly<Record<CarryPlace, 1 | 2>> = { holster: 1, armour: 1, other: 2 }

/** Where the draw comes from, in words. */
export const FROM: Readonly<Record<CarryPlace, string>> = {
  holster: 'from its holster',
  armour: 'from its armour slot',
  other: 'from where it is kept',
}

/** Actions still needed to have the weapon in this slot in hand (a begun draw has one done). */
export function drawActionsLeft(sheet: D10Sheet, slot: number): number {
  const w = sheet.weapons[slot]
  if (!w || w.drawn) return 0
  return DRAW_ACTIONS[w.carry] - (sheet.live.drawing === slot ? 1 : 0)
}

/** Why this weapon cannot attack: it is stowed (bare hands, slot null, always can). */
export function notDrawnRefusal(name: string, w: Weapon | null, slot: number | null, sheet: D10Sheet): string | null {
  if (slot === null || !w || w.drawn) return null
  const left = drawActionsLeft(sheet, slot)
  return `The ${w.name} is not drawn: ${name} must draw it first (${plural(left, 'action')} ${FROM[w.carry]}, ${SOURCE}).`
}

const slots = (sheet: D10Sheet, drawn: boolean) => sheet.weapons.flatMap((w, slot) => (w.drawn === drawn ? [{ w, slot }] : []))

export function drawDefinitions(c: RulesCombatant, sheet: D10Sheet): ActionDefinition[] {
  const stowed = slots(sheet, false)
  const inHand = slots(sheet, true)
  const begun = sheet.live.drawing
  return [
    {
      key: DRAW,
      label: 'Draw a weapon',
      target: 'none',
      options: stowed.length
        ? [
            {
              key: WEAPON,
              label: 'Weapon',
              kind: 'choice',
              value: String(stowed.find(({ slot }) => slot === begun)?.slot ?? stowed[0]!.slot),
              choices: stowed.map(({ w, slot }) => ({
                value: String(slot),
                label:
                  slot === begun
                    ? `${w.name} (draw begun: 1 more action)`
                    : `${w.name} (${plural(DRAW_ACTIONS[w.carry], 'action')} ${FROM[w.carry]})`,
              })),
            },
          ]
        : [],
      cost: '1 action (a draw from elsewhere than a holster or armour slot takes two)',
      unavailable: stowed.length ? null : 'Every weapon it carries is in hand.',
    },
    {
      key: STOW,
      label: 'Stow a weapon (holster, sling, pack)',
      target: 'none',
      options: inHand.length
        ? [
            {
              key: WEAPON,
              label: 'Weapon',
              kind: 'choice',
              value: String(inHand[0]!.slot),
              choices: inHand.map(({ w, slot }) => ({ value: String(slot), label: `${w.name} (to its ${CARRY_LABELS[w.carry]})` })),
            },
          ]
        : [],
      cost: '1 free action',
      unavailable: !inHand.length
        ? 'No weapon in hand.'
        : spent(c, FREE) >= 1
          ? 'Its free action this round is spent (usually one, 002 Actions).'
          : null,
    },
  ]
}

function done(actor: RulesCombatant, sheet: D10Sheet, summary: string, cost: readonly PoolCost[]): ActionResolution {
  return { actorRules: d10Sheets.store(sheet), actorHp: actor.hp, targetRules: null, targetHp: null, summary, detail: [], rolls: [], cost }
}

const withWeapon = (sheet: D10Sheet, slot: number, drawn: boolean, drawing: number | null): D10Sheet => ({
  ...sheet,
  weapons: sheet.weapons.map((w, i) => (i === slot ? { ...w, drawn } : w)),
  live: { ...sheet.live, drawing },
})

/** One draw action: the weapon comes to hand, or a two-action draw is begun (SR-D10-10). */
export function performDraw(request: ActionRequest, actor: RulesCombatant, sheet: D10Sheet): Result<ActionResolution> {
  const slot = Number(request.options[WEAPON] ?? slots(sheet, false)[0]?.slot ?? -1)
  const w = sheet.weapons[slot]
  if (!w) return fail('draw/noWeapon', `${actor.name} carries no weapon in slot ${slot + 1}.`)
  if (w.drawn) return fail('draw/inHand', `The ${w.name} is already in ${actor.name}'s hand.`)
  const left = drawActionsLeft(sheet, slot)
  if (left > 1) {
    return ok(
      done(
        actor,
        withWeapon(sheet, slot, false, slot),
        `${actor.name} begins drawing the ${w.name} ${FROM[w.carry]}: one more action to have it in hand (2 actions, ${SOURCE})`,
        oneAction,
      ),
    )
  }
  const how = DRAW_ACTIONS[w.carry] === 2 ? 'finishes drawing' : `draws`
  const from = DRAW_ACTIONS[w.carry] === 2 ? '' : ` ${FROM[w.carry]}`
  return ok(done(actor, withWeapon(sheet, slot, true, null), `${actor.name} ${how} the ${w.name}${from} (1 action, ${SOURCE})`, oneAction))
}

/** Putting a weapon away: the chapter prices only drawing; stowing takes the free action (SR-D10-11). */
export function performStow(request: ActionRequest, actor: RulesCombatant, sheet: D10Sheet): Result<ActionResolution> {
  const slot = Number(request.options[WEAPON] ?? slots(sheet, true)[0]?.slot ?? -1)
  const w = sheet.weapons[slot]
  if (!w) return fail('stow/noWeapon', `${actor.name} carries no weapon in slot ${slot + 1}.`)
  if (!w.drawn) return fail('stow/notInHand', `The ${w.name} is not in ${actor.name}'s hand.`)
  return ok(
    done(
      actor,
      withWeapon(sheet, slot, false, sheet.live.drawing),
      `${actor.name} stows the ${w.name} (${CARRY_LABELS[w.carry]}; a free action, SR-D10-11)`,
      oneFree,
    ),
  )
}
