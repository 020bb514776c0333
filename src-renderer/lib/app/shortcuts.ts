export type ShortcutAction =
  | 'palette'
  | 'nextTurn'
  | 'previousTurn'
  | 'damage'
  | 'heal'
  | 'attack'
  | 'roll'
  | 'rollInitiative'
  | 'search'
  | 'blank'
  | 'undo'
  | 'redo'
  | 'help'
  | 'close'
  | 'measure'
  | 'areaTool'
  | 'tokenMenu'
  | 'removeArea'
  | 'secretRoll'
  | 'forecast'
  | 'suggest'

/** Where a shortcut works: anywhere on the console, or on the battle map (while it is shown). */
export type ShortcutScope = 'desk' | 'map'

export interface KeyLike {
  readonly key: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly shiftKey: boolean
  readonly altKey: boolean
}

/** One key combination. `mod` is Ctrl, or Cmd on a Mac keyboard. */
export interface Chord {
  readonly key: string
  readonly mod?: boolean
  readonly shift?: boolean
}

export interface Shortcut {
  readonly action: ShortcutAction
  readonly chords: readonly Chord[]
  readonly label: string
  /** Also fires while the GM is typing in a field (it means nothing to a text box). */
  readonly whileTyping?: boolean
  /** Absent: the whole console. */
  readonly scope?: ShortcutScope
}

/**
 * Every console shortcut, in the order the help overlay lists them. The matcher, the help
 * overlay and the palette's key hints all read this one table, so they cannot disagree.
 */
export const SHORTCUTS: readonly Shortcut[] = [
  { action: 'palette', chords: [{ key: 'k', mod: true }], label: 'Command palette', whileTyping: true },
  { action: 'nextTurn', chords: [{ key: 'n' }], label: 'Next turn' },
  { action: 'previousTurn', chords: [{ key: 'p' }], label: 'Previous turn' },
  { action: 'damage', chords: [{ key: 'd' }], label: 'Damage the acting combatant: type the amount, Enter' },
  { action: 'heal', chords: [{ key: 'h' }], label: 'Heal the acting combatant: type the amount, Enter' },
  { action: 'attack', chords: [{ key: 'a' }], label: 'Attack with the acting combatant: pick the target' },
  { action: 'roll', chords: [{ key: 'r' }], label: 'Roll dice (2d6+1, Enter; Shift+Enter rolls secretly)' },
  { action: 'rollInitiative', chords: [{ key: 'i' }], label: 'Roll initiative (once per encounter; re-roll from the palette)' },
  { action: 'search', chords: [{ key: '/' }], label: 'Search the roster' },
  { action: 'blank', chords: [{ key: 'b' }], label: 'Blank the projector (and back)' },
  {
    action: 'secretRoll',
    chords: [{ key: 'g' }],
    label: 'Make the next attack, action or check secret: GM log only, nothing on the table (again to undo)',
  },
  {
    action: 'forecast',
    chords: [{ key: 'f' }],
    label: 'Forecast the fight from the state on screen (again, or Esc in it, to close)',
  },
  { action: 'suggest', chords: [{ key: 'u' }], label: 'Autopilot: suggest the acting combatant’s act, with its odds and why' },
  { action: 'undo', chords: [{ key: 'z', mod: true }], label: 'Undo' },
  {
    action: 'redo',
    chords: [
      { key: 'z', mod: true, shift: true },
      { key: 'y', mod: true },
    ],
    label: 'Redo',
  },
  { action: 'help', chords: [{ key: '?' }], label: 'Show or hide this help' },
  { action: 'close', chords: [{ key: 'Escape' }], label: 'Close the palette or this help', whileTyping: true },
  { action: 'measure', chords: [{ key: 'm' }], label: 'Measure: drag between two points (again, or Esc, to stop)', scope: 'map' },
  {
    action: 'areaTool',
    chords: [{ key: 't' }],
    label: 'Area templates: click the map to place a circle (a grenade, smoke), drag one to move it',
    scope: 'map',
  },
  {
    action: 'tokenMenu',
    chords: [{ key: 's' }],
    label: 'Actions without a target (stance, cover, reload…) of the token under the pointer, else of the picked one; or right-click it',
    scope: 'map',
  },
  { action: 'removeArea', chords: [{ key: 'Delete' }, { key: 'Backspace' }], label: 'Remove the picked area template', scope: 'map' },
]

/** Pointer moves on the battle map; listed by the help overlay beside the map's keys. */
export const MAP_POINTER: readonly { readonly keys: string; readonly label: string }[] = [
  { keys: 'Drag', label: 'Pan (Space+drag with a tool on); the wheel zooms' },
  { keys: 'Click a token', label: 'Pick the attacker; click another to aim at it. Tokens its weapon cannot reach are marked' },
  { keys: 'Right-click a token', label: 'Its actions without a target (stance, cover, reload…)' },
  { keys: 'Esc', label: 'Stop the tool, drop the pick' },
  { keys: 'Tab to a token, Enter', label: 'The same as a click on it' },
  { keys: 'Arrows on a token', label: 'Move it 1 m (Shift: 5 m); cost and reactions are asked as for a drag' },
]

/** Keys inside the command palette; listed by the help overlay beside the table above. */
export const PALETTE_KEYS: readonly { readonly keys: string; readonly label: string }[] = [
  { keys: '↑ / ↓', label: 'Move through the list' },
  { keys: 'Enter', label: 'Run the highlighted command' },
  { keys: 'Shift+Enter', label: 'Roll the dice secretly (GM only)' },
  { keys: 'Esc', label: 'Close the palette' },
]

function chordMatches(c: Chord, e: KeyLike): boolean {
  if (e.altKey) return false
  const mod = e.ctrlKey || e.metaKey
  if (mod !== !!c.mod) return false
  // With Ctrl, Shift tells undo from redo; without it, Shift is only how a layout types "?"
  // (and Caps Lock turns "n" into "N"), so it must not stop a plain key.
  if (c.mod && e.shiftKey !== !!c.shift) return false
  return c.key.length === 1 ? e.key.toLowerCase() === c.key : e.key === c.key
}

/**
 * Maps a key press to a console action (or, with scope 'map', to one of the battle map's).
 * Plain-letter shortcuts are ignored while the GM is typing in a field, so names and HP changes
 * can be typed freely; undo/redo in a field stay the field's own.
 */
export function shortcutFor(e: KeyLike, typingInField: boolean, scope: ShortcutScope = 'desk'): ShortcutAction | null {
  for (const s of SHORTCUTS) {
    if ((s.scope ?? 'desk') !== scope) continue
    if (typingInField && !s.whileTyping) continue
    if (s.chords.some((c) => chordMatches(c, e))) return s.action
  }
  return null
}

export function chordLabel(c: Chord): string {
  const key = c.key === 'Escape' ? 'Esc' : c.key.length === 1 ? c.key.toUpperCase() : c.key
  return `${c.mod ? 'Ctrl+' : ''}${c.shift ? 'Shift+' : ''}${key}`
}

/** "Ctrl+Shift+Z / Ctrl+Y": what the help overlay and the palette show for an action. */
export function keysFor(action: ShortcutAction): string {
  const s = SHORTCUTS.find((x) => x.action === action)
  return s ? s.chords.map(chordLabel).join(' / ') : ''
}

/** Inputs where a letter is not text: a focused checkbox must not swallow N. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'])

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type)
  // Selects take letters too: typing jumps to the option that starts with them.
  return target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'SELECT'
}
