import type { RollRecord } from '../../../src-shared/dice'
import type { Dice } from '../dice'
import { modifier } from '../kit/modifier'
import type { RulesCombatant } from '../ruleset'
import { beatsDc, rollD100 } from './checks/d100-check'
import type { ThrownWeapon } from './content/pack-schema'
import { grappleStateFrom } from './cx-grapple'
import { RESTRAINED } from './cx-subdue'
import { cannotAct } from './cx-standing'
import { cxSheets } from './sheet/cx-sheet'
import { reflexSave } from './stats/derived-stats'

/**
 * `000` Grenades: "All grenades have a Reflex Modifier: -10"; an uncooked grenade may be dodged.
 * SR-CX-57: each one the blast reaches who can act rolls a Reflex save (CX23) with the item's
 * −10 against the DC its line gives ("Dodge: Reflex DC 100"); beating it, the dodger dives out of
 * the way and takes none of the blast (the reference feat Return To Sender's "diving out of the
 * way"). A cooked grenade, an item whose line gives no DC, or a blast of no damage rolls none.
 */
export const GRENADE_REFLEX_MODIFIER = -10

const DODGE_LINE = /Dodge: Reflex DC (\d+)/

/** The DC the item's line gives to dodge it, or null. */
export function dodgeDc(item: Pick<ThrownWeapon, 'note'>): number | null {
  const m = DODGE_LINE.exec(item.note ?? '')
  return m ? Number(m[1]) : null
}

export interface Dodges {
  /** Ids of those who dived clear. */
  readonly clear: ReadonlySet<string>
  readonly lines: string[]
  readonly rolls: RollRecord[]
}

/** Rolls the dodge of each one in the blast who may try (SR-CX-57). */
export function rollDodges(reached: readonly RulesCombatant[], item: Pick<ThrownWeapon, 'note' | 'reflexModifier'>, dice: Dice): Dodges {
  const dc = dodgeDc(item)
  const out = { clear: new Set<string>(), lines: [] as string[], rolls: [] as RollRecord[] }
  if (dc === null) return out
  const reflexModifier = item.reflexModifier ?? GRENADE_REFLEX_MODIFIER
  for (const person of reached) {
    const sheet = cxSheets.of(person)
    // Down, out, held in a grapple or restrained (helpless, SR-CX-60): nobody dives clear (SR-CX-57).
    const held = grappleStateFrom(person.conditions).kind !== 'free' || person.conditions.some((x) => x.conditionId === RESTRAINED)
    if (!sheet || cannotAct(person) || held) continue
    const r = rollD100(
      {
        modifiers: [
          modifier('Reflex save', reflexSave(sheet.stats), 'CX23'),
          modifier('Grenade Reflex modifier', reflexModifier, '000 Grenades'),
        ],
        mode: 'normal',
        purpose: `${person.name}: dodge (Reflex)`,
      },
      dice,
    )
    out.rolls.push(...r.rolls)
    const clear = beatsDc(r.total, dc)
    if (clear) out.clear.add(person.id)
    out.lines.push(`${person.name} dodges: Reflex ${r.total} vs DC ${dc}, ${clear ? 'dives clear, no damage' : 'caught'} (SR-CX-57)`)
  }
  return out
}
