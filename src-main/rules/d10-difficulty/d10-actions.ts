import type { ActionDefinition, ActionRequest } from '../../../src-shared/attack'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { ActionResolution, RulesCombatant, TargetArea } from '../ruleset'
import { surprisedRefusal } from './attacks/attack-shared'
import { d10Sheets } from './d10-sheet-access'
import type { D10Sheet } from './sheet/d10-sheet'
import { endSuppression, performSuppress, suppressDefinition } from './suppression/suppress'
import { oneAction } from './turns/d10-economy'
import { moveDefinitions, performMove, performRegainSpeed, performStance } from './turns/d10-move'
import { DRAW, drawDefinitions, performDraw, performStow, STOW } from './turns/d10-draw'
import { FREE_ACT, freeActDefinition, performFreeAct } from './turns/d10-free'
import { plural } from '../kit/format'
import type { Dice } from '../dice'
import { CLEAR, clearDefinitions, FIRE_SQUIB, performClear, performFireSquib } from './turns/d10-clear'
import { grenadeDefinitions, performThrowGrenade, THROW_GRENADE } from './turns/d10-grenade'
import { contestDefinition, performContest, REACTION_CONTEST } from './turns/d10-contest'

const reloadable = (sheet: D10Sheet) => sheet.weapons.flatMap((w, slot) => (w.kind !== 'melee' && w.magazine > 0 ? [{ w, slot }] : []))

function baseDefinitions(sheet: D10Sheet): ActionDefinition[] {
  const guns = reloadable(sheet)
  return [
    {
      key: 'aim',
      label: 'Take careful aim (−2 difficulty this round)',
      target: 'any',
      aimsAt: 'foe',
      options: [],
      cost: '1 action',
      unavailable: null,
    },
    {
      key: 'reload',
      label: 'Reload (ends suppressing fire)',
      target: 'none',
      options: [
        {
          key: 'weapon',
          label: 'Weapon',
          kind: 'choice',
          value: String(guns[0]?.slot ?? 0),
          choices: guns.map(({ w, slot }) => ({
            value: String(slot),
            label: `${w.name} (${w.ammo}/${w.magazine}, ${w.spareMagazines} spare)`,
          })),
        },
      ],
      cost: '1 action',
      unavailable: guns.length === 0 ? 'Nothing to reload.' : guns.every(({ w }) => w.spareMagazines === 0) ? 'No spare magazines.' : null,
    },
  ]
}

/** What a d10 combatant can do besides attacking, with why not where it cannot. */
export function d10ActionList(actor: RulesCombatant): ActionDefinition[] {
  const sheet = d10Sheets.of(actor)
  if (!sheet) return []
  const list = [
    ...baseDefinitions(sheet),
    ...drawDefinitions(actor, sheet),
    ...moveDefinitions(actor, sheet),
    suppressDefinition(actor, sheet),
    ...clearDefinitions(sheet),
    ...grenadeDefinitions(actor, sheet),
    freeActDefinition(actor),
    contestDefinition(),
  ]
  const surprised = surprisedRefusal(actor)
  return surprised ? list.map((a) => ({ ...a, unavailable: surprised })) : list
}

/** `002` Taking Aim: each action spent aiming takes 2 off the difficulty of a shot at that target this round. */
function performAim(actor: RulesCombatant, sheet: D10Sheet, target: RulesCombatant | null): Result<ActionResolution> {
  if (!target || target.id === actor.id) return fail('aim/target', 'Pick whom to aim at.')
  const count = sheet.live.aim?.targetId === target.id ? sheet.live.aim.count + 1 : 1
  return ok({
    actorRules: d10Sheets.store({ ...sheet, live: { ...sheet.live, aim: { targetId: target.id, name: target.name, count } } }),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} takes careful aim at ${target.name}: −${2 * count} difficulty on a shot at it this round (002 Taking Aim)`,
    detail: [
      {
        title: 'Taking aim',
        lines: [{ label: `${plural(count, 'aim action')} this round`, value: `−${2 * count}`, source: '002 Taking Aim' }],
      },
    ],
    rolls: [],
    cost: oneAction,
  })
}

/** `002` Reloading: one action swaps in a full magazine; reloading ends suppressing fire. */
function performReload(request: ActionRequest, actor: RulesCombatant, sheet: D10Sheet): Result<ActionResolution> {
  const slot = Number(request.options['weapon'] ?? reloadable(sheet)[0]?.slot ?? 0)
  const w = sheet.weapons[slot]
  if (!w || w.kind === 'melee' || w.magazine === 0) return fail('reload/noWeapon', `Nothing to reload in slot ${slot + 1}.`)
  if (w.spareMagazines === 0) return fail('reload/noMagazine', `No spare magazine for the ${w.name}.`)
  const ended = endSuppression(actor)
  const after: D10Sheet = {
    ...sheet,
    weapons: sheet.weapons.map((x, i) => (i === slot ? { ...x, ammo: x.magazine, spareMagazines: x.spareMagazines - 1 } : x)),
  }
  return ok({
    actorRules: d10Sheets.store(after),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} reloads the ${w.name}: ${w.magazine} rounds, ${w.spareMagazines - 1} spare (002 Reloading)${ended.length ? '; the suppressing fire ends (002 Suppressing Fire)' : ''}`,
    detail: [
      { title: 'Reload', lines: [{ label: 'One action, a full magazine', value: `${w.ammo} → ${w.magazine}`, source: '002 Reloading' }] },
    ],
    rolls: [],
    cost: oneAction,
    ...(ended.length ? { conditions: ended } : {}),
  })
}

export function performD10Action(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  dice: Dice,
  area?: TargetArea,
  onScene: readonly RulesCombatant[] = [],
): Result<ActionResolution> {
  const sheet = d10Sheets.require(actor, 'rules/noSheet')
  if (!sheet.ok) return sheet
  const surprised = surprisedRefusal(actor)
  if (surprised) return fail('action/surprised', surprised)
  switch (request.action) {
    case 'aim':
      return performAim(actor, sheet.value, target)
    case 'reload':
      return performReload(request, actor, sheet.value)
    case 'move':
      return performMove(request, actor, sheet.value)
    case 'stance':
      return performStance(request, actor, sheet.value)
    case 'regain-speed':
      return performRegainSpeed(actor, sheet.value)
    case 'suppress':
      return performSuppress(request, actor, sheet.value, target)
    case DRAW:
      return performDraw(request, actor, sheet.value)
    case STOW:
      return performStow(request, actor, sheet.value)
    case FREE_ACT:
      return performFreeAct(request, actor)
    case CLEAR:
      return performClear(request, actor, sheet.value)
    case FIRE_SQUIB:
      return performFireSquib(request, actor, sheet.value, dice)
    case THROW_GRENADE:
      return performThrowGrenade(request, actor, sheet.value, area, dice, onScene)
    case REACTION_CONTEST:
      return performContest(actor, target, dice)
    default:
      return fail('action/unknown', `"${request.action}" is not an action of the d10 difficulty system.`)
  }
}
