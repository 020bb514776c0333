/** A screen the desktop app can put the projector window on. */
export interface DisplayInfo {
  readonly id: number
  readonly label: string
  readonly width: number
  readonly height: number
  /**
   * The system's own name for the screen, absent when it gives none (`label` then says "Screen 2",
   * a name that changes with the order of the list, so it is never remembered).
   */
  readonly systemLabel?: string
  /** Where the screen sits in the desktop: remembered with the GM's pick, as ids can change. */
  readonly x?: number
  readonly y?: number
  /** The GM's own screen: the projector goes there only as a window, never covering it. */
  readonly primary: boolean
}

/**
 * Where the projector window is now, so the projector bar can say why the table sees nothing:
 * shown; hidden because there is no screen but the GM's; closed by the GM; or hidden because its
 * page kept crashing (a blank screen must never face the table).
 */
export type ProjectorStatus = 'shown' | 'no-second-display' | 'closed' | 'crashed'

export interface DisplayChoiceInfo {
  /** False in browser mode: the player page goes wherever the GM opens it. */
  readonly available: boolean
  readonly displays: readonly DisplayInfo[]
  readonly chosen: number | null
  /** Absent in browser mode and when the shell does not say. */
  readonly projector?: ProjectorStatus
}

/** What the projector bar says about the projector window, or null when it is simply shown. */
export function projectorStatusLine(status: ProjectorStatus | undefined): string | null {
  switch (status) {
    case 'no-second-display':
      return 'No second screen: the projector window is hidden (the preview here still shows the table)'
    case 'closed':
      return 'Projector window closed'
    case 'crashed':
      return 'Projector view hidden: it kept crashing (File › Open Log Folder says why); Show loads it again'
    default:
      return null
  }
}
