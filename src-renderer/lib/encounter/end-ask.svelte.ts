/**
 * Ending a fight asks once (issue 32): the End button and the palette's "End encounter" both open
 * the same question, which EndEncounterDialog shows. Only the dialog's confirm sends the command.
 */
export const endAsk = $state<{ open: boolean }>({ open: false })

/** Opens the question "End the fight?". */
export function askToEnd(): void {
  endAsk.open = true
}

/** Closes it without ending anything. */
export function keepFighting(): void {
  endAsk.open = false
}
