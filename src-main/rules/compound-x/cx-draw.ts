import type { ActionDefinition } from '../../../src-shared/attack'
import { fail, ok } from '../../../src-shared/result'
import type { ContentLibrary } from './content/content-library'
import type { ActPerformer } from './cx-act'
import { priced } from './cx-costs'
import { cxSheets, type CarriedWeapon, type CxCombatant } from './sheet/cx-sheet'

/**
 * The small hand acts the `000` Actions list prices: "Unholstering Pistol or Grabbing a
 * Weapon/Item: 1 Action" and "Turning on a Flashlight: 1 Action" (CX20).
 */

const DRAW = priced({ kind: 'draw' })
const FLASHLIGHT = priced({ kind: 'flashlight' })

/** The weapon in hand and its slot, or null for empty hands (or a slot the sheet no longer has). */
export function drawnWeapon(c: Pick<CxCombatant, 'weapons' | 'live'>): { slot: number; carried: CarriedWeapon } | null {
  const slot = c.live.drawn
  const carried = slot === null ? undefined : c.weapons[slot]
  return slot === null || !carried ? null : { slot, carried }
}

export const weaponName = (w: CarriedWeapon, library: ContentLibrary): string =>
  (w.kind === 'ranged' ? library.get('ranged-weapons', w.itemId) : library.get('melee-weapons', w.itemId))?.name ?? w.itemId

export function drawDefinitions(c: CxCombatant, library: ContentLibrary): ActionDefinition[] {
  const inHand = drawnWeapon(c)
  const others = c.weapons.flatMap((w, i) => (i === inHand?.slot ? [] : [{ i, name: weaponName(w, library) }]))
  return [
    {
      key: 'draw',
      label: `Draw a weapon${inHand ? ` (in hand: ${weaponName(inHand.carried, library)})` : ''}`,
      target: 'none',
      options: [
        {
          key: 'weapon',
          label: 'Weapon',
          kind: 'choice',
          value: String(others[0]?.i ?? 0),
          choices: others.map(({ i, name }) => ({ value: String(i), label: name })),
        },
      ],
      cost: DRAW.text,
      unavailable: others.length === 0 ? (c.weapons.length === 0 ? 'No weapon carried.' : 'Its only weapon is already in hand.') : null,
    },
    { key: 'flashlight', label: 'Turn on a flashlight', target: 'none', options: [], cost: FLASHLIGHT.text, unavailable: null },
  ]
}

export const performDraw: ActPerformer = (request, actor, c, _target, library) => {
  const base = { actorHp: actor.hp, targetRules: null, targetHp: null, detail: [], rolls: [] }
  if (request.action === 'flashlight') {
    // SR-CX-12: the light is not kept on the sheet (no rule of ours reads it); the act is priced.
    return ok({ ...base, actorRules: null, summary: `${actor.name} turns on a flashlight (000 Actions)`, cost: FLASHLIGHT.cost })
  }
  const slot = Number(request.options['weapon'] ?? 0)
  const carried = c.weapons[slot]
  if (!carried) return fail('action/noWeapon', `${actor.name} carries no weapon in slot ${slot + 1}.`)
  if (c.live.drawn === slot) return fail('action/alreadyDrawn', `The ${weaponName(carried, library)} is already in ${actor.name}'s hand.`)
  const next: CxCombatant = { ...c, live: { ...c.live, drawn: slot } }
  return ok({
    ...base,
    actorRules: cxSheets.store(next),
    summary: `${actor.name} draws the ${weaponName(carried, library)} (000 Actions)`,
    cost: DRAW.cost,
  })
}
