/**
 * What the table's banner announces when the turn passes: "Round 3" on a new round, "Vex's turn"
 * when someone else acts. Pure; the banner (TurnBanner.svelte) only shows it.
 */

/** The part of the table's state a banner reacts to. */
export interface TurnMoment {
  /** The encounter running (a new one starts its own count), or null. */
  readonly encounterId: string | null
  readonly round: number
  /** Whoever acts as the table sees it: null while nobody does, or a hidden combatant does. */
  readonly actingId: string | null
  readonly actingName: string | null
}

export interface Announcement {
  readonly title: string
  readonly sub: string | null
}

/** Possessive that reads right for names ending in s ("Jess' turn" is how tables say it too). */
export function turnOf(name: string): string {
  return /s$/i.test(name) ? `${name}' turn` : `${name}'s turn`
}

/**
 * The announcement for a change from `before` to `now`, or null when there is nothing to tell: the
 * first state seen (opening the page mid-fight is not news), no fight, the same turn, or a turn
 * the table may not see (a hidden combatant's: the page gets no acting id then).
 */
export function announce(before: TurnMoment | null, now: TurnMoment): Announcement | null {
  // No fight before: the page has just got its first view (or the GM's preview was rebuilt); a
  // fight is announced from its round 0 (initiative being rolled) on.
  if (!before || before.encounterId === null || now.encounterId === null || now.round < 1) return null
  const sameFight = before.encounterId === now.encounterId
  const newRound = !sameFight || now.round !== before.round
  // A new round names who acts only when that changed: while a hidden combatant opens a round, the
  // table may be holding the last one it saw (the projector's "hidden turns"), whose turn it is not.
  const newTurn = now.actingId !== null && (!sameFight || now.actingId !== before.actingId)
  const who = newTurn && now.actingName ? turnOf(now.actingName) : null
  if (newRound) return { title: `Round ${now.round}`, sub: who }
  return who ? { title: who, sub: null } : null
}
