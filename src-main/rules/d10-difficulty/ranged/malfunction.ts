/*
 * `002 Malfunctions`: a failure to feed or a stovepipe stops a burst and is cleared in one
 * action; a squib load leaves a projectile in the barrel, and "a subsequent bullet fired
 * afterwards can cause catastrophic failure". The chapter gives no chance of any of them: the
 * trigger and the table are our ruling (SR-D10-30), the squib's clearing and the shot fired
 * through it too (SR-D10-32, SR-D10-33).
 */

/** What can stop a firearm: the chapter's three faults, and a gun wrecked by firing through a squib. */
export const STOPPAGES = ['failure-to-feed', 'stovepipe', 'squib', 'wrecked'] as const
export type Stoppage = (typeof STOPPAGES)[number]

export const STOPPAGE_LABELS: Readonly<Record<Stoppage, string>> = {
  'failure-to-feed': 'failure to feed',
  stovepipe: 'stovepipe (failure to eject)',
  squib: 'squib load',
  wrecked: 'wrecked (fired through a squib)',
}

/** SR-D10-30: the natural face of the attack die that sets off a malfunction. */
export const MALFUNCTION_FACE = 1
/** R0.1: one face in ten. */
export const MALFUNCTION_CHANCE = 1 / 10

/** SR-D10-30: the stoppage a d10 picks once the trigger came up (the minor fault most often, the squib rarest). */
export function stoppageOf(roll: number): Exclude<Stoppage, 'wrecked'> {
  if (roll <= 6) return 'failure-to-feed'
  if (roll <= 9) return 'stovepipe'
  return 'squib'
}

/**
 * SR-D10-32: actions to clear each stoppage. "can usually be cleared in one action" (failure to
 * feed), "can be cleared in one action" (stovepipe); the squib's stuck projectile needs two; a
 * wrecked gun cannot be cleared at the table (null: only the GM's sheet edit mends it).
 */
export const CLEAR_ACTIONS: Readonly<Record<Stoppage, number | null>> = {
  'failure-to-feed': 1,
  stovepipe: 1,
  squib: 2,
  wrecked: null,
}

/** Clearing actions still needed (a begun two-action clear has one done). */
export function clearActionsLeft(stoppage: Stoppage, begun: boolean): number | null {
  const n = CLEAR_ACTIONS[stoppage]
  return n === null ? null : n - (begun ? 1 : 0)
}

/** How it is cleared, in words for refusals and the card. */
export function clearHint(stoppage: Stoppage, begun: boolean): string {
  const left = clearActionsLeft(stoppage, begun)
  if (left === null) return 'it cannot be cleared in the fight (the GM mends it on the sheet)'
  return `clear it first: ${left} ${left === 1 ? 'action' : 'actions'} (Clear the weapon, SR-D10-32)`
}

/** Whether the weapon fires at all with this stoppage: only a squib lets the trigger be pulled (SR-D10-33). */
export const firesThrough = (stoppage: Stoppage): boolean => stoppage === 'squib'

/**
 * SR-D10-31: how many rounds of a volley leave the barrel when the trigger comes up. The chapter's
 * burst is one check, so the fault strikes at its first round: a failure to feed or a stovepipe lets
 * that round go and stops the rest ("It does however stop a burst"); a squib's round never leaves
 * the barrel. Rounds not fired stay in the magazine.
 */
export function roundsBeforeStop(stoppage: Stoppage, rounds: number): { fired: number; reaching: number } {
  const fired = Math.min(1, rounds)
  return { fired, reaching: stoppage === 'squib' ? 0 : fired }
}
