import type { RollRecord } from '../../../../src-shared/dice'
import type { Dice } from '../../dice'
import { modifier, type Modifier } from '../../kit/modifier'
import { DEATH_SAVE_DC } from '../dying/death-save'
import type { DyingRecord } from '../dying/dying-state'
import { onShockFailed } from '../dying/shock-wake'
import { shockSave } from '../stats/derived-stats'
import type { StatBlock } from '../stats/stat-block'

/**
 * `000` Grappling, the end of a hold: restraining a Pinned target with a tool, knocking it out or
 * killing it. The pure parts: the tools' numbers, the Kill's extra defence, and what the second
 * won check in a row does to the target's dying record.
 */

/**
 * SR-CX-60: the restraint tools the item list gives, with the checks that break them (`Items`:
 * Zip-Cuffs "Strength DC 70 or INT 80 to break", HD Zip-Cuffs "Strength DC 95 or INT 105").
 */
export const RESTRAINT_TOOLS = {
  'zip-cuffs': { name: 'Zip-Cuffs', breakStr: 70, breakInt: 80 },
  'hd-zip-cuffs': { name: 'HD Zip-Cuffs', breakStr: 95, breakInt: 105 },
} as const

export type RestraintTool = keyof typeof RESTRAINT_TOOLS

export const isRestraintTool = (v: string | undefined): v is RestraintTool => v !== undefined && Object.hasOwn(RESTRAINT_TOOLS, v)

/** `000` Grappling: "targets additionally add their Shock modifier to their roll when defending against attempts to kill" (CX23 Shock save). */
export const killDefence = (stats: StatBlock): Modifier =>
  modifier('Shock save (defending against a Kill)', shockSave(stats), '000 Grappling')

export interface Subdued {
  readonly record: DyingRecord
  /** `000` Grappling: both leave the target at 1 health. */
  readonly health: 1
  readonly died: boolean
  readonly notes: readonly string[]
  readonly rolls: readonly RollRecord[]
}

/**
 * `000` Grappling: Knockout and Kill "render the target unconscious and reduce him or her to 1
 * health, but a successful kill action also forces the target to make a death saving throw".
 * SR-CX-62: the target is out as a shock knockout is (CX15: it rolls to wake each turn); the Kill's
 * throw is CX27's (d100, unmodified, above 50 passes), rolled at once, and failing it kills.
 */
export function subdueTarget(kind: 'knockout' | 'kill', record: DyingRecord, fort: number, dice: Dice): Subdued {
  const out = onShockFailed(record, fort)
  const notes = ['unconscious at 1 health (000 Grappling)']
  if (kind === 'knockout') return { record: out, health: 1, died: false, notes, rolls: [] }
  const roll = dice.roll({ count: 1, sides: 100, modifier: 0 }, 'death saving throw (Kill)')
  const passed = roll.total > DEATH_SAVE_DC
  notes.push(`death saving throw d100 ${roll.total} vs DC ${DEATH_SAVE_DC}: ${passed ? 'pass, alive' : 'fail, dead'} (CX27, SR-CX-62)`)
  if (passed) return { record: out, health: 1, died: false, notes, rolls: [roll] }
  return { record: { ...record, failedThisEncounter: true, condition: { kind: 'dead' } }, health: 1, died: true, notes, rolls: [roll] }
}
