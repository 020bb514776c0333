import type { ActionDefinition, ActionRequest } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import { hitDamage } from '../damage/hit-zones'
import { d10Sheets } from '../d10-sheet-access'
import { clearActionsLeft, STOPPAGE_LABELS } from '../ranged/malfunction'
import type { D10Sheet, Weapon } from '../sheet/d10-sheet'
import { oneAction } from './d10-economy'

/*
 * `002 Malfunctions`: clearing a stoppage (SR-D10-32), and the shot fired through a squib
 * anyway (SR-D10-33). The attack itself refuses a stopped weapon (ranged/weapon-stoppage.ts).
 */

export const CLEAR = 'clear-weapon'
export const FIRE_SQUIB = 'fire-through-squib'
const WEAPON = 'weapon'
const SOURCE = '002 Malfunctions'

type Slotted = { readonly w: Weapon; readonly slot: number }
const clearable = (sheet: D10Sheet): Slotted[] =>
  sheet.weapons.flatMap((w, slot) => (w.stoppage && clearActionsLeft(w.stoppage, w.clearing) !== null ? [{ w, slot }] : []))
const squibbed = (sheet: D10Sheet): Slotted[] => sheet.weapons.flatMap((w, slot) => (w.stoppage === 'squib' ? [{ w, slot }] : []))

const weaponField = (list: readonly Slotted[], label: (x: Slotted) => string) =>
  list.length
    ? [
        {
          key: WEAPON,
          label: 'Weapon',
          kind: 'choice' as const,
          value: String(list[0]!.slot),
          choices: list.map((x) => ({ value: String(x.slot), label: label(x) })),
        },
      ]
    : []

export function clearDefinitions(sheet: D10Sheet): ActionDefinition[] {
  const stopped = clearable(sheet)
  const squibs = squibbed(sheet)
  return [
    {
      key: CLEAR,
      label: 'Clear the weapon (malfunction)',
      target: 'none',
      options: weaponField(stopped, ({ w }) => {
        const left = clearActionsLeft(w.stoppage!, w.clearing)
        return `${w.name}: ${STOPPAGE_LABELS[w.stoppage!]} (${left} more ${left === 1 ? 'action' : 'actions'})`
      }),
      cost: '1 action (a squib takes two)',
      unavailable: stopped.length ? null : 'No weapon has a stoppage it can clear.',
    },
    ...(squibs.length
      ? [
          {
            key: FIRE_SQUIB,
            label: 'Fire through the squib (catastrophic failure)',
            target: 'none' as const,
            options: weaponField(squibs, ({ w }) => w.name),
            cost: '1 action',
            unavailable: null,
          },
        ]
      : []),
  ]
}

const slotOf = (request: ActionRequest, list: readonly Slotted[]) => Number(request.options[WEAPON] ?? list[0]?.slot ?? -1)

const withWeapon = (sheet: D10Sheet, slot: number, change: Partial<Weapon>): D10Sheet => ({
  ...sheet,
  weapons: sheet.weapons.map((w, i) => (i === slot ? { ...w, ...change } : w)),
})

/** SR-D10-32: one action clears a failure to feed or a stovepipe; a squib takes two (the first begins it). */
export function performClear(request: ActionRequest, actor: RulesCombatant, sheet: D10Sheet): Result<ActionResolution> {
  const slot = slotOf(request, clearable(sheet))
  const w = sheet.weapons[slot]
  if (!w) return fail('clear/noWeapon', `${actor.name} carries no weapon in slot ${slot + 1}.`)
  if (!w.stoppage) return fail('clear/notStopped', `The ${w.name} has no stoppage to clear.`)
  const left = clearActionsLeft(w.stoppage, w.clearing)
  if (left === null) return fail('clear/wrecked', `The ${w.name} is ${STOPPAGE_LABELS[w.stoppage]}: no action clears it (SR-D10-33).`)
  const label = STOPPAGE_LABELS[w.stoppage]
  const begun = left > 1
  const after = begun ? withWeapon(sheet, slot, { clearing: true }) : withWeapon(sheet, slot, { stoppage: null, clearing: false })
  return ok({
    actorRules: d10Sheets.store(after),
    actorHp: actor.hp,
    targetRules: null,
    targetHp: null,
    summary: begun
      ? `${actor.name} begins clearing the ${label} from the ${w.name}: one more action (SR-D10-32)`
      : `${actor.name} clears the ${label} from the ${w.name} (1 action, ${SOURCE}, SR-D10-32)`,
    detail: [{ title: 'Clearing', lines: [{ label, value: begun ? '1 of 2 actions' : 'cleared', source: `${SOURCE}, SR-D10-32` }] }],
    rolls: [],
    cost: oneAction,
  })
}

/**
 * SR-D10-33: "A subsequent bullet fired afterwards can cause catastrophic failure, causing damage
 * to the firearm and injury to the shooter." Fired anyway, the round never reaches anyone, the gun
 * is wrecked, and the shooter takes the weapon's damage dice as a hit to the arms (their DR counts).
 */
export function performFireSquib(request: ActionRequest, actor: RulesCombatant, sheet: D10Sheet, dice: Dice): Result<ActionResolution> {
  const slot = slotOf(request, squibbed(sheet))
  const w = sheet.weapons[slot]
  if (!w || w.stoppage !== 'squib') return fail('squib/none', `${actor.name} has no weapon with a squib load in slot ${slot + 1}.`)
  const roll = dice.roll(
    { count: w.damage.count, sides: w.damage.sides, modifier: w.damage.bonus },
    `${actor.name}: ${w.name} bursts (squib)`,
  )
  const hurt = hitDamage(Math.max(0, roll.total), 'arms', w.damageType, sheet.dr)
  const after = withWeapon(sheet, slot, { stoppage: 'wrecked', clearing: false, ammo: Math.max(0, w.ammo - 1) })
  return ok({
    actorRules: d10Sheets.store(after),
    actorHp: actor.hp - hurt.damage,
    targetRules: null,
    targetHp: null,
    summary: `${actor.name} fires the ${w.name} through a squib load: catastrophic failure, the gun is wrecked and ${actor.name} takes ${hurt.damage} damage (arms) (${SOURCE}, SR-D10-33)`,
    detail: [
      {
        title: 'Catastrophic failure',
        lines: [
          { label: 'The round', value: 'stays in the barrel', source: 'SR-D10-33' },
          { label: 'The shooter’s arms', value: `${hurt.how} → ${hurt.damage}`, source: 'SR-D10-33, D7' },
          { label: 'The gun', value: STOPPAGE_LABELS.wrecked, source: 'SR-D10-33' },
        ],
      },
    ],
    rolls: [roll],
    cost: oneAction,
  })
}
