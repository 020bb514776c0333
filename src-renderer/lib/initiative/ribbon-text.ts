import type { CombatantView } from '../../../src-shared/views'

type RibbonCombatant = Pick<CombatantView, 'initiative' | 'numbers' | 'standing'>

/** The initiative total; a dash before it is rolled; nothing when the players may not see it. */
export function initiativeText(c: Pick<RibbonCombatant, 'initiative'>): string {
  if (c.initiative === null) return '—'
  if (c.initiative === 'secret') return ''
  return String(c.initiative.total)
}

/** Why a tied entry sits where it does, for its tooltip; empty when there was no tie. */
export function tieText(c: Pick<RibbonCombatant, 'initiative'>): string {
  if (c.initiative === null || c.initiative === 'secret' || c.initiative.tieBreak.length === 0) return ''
  return `Tied on ${c.initiative.total}; roll-off ${c.initiative.tieBreak.join(', ')}`
}

/** "31/40" for the GM (and a player's own PC); the coarse band otherwise. */
export function healthText(c: Pick<RibbonCombatant, 'numbers'>): string {
  if (c.numbers.kind === 'exact') return `${c.numbers.hp}/${c.numbers.maxHp}`
  return c.numbers.band
}

/** Out of the fight by the ruleset's standing where the window has it, else by the health it sees. */
export function isDown(c: RibbonCombatant): boolean {
  if (c.standing) return c.standing.state !== 'up'
  return c.numbers.kind === 'exact' ? c.numbers.hp <= 0 : c.numbers.band === 'down'
}

/**
 * What the table shows of a standing: its first part, the state itself ("knocked out" of
 * "knocked out · 9 wake rolls left", "downed" of "downed · 1/3 failed"); the counts after it are
 * the GM's bookkeeping and would wrap a 210 px entry onto four lines at a size read from 4 m.
 */
export function standingShown(label: string): string {
  return label.split(' · ')[0]!.trim()
}
