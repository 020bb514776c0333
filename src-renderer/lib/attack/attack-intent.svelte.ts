import type { CombatantId } from '../../../src-shared/records'

/**
 * Who the GM means to attack with and whom, set from anywhere (a card's Attack button, a click
 * on the ribbon or the map) and read by the attack panel. A counter tells the panel to come
 * into view. The map also hands over the distance it measured, with its own counter, so the
 * panel takes it once and the GM can still type over it.
 */
export const attackIntent = $state<{
  attackerId: CombatantId | ''
  targetId: CombatantId | ''
  focus: number
  distance: number | null
  distanceSeq: number
  /** The weapon and mode the attack panel has picked, and for whom: the map marks who that weapon cannot reach. */
  arms: { attackerId: CombatantId; weapon: number; mode: string } | null
}>({
  attackerId: '',
  targetId: '',
  focus: 0,
  distance: null,
  distanceSeq: 0,
  arms: null,
})

export function attackWith(id: CombatantId): void {
  attackIntent.attackerId = id
  if (attackIntent.targetId === id) attackIntent.targetId = ''
  attackIntent.focus++
}

export function aimAt(id: CombatantId): void {
  if (attackIntent.attackerId === id) return
  attackIntent.targetId = id
  attackIntent.focus++
}

/** The distance between attacker and target as the map measured it, in metres. */
export function measuredDistance(metres: number): void {
  attackIntent.distance = Math.round(metres * 10) / 10
  attackIntent.distanceSeq++
}
