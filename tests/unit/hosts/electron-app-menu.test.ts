import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  QUIT_CONFIRMATION,
  accelerators,
  buildMenuTemplate,
  closeWindowAction,
  confirmsQuit,
  withActions,
  type MenuItemSpec,
} from '../../../src-main/hosts/electron/app-menu'

const flat = (items: readonly MenuItemSpec[]): MenuItemSpec[] => items.flatMap((i) => [i, ...flat(i.submenu ?? [])])
const roles = (items: readonly MenuItemSpec[]) => flat(items).flatMap((i) => (i.role ? [i.role] : []))
const commands = (items: readonly MenuItemSpec[]) => flat(items).flatMap((i) => (i.command ? [i.command] : []))
const top = (items: readonly MenuItemSpec[]) => items.map((i) => i.label)

const platforms = ['darwin', 'win32', 'linux'] as const

describe('application menu', () => {
  for (const platform of platforms) {
    for (const packaged of [true, false]) {
      const template = buildMenuTemplate({ platform, packaged, appName: 'Salvo' })
      const name = `${platform}, ${packaged ? 'packaged' : 'development'}`

      it(`has the edit roles copy and paste need (${name})`, () => {
        expect(roles(template)).toEqual(expect.arrayContaining(['undo', 'redo', 'cut', 'copy', 'paste', 'selectAll']))
      })

      it(`has Salvo's own commands, Open data folder among them (${name})`, () => {
        expect(commands(template)).toEqual(
          expect.arrayContaining(['open-data-folder', 'open-logs-folder', 'show-player-view', 'close-window', 'quit']),
        )
      })

      it(`has Reload and developer tools only in development (${name})`, () => {
        const dev = ['reload', 'forceReload', 'toggleDevTools'] as const
        for (const role of dev) expect(roles(template).includes(role)).toBe(!packaged)
      })

      it(`binds Close Window to Salvo's command, never to the close role (${name})`, () => {
        const close = flat(template).filter((i) => i.accelerator === 'CmdOrCtrl+W')
        expect(close).toEqual([expect.objectContaining({ command: 'close-window' })])
        expect(roles(template)).not.toContain('close')
        expect(roles(template)).not.toContain('quit')
      })

      it(`binds no accelerator twice and has no web links (${name})`, () => {
        const keys = accelerators(template)
        expect(new Set(keys).size).toBe(keys.length)
        expect(JSON.stringify(template)).not.toMatch(/https?:|Learn More/)
      })

      it(`has one Quit (${name})`, () => {
        expect(commands(template).filter((c) => c === 'quit')).toHaveLength(1)
      })
    }
  }

  it('has the macOS app menu only on macOS', () => {
    expect(top(buildMenuTemplate({ platform: 'darwin', packaged: true, appName: 'Salvo' }))[0]).toBe('Salvo')
    expect(top(buildMenuTemplate({ platform: 'win32', packaged: true, appName: 'Salvo' }))[0]).toBe('File')
    expect(roles(buildMenuTemplate({ platform: 'linux', packaged: true, appName: 'Salvo' }))).not.toContain('services')
  })
})

describe('closing a window', () => {
  it('asks before the GM console closes, closes the player view, does nothing without a window', () => {
    expect(closeWindowAction('gm')).toBe('confirm-quit')
    expect(closeWindowAction('player')).toBe('close')
    expect(closeWindowAction(null)).toBe('none')
  })

  it('defaults the question to Cancel and quits only on an explicit Quit', () => {
    expect(QUIT_CONFIRMATION.buttons[QUIT_CONFIRMATION.defaultId]).toBe('Cancel')
    expect(QUIT_CONFIRMATION.cancelId).toBe(QUIT_CONFIRMATION.defaultId)
    expect(confirmsQuit(QUIT_CONFIRMATION.buttons.indexOf('Quit Salvo'))).toBe(true)
    for (const other of [1, -1, undefined, null, '0', 2]) expect(confirmsQuit(other)).toBe(false)
  })
})

describe('the menu module', () => {
  it('never loads electron, so tests and browser mode can use it', () => {
    const source = readFileSync(fileURLToPath(new URL('../../../src-main/hosts/electron/app-menu.ts', import.meta.url)), 'utf8')
    expect(source).not.toMatch(/from 'electron'/)
  })
})

describe('menu actions', () => {
  it('turns each command into a click that runs its action, and a failing action is reported', () => {
    const ran: string[] = []
    const errors: string[] = []
    const template = buildMenuTemplate({ platform: 'linux', packaged: true, appName: 'Salvo' })
    const items = withActions(
      template,
      {
        'open-data-folder': () => void ran.push('data'),
        'open-logs-folder': () => void ran.push('logs'),
        'show-player-view': () => void ran.push('player'),
        'close-window': () => void ran.push('close'),
        quit: () => {
          throw new Error('nope')
        },
      },
      (command, e) => void errors.push(`${command}: ${(e as Error).message}`),
    )
    type Item = (typeof items)[number]
    const all = (list: readonly Item[]): Item[] => list.flatMap((i) => [i, ...all(i.submenu ?? [])])
    const byLabel = (label: string) => all(items).find((i) => i.label === label)!
    byLabel('Open Data Folder').click!()
    byLabel('Close Window').click!()
    expect(() => byLabel('Quit').click!()).not.toThrow()
    expect(ran).toEqual(['data', 'close'])
    expect(errors).toEqual(['quit: nope'])
    // Roles stay roles, with no click of ours and no command left over.
    expect(all(items).find((i) => i.role === 'copy')).toEqual({ role: 'copy' })
    expect(JSON.stringify(items)).not.toContain('command')
  })
})
