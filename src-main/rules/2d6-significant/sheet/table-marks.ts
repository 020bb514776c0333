import type { Sheet } from './sheet-schema'

const STANCE: Readonly<Record<Sheet['live']['stance'], string | null>> = { standing: null, crouching: 'Crouching', prone: 'Prone' }

/** What the players see of a 2d6 combatant besides its conditions: its stance, and that it is in cover (T4). */
export function tableMarks(sheet: Sheet): readonly string[] {
  return [STANCE[sheet.live.stance], sheet.live.cover ? 'In cover' : null].filter((m): m is string => m !== null)
}
