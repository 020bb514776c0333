import type { CombatantId } from '../../../../src-shared/records'
import type { D20Sheet } from '../sheet/d20-sheet'
import { isReady } from '../sheet/drawn'
import { isMelee } from './attack-types'

/*
 * `003 Engaged`: "A character who has made an attack or who has been attacked is considered
 * engaged in combat, and cannot freely move away without first disengaging. If all characters
 * with which you are directly engaged with die, you are no longer considered engaged."
 * SR-D20-32: a melee attack (hit or miss) engages both sides; each records the other and the
 * slot the other would strike it with.
 */

export type Engagement = D20Sheet['live']['engagedWith'][number]

/** The slot this combatant strikes back with: its first melee weapon in hand, else bare hands (one past its weapons). */
export function strikeSlot(sheet: D20Sheet): number {
  const i = sheet.weapons.findIndex((w, slot) => isMelee(w.attack) && isReady(sheet, slot))
  return i >= 0 ? i : sheet.weapons.length
}

/** The sheet with this foe recorded (replacing an older record of it). */
export function engagedTo(sheet: D20Sheet, foe: Engagement): D20Sheet {
  const rest = sheet.live.engagedWith.filter((e) => e.id !== foe.id)
  return { ...sheet, live: { ...sheet.live, engagedWith: [...rest, foe].slice(-12) } }
}

/** The sheet no longer engaged with this foe (Disengage, moving out of its reach, the foe's death). */
export function disengagedFrom(sheet: D20Sheet, id: string): D20Sheet {
  if (!sheet.live.engagedWith.some((e) => e.id === id)) return sheet
  return { ...sheet, live: { ...sheet.live, engagedWith: sheet.live.engagedWith.filter((e) => e.id !== id) } }
}

/** The sheet engaged with nobody (Total Disengage, moving away, its own death, the encounter's end). */
export const disengagedAll = (sheet: D20Sheet): D20Sheet =>
  sheet.live.engagedWith.length === 0 ? sheet : { ...sheet, live: { ...sheet.live, engagedWith: [] } }

export interface Side {
  readonly id: CombatantId
  readonly name: string
  readonly sheet: D20Sheet
  readonly hp: number
}

/**
 * The two sheets after an attack from `a` (with the weapon in `slot`) on `t`, SR-D20-32: a melee
 * attack engages both sides; a ranged one or a spell engages nobody (an attack of opportunity
 * needs melee range); an attack of opportunity is the parting blow at someone leaving: it
 * ends the pair's engagement on both sides. A foe brought below 1 hit point is out of the melee on both sides
 * (`003 Engaged`: the dead).
 */
export function engagementAfter(
  a: Side,
  t: Side,
  slot: number,
  how: { readonly melee: boolean; readonly opportunity: boolean },
): { attacker: D20Sheet; target: D20Sheet } {
  if (t.hp < 1) return { attacker: disengagedFrom(a.sheet, t.id), target: disengagedAll(t.sheet) }
  if (how.opportunity) return { attacker: disengagedFrom(a.sheet, t.id), target: disengagedFrom(t.sheet, a.id) }
  if (!how.melee) return { attacker: a.sheet, target: t.sheet }
  return {
    attacker: engagedTo(a.sheet, { id: t.id, name: t.name, weapon: strikeSlot(t.sheet) }),
    target: engagedTo(t.sheet, { id: a.id, name: a.name, weapon: slot }),
  }
}
