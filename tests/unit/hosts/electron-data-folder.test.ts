import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import {
  DATA_FOLDER_NAME,
  campaignDataDir,
  electronDefaultUserData,
  logsDir,
  pinnedUserDataPath,
} from '../../../src-main/hosts/electron/data-folder'

const root = (file: string) => fileURLToPath(new URL(`../../../${file}`, import.meta.url))
const manifest = JSON.parse(readFileSync(root('package.json'), 'utf8')) as { name: string; productName?: string }
const APP_DATA = join('/home', 'gm', '.config')

describe('data folder', () => {
  it('is where builds without a product name have always kept it', () => {
    const before = electronDefaultUserData(APP_DATA, { name: manifest.name })
    expect(pinnedUserDataPath(APP_DATA)).toBe(before)
  })

  it('does not move when a product name is added', () => {
    const withProduct = { ...manifest, productName: 'Salvo Tactical Console' }
    // Unpinned, Electron would move it…
    expect(electronDefaultUserData(APP_DATA, withProduct)).not.toBe(electronDefaultUserData(APP_DATA, { name: manifest.name }))
    // …pinned, it stays; the pin does not read the manifest at all.
    expect(pinnedUserDataPath(APP_DATA)).toBe(join(APP_DATA, manifest.name))
    expect(DATA_FOLDER_NAME).toBe(manifest.name)
  })

  it('keeps campaigns and logs inside it', () => {
    const userData = pinnedUserDataPath(APP_DATA)
    expect(campaignDataDir(userData)).toBe(join(userData, 'salvo-data'))
    expect(logsDir(userData)).toBe(join(userData, 'logs'))
  })

  it('is pinned by the desktop app before anything reads it', () => {
    const glue = readFileSync(root('src-main/hosts/electron/lifecycle.ts'), 'utf8')
    expect(glue).toContain("app.setPath('userData', pinnedUserDataPath(app.getPath('appData')))")
    const main = readFileSync(root('src-main/hosts/electron/main.ts'), 'utf8')
    const pin = main.indexOf('pinDataFolder()')
    expect(pin).toBeGreaterThan(-1)
    // The single-instance lock lives in userData, so the pin must come before it.
    expect(pin).toBeLessThan(main.indexOf('requestSingleInstanceLock()'))
    expect(main).not.toMatch(/getPath\('userData'\)/)
  })
})
