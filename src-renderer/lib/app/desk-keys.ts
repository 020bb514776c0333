import type { CombatantId } from '../../../src-shared/records'
import type { DeskTargets } from './desk-targets'
import type { DeskAction, DeskCommand, PaletteMode } from './palette-commands'
import type { ShortcutAction } from './shortcuts'

/** What the desk's keys and palette entries act on: the desk's own state and what its panels registered. */
export interface Desk {
  readonly hasCampaign: boolean
  readonly acting: CombatantId | null
  /** Null: no encounter. */
  readonly round: number | null
  readonly blank: boolean
  readonly paletteOpen: boolean
  readonly helpShown: boolean
  /** Whether the fight forecast is open beside the desk. */
  readonly forecastShown: boolean
  readonly targets: Pick<DeskTargets, 'fillHp' | 'abandonPrefill' | 'focusAttack' | 'focusRosterSearch' | 'openSquadBuilder'>
  send(command: DeskCommand): void
  openPalette(mode: PaletteMode, query?: string): void
  closePalette(restoreFocus: boolean): void
  showHelp(shown: boolean): void
  showCampaigns(): void
  /** Flips the "next roll secret" switch the attack, action and check panels show. */
  toggleSecret(): void
  /** Opens the fight forecast beside the desk, or closes it. */
  toggleForecast(): void
  /** Asks the autopilot what the acting combatant should do. */
  suggest(): void
  /** Lets the autopilot play NPC turns until a player character acts. */
  runNpcTurns(): void
  /** Asks "End the fight?" (the encounter ends only when the GM confirms). */
  askEnd(): void
  /** Tells the GM why a key did nothing, in the same toast the core's refusals use. */
  notice(message: string): void
  /** Asks for a combatant's damage or healing in a small prompt of its own (its card is not on screen: the map, a long list). */
  promptHp(combatantId: CombatantId, sign: '-' | '+'): void
}

/** The field a key was pressed in, when the GM was typing. */
export type TypingField = EventTarget & { blur(): void }

/** Keys that send one command as they are, whatever the desk shows. */
const PLAIN_COMMANDS: Partial<Record<ShortcutAction, DeskCommand>> = {
  undo: { type: 'history/undo', payload: {} },
  redo: { type: 'history/redo', payload: {} },
  nextTurn: { type: 'encounter/nextTurn', payload: {} },
  previousTurn: { type: 'encounter/previousTurn', payload: {} },
}

const NO_ATTACK = 'Attacks need a running encounter with at least two combatants.'

/** Does what a palette entry (or the shortcut that does the same) stands for. */
export function runDeskAction(a: DeskAction, desk: Desk): void {
  switch (a.kind) {
    case 'send':
      desk.send(a.command)
      break
    case 'hp':
      // The card's own field when it is on screen; otherwise a prompt, so D and H work in every view.
      if (!desk.targets.fillHp(a.combatantId, a.sign)) desk.promptHp(a.combatantId, a.sign)
      break
    case 'attackWith':
      if (!desk.targets.focusAttack(a.combatantId)) desk.notice(NO_ATTACK)
      break
    case 'roll':
      desk.send({
        type: 'dice/roll',
        payload: { expression: a.expression, secret: a.secret, ...(a.purpose ? { purpose: a.purpose } : {}) },
      })
      break
    case 'rollMode':
      desk.openPalette('roll')
      break
    case 'searchRoster':
      if (!desk.targets.focusRosterSearch()) desk.notice('The roster search is not on screen.')
      break
    case 'squadBuilder':
      if (!desk.targets.openSquadBuilder()) desk.notice('The roster is not on screen.')
      break
    case 'switchCampaign':
      desk.showCampaigns()
      break
    case 'help':
      desk.showHelp(true)
      break
    case 'forecast':
      desk.toggleForecast()
      break
    case 'suggest':
      desk.suggest()
      break
    case 'endEncounter':
      desk.askEnd()
      break
    case 'runNpcTurns':
      desk.runNpcTurns()
      break
  }
}

/**
 * Does what a desk shortcut stands for. `field` is where the GM was typing, if anywhere.
 * Returns whether the key was used (and its default should be prevented).
 */
export function runShortcut(action: ShortcutAction, field: TypingField | null, desk: Desk): boolean {
  // The palette handles its own keys; only its toggle and Esc reach the console.
  if (desk.paletteOpen && action !== 'palette' && action !== 'close') return false
  switch (action) {
    case 'help':
      desk.showHelp(!desk.helpShown)
      return true
    case 'close':
      if (desk.paletteOpen) desk.closePalette(true)
      else if (desk.helpShown) desk.showHelp(false)
      // Esc in a field hands the keyboard back to the shortcuts.
      else if (field) {
        desk.targets.abandonPrefill(field)
        field.blur()
      } else if (desk.forecastShown) desk.toggleForecast()
      else return false
      return true
    case 'palette':
      if (desk.paletteOpen) desk.closePalette(true)
      else desk.openPalette('commands')
      return true
  }
  if (!desk.hasCampaign) return false
  const command = PLAIN_COMMANDS[action]
  if (command) {
    desk.send(command)
    return true
  }
  switch (action) {
    case 'roll':
      desk.openPalette('roll')
      break
    case 'search':
      runDeskAction({ kind: 'searchRoster' }, desk)
      break
    case 'blank':
      desk.send({ type: 'projector/set', payload: { blank: !desk.blank } })
      break
    case 'secretRoll':
      desk.toggleSecret()
      break
    case 'forecast':
      desk.toggleForecast()
      break
    case 'suggest':
      if (desk.round === null || desk.round === 0) desk.notice('Roll initiative first: the autopilot suggests for the acting combatant.')
      else desk.suggest()
      break
    case 'damage':
    case 'heal': {
      const sign = action === 'damage' ? '-' : '+'
      // With no one acting, the palette asks whom: the list is already narrowed to that verb.
      if (desk.acting) runDeskAction({ kind: 'hp', combatantId: desk.acting, sign }, desk)
      else desk.openPalette('commands', action === 'damage' ? 'damage ' : 'heal ')
      break
    }
    case 'attack':
      if (!desk.targets.focusAttack(desk.acting)) desk.notice(NO_ATTACK)
      break
    case 'rollInitiative':
      if (desk.round === null) desk.notice('Start an encounter first.')
      else if (desk.round > 0) desk.notice('Initiative is already rolled. To roll it again, use the palette (Ctrl+K).')
      else desk.send({ type: 'encounter/rollInitiative', payload: {} })
      break
    // The battle map's keys are the map's (the desk's table never hands them out), and the
    // plain commands were sent above.
    default:
      break
  }
  return true
}
