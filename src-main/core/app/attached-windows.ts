import type { ServerMessage, SessionInfo } from '../../../src-shared/contract'
import type { ViewRole } from '../../../src-shared/views'
import type { RecordChange } from '../state/stored-records'
import type { RecordStore } from '../state/record-store'
import { ViewChannel, type ProjectionEnv } from '../projection/view-channel'

/** One window (GM or player) attached to the core. */
export interface AttachedWindow {
  readonly channel: ViewChannel
  readonly send: (m: ServerMessage) => void
  /** The session this window was last given, so an unchanged one is not pushed again. */
  lastSession: string | null
}

/** What the windows are shown: the open campaign's records (or none) and the session by role. */
export interface WindowSource {
  readonly store: RecordStore
  readonly seq: number
  readonly projection: ProjectionEnv
  session(role: ViewRole): SessionInfo
}

/** The windows attached to the core, and the three ways they hear of a change. */
export class AttachedWindows {
  readonly #all = new Set<AttachedWindow>()

  attach(role: ViewRole, send: (message: ServerMessage) => void): AttachedWindow {
    const window: AttachedWindow = { channel: new ViewChannel(role, send), send, lastSession: null }
    this.#all.add(window)
    return window
  }

  detach(window: AttachedWindow): void {
    this.#all.delete(window)
  }

  /** The session as this window may see it, remembered so an unchanged one is not pushed again. */
  sessionFor(window: AttachedWindow, source: WindowSource): SessionInfo {
    const session = source.session(window.channel.role)
    window.lastSession = JSON.stringify(session)
    return session
  }

  /** Every window drops what it holds and gets a fresh snapshot. */
  resetViews(source: WindowSource): void {
    const { store, seq, projection } = source
    for (const a of this.#all) {
      a.channel.reset()
      a.send({ kind: 'snapshot', snapshot: a.channel.snapshot(store, seq, projection) })
    }
  }

  /** Tells each window its session if it changed for that window: the table hears nothing of the GM's undo labels. */
  broadcastSession(source: WindowSource): void {
    for (const a of this.#all) {
      const session = source.session(a.channel.role)
      const json = JSON.stringify(session)
      if (json === a.lastSession) continue
      a.lastSession = json
      a.send({ kind: 'session', session })
    }
  }

  /** Sends each window (or only those of `role`) the diff of these changes in its projection. */
  publish(source: WindowSource, changes: readonly RecordChange[], role?: ViewRole): void {
    const { store, seq, projection } = source
    for (const a of this.#all) if (!role || a.channel.role === role) a.channel.publish(store, changes, seq, projection)
  }
}
