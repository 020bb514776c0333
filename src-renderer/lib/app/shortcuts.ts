export type ShortcutAction = 'undo' | 'redo' | 'nextTurn' | 'previousTurn' | 'help' | 'close'

export interface KeyLike {
  readonly key: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly shiftKey: boolean
  readonly altKey: boolean
}

/** The shortcut list the help overlay shows, in the order it shows it. */
export const SHORTCUTS: readonly { keys: string; action: string }[] = [
  { keys: 'N', action: 'Next turn' },
  { keys: 'P', action: 'Previous turn' },
  { keys: 'Ctrl+Z', action: 'Undo' },
  { keys: 'Ctrl+Shift+Z / Ctrl+Y', action: 'Redo' },
  { keys: '?', action: 'Show or hide this help' },
  { keys: 'Esc', action: 'Close this help' },
]

/**
 * Maps a key press to a console action. Plain-letter shortcuts are ignored while the GM is
 * typing in a field, so names and HP changes can be typed freely; undo/redo in a field
 * stay the field's own.
 */
export function shortcutFor(e: KeyLike, typingInField: boolean): ShortcutAction | null {
  if (typingInField) return e.key === 'Escape' ? 'close' : null
  const mod = e.ctrlKey || e.metaKey
  const key = e.key.toLowerCase()
  if (mod && !e.altKey) {
    if (key === 'z') return e.shiftKey ? 'redo' : 'undo'
    if (key === 'y' && !e.shiftKey) return 'redo'
    return null
  }
  if (e.altKey || e.ctrlKey || e.metaKey) return null
  if (key === 'n') return 'nextTurn'
  if (key === 'p') return 'previousTurn'
  if (e.key === '?') return 'help'
  if (e.key === 'Escape') return 'close'
  return null
}

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)
}
