/**
 * The application menu, as plain data. Electron's default menu ships Reload, developer tools
 * and a "Learn More" link to Electron's website, and its Close item ends Salvo on the spot when
 * it closes the GM console; this one replaces it. Items name a command instead of carrying a
 * click handler, so the template can be checked here and main.ts maps commands to actions.
 */

/** Salvo's own commands; main.ts gives each its action. */
export type AppCommand = 'open-data-folder' | 'open-logs-folder' | 'show-player-view' | 'close-window' | 'quit'

/** The Electron roles this menu uses (a subset of MenuItemConstructorOptions['role']). */
export type MenuRole =
  | 'about'
  | 'services'
  | 'hide'
  | 'hideOthers'
  | 'unhide'
  | 'undo'
  | 'redo'
  | 'cut'
  | 'copy'
  | 'paste'
  | 'pasteAndMatchStyle'
  | 'delete'
  | 'selectAll'
  | 'reload'
  | 'forceReload'
  | 'toggleDevTools'
  | 'resetZoom'
  | 'zoomIn'
  | 'zoomOut'
  | 'togglefullscreen'
  | 'minimize'
  | 'zoom'
  | 'front'

export interface MenuItemSpec {
  label?: string
  role?: MenuRole
  command?: AppCommand
  accelerator?: string
  type?: 'separator'
  submenu?: MenuItemSpec[]
}

export interface MenuOptions {
  platform: NodeJS.Platform
  /** Packaged builds lose Reload and developer tools. */
  packaged: boolean
  appName: string
}

const separator: MenuItemSpec = { type: 'separator' }

export function buildMenuTemplate(options: MenuOptions): MenuItemSpec[] {
  const mac = options.platform === 'darwin'
  // Close is ours, not the 'close' role: on the GM console it asks before ending the session.
  const close: MenuItemSpec = { label: 'Close Window', command: 'close-window', accelerator: 'CmdOrCtrl+W' }
  const quit: MenuItemSpec = { label: mac ? `Quit ${options.appName}` : 'Quit', command: 'quit', accelerator: 'CmdOrCtrl+Q' }
  const folders: MenuItemSpec[] = [
    { label: 'Open Data Folder', command: 'open-data-folder' },
    { label: 'Open Log Folder', command: 'open-logs-folder' },
  ]

  const template: MenuItemSpec[] = []
  if (mac) {
    template.push({
      label: options.appName,
      submenu: [
        { role: 'about' },
        separator,
        { role: 'services' },
        separator,
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        separator,
        quit,
      ],
    })
  }
  template.push({
    label: 'File',
    submenu: [
      { label: 'Show Player View', command: 'show-player-view' },
      separator,
      ...folders,
      separator,
      close,
      // macOS keeps Quit in the app menu, where a Mac user looks for it.
      ...(mac ? [] : [quit]),
    ],
  })
  // Without an Edit menu, copy and paste shortcuts do nothing in text fields on macOS.
  template.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      separator,
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as MenuItemSpec] : []),
      { role: 'delete' },
      separator,
      { role: 'selectAll' },
    ],
  })
  const developer: MenuItemSpec[] = options.packaged
    ? []
    : [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator]
  template.push({
    label: 'View',
    submenu: [...developer, { role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, separator, { role: 'togglefullscreen' }],
  })
  template.push({
    label: 'Window',
    submenu: mac ? [{ role: 'minimize' }, { role: 'zoom' }, separator, { role: 'front' }] : [{ role: 'minimize' }],
  })
  // Help points at the GM's own files, not at a website: Salvo runs offline.
  template.push({ label: 'Help', submenu: folders })
  return template
}

/** Every accelerator in a template, for checks that none is bound twice. */
export function accelerators(template: readonly MenuItemSpec[]): string[] {
  return template.flatMap((item) => [...(item.accelerator ? [item.accelerator] : []), ...accelerators(item.submenu ?? [])])
}

// --- closing a window -----------------------------------------------------------------------

export type CloseAction = 'close' | 'confirm-quit' | 'none'

/**
 * What Close Window does for the focused window. The GM console is the app, so closing it
 * ends the session: that is asked first. The player view just closes.
 */
export function closeWindowAction(focused: 'gm' | 'player' | null): CloseAction {
  if (focused === 'gm') return 'confirm-quit'
  if (focused === 'player') return 'close'
  return 'none'
}

/** The question asked before the GM console closes; Cancel is the default, so Enter keeps playing. */
export const QUIT_CONFIRMATION = {
  type: 'question' as const,
  buttons: ['Quit Salvo', 'Cancel'],
  defaultId: 1,
  cancelId: 1,
  title: 'Quit Salvo?',
  message: 'Closing the GM console quits Salvo.',
  detail: 'Everything you have done is saved. The player view closes too.',
}

/** Whether the GM's answer to QUIT_CONFIRMATION means quit; anything unexpected keeps playing. */
export function confirmsQuit(response: unknown): boolean {
  return response === 0
}

/** A menu item as Electron's Menu.buildFromTemplate takes it, commands turned into clicks. */
export interface ClickableMenuItem extends Omit<MenuItemSpec, 'command' | 'submenu'> {
  click?: () => void
  submenu?: ClickableMenuItem[]
}

/** Gives each command its action; a failing action must not take the main process down. */
export function withActions(
  template: readonly MenuItemSpec[],
  actions: Record<AppCommand, () => void>,
  onError: (command: AppCommand, e: unknown) => void,
): ClickableMenuItem[] {
  return template.map(({ command, submenu, ...rest }) => ({
    ...rest,
    ...(command
      ? {
          click: () => {
            try {
              actions[command]()
            } catch (e) {
              onError(command, e)
            }
          },
        }
      : {}),
    ...(submenu ? { submenu: withActions(submenu, actions, onError) } : {}),
  }))
}
