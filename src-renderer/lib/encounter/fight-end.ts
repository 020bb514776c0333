/**
 * What the desk lets go of when a fight ends (issue 32): the attack the GM had lined up (whose
 * attacker the map judges, so "cannot attack: Vex is downed…" would otherwise stay over it),
 * the last refusal about a combatant or an act, and the autopilot's last word. Pure: GmApp
 * watches the encounter and calls these.
 */

/** Whether the running encounter went away (ended, or another campaign opened) between two looks. */
export function fightEnded(before: string | null, now: string | null): boolean {
  return before !== null && before !== now
}

/** The attack intent's fields that name a combatant or a measured act. */
export interface FightIntent {
  attackerId: string
  targetId: string
  distance: number | null
  arms: unknown
}

/** Forgets who was about to attack whom, with what, from how far. */
export function forgetFightIntent(intent: FightIntent): void {
  intent.attackerId = ''
  intent.targetId = ''
  intent.distance = null
  intent.arms = null
}

/**
 * Whether a refusal shown to the GM belongs to the fight (a combatant, an act, a turn, a
 * reaction…) and so goes with it. Campaign, file and connection messages stay: they are still
 * true after the fight.
 */
export function belongsToFight(code: string): boolean {
  return !/^(campaign|storage|backup|import|image|archive|connection|request|engine|ipc|pack|settings)\//.test(code)
}
