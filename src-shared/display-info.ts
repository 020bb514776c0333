/** A screen the desktop app can put the projector window on. */
export interface DisplayInfo {
  readonly id: number
  readonly label: string
  readonly width: number
  readonly height: number
  /** The GM's own screen: the projector goes there only as a window, never covering it. */
  readonly primary: boolean
}

export interface DisplayChoiceInfo {
  /** False in browser mode: the player page goes wherever the GM opens it. */
  readonly available: boolean
  readonly displays: readonly DisplayInfo[]
  readonly chosen: number | null
}
