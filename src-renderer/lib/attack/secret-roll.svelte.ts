/**
 * The GM's "next roll secret" switch (issue 16): set by its key or a panel's button before an
 * attack, action or check, sent with that roll and off again once the core took it. Off, the
 * roll goes without a flag and the ruleset's default decides (an NPC's stealth check is secret).
 */
export const secretRoll = $state({ on: false })

export function toggleSecretRoll(): void {
  secretRoll.on = !secretRoll.on
}

/** The flag for the roll about to be sent: `{ secret: true }` while the switch is on, else nothing. */
export const secretFlag = (): { secret?: true } => (secretRoll.on ? { secret: true } : {})

/** The core took the roll: the next one is the ruleset's to judge again. */
export function secretRollSent(r: { readonly ok: boolean }): void {
  if (r.ok) secretRoll.on = false
}
