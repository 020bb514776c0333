import type { LinkStatus } from '../transport/ws-api'

/** What the desk says about its link to the core when it cannot send commands (issue 32). */
export interface LinkNotice {
  /** The line the banner shows. */
  readonly text: string
  /** What it means for the GM. */
  readonly detail: string
}

/**
 * The banner for the GM's link, or null when there is nothing to say: the link is open, the key
 * was refused (the page shows how to get the new link instead), or it is still coming up for the
 * first time and nothing has failed yet (no banner flashes while the page loads).
 */
export function linkNotice(status: LinkStatus, failedTries: number, wasOpen: boolean): LinkNotice | null {
  if (status === 'open' || status === 'refused') return null
  const attempt = failedTries + 1
  if (wasOpen)
    return {
      text: `Connection to Salvo lost — reconnecting (attempt ${attempt})…`,
      detail: 'The desk is paused until Salvo answers again and comes back by itself; nothing acknowledged is lost.',
    }
  if (failedTries === 0) return null
  return {
    text: `Cannot reach Salvo — trying again (attempt ${attempt})…`,
    detail: 'Is Salvo still running? The desk comes up by itself as soon as it answers.',
  }
}

/** Whether the desk's commands are off: anything but an open link (a command sent now could not arrive). */
export const commandsOff = (status: LinkStatus): boolean => status !== 'open'
