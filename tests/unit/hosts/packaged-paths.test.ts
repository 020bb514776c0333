import * as path from 'node:path'
import { describe, expect, it } from 'vitest'
import { appPaths, unpackedPath } from '../../../src-main/hosts/electron/packaged-paths'

describe('packaged paths', () => {
  it('in development, resources/ is the project’s own and the worker sits beside index.js', () => {
    const paths = appPaths({ isPackaged: false, resourcesPath: '/opt/electron/resources', mainDir: '/home/gm/salvo/out/main' }, path.posix)
    expect(paths).toEqual({
      resourcesDir: '/home/gm/salvo/resources',
      forecastWorker: '/home/gm/salvo/out/main/forecast-worker.js',
    })
  })

  it('packaged on Linux, content packs come from extraResources and the worker from app.asar.unpacked', () => {
    const res = '/opt/Salvo/resources'
    const paths = appPaths({ isPackaged: true, resourcesPath: res, mainDir: `${res}/app.asar/out/main` }, path.posix)
    expect(paths).toEqual({
      resourcesDir: `${res}/resources`,
      forecastWorker: `${res}/app.asar.unpacked/out/main/forecast-worker.js`,
    })
  })

  it('packaged on macOS, inside the .app bundle', () => {
    const res = '/Applications/Salvo.app/Contents/Resources'
    const paths = appPaths({ isPackaged: true, resourcesPath: res, mainDir: `${res}/app.asar/out/main` }, path.posix)
    expect(paths.resourcesDir).toBe(`${res}/resources`)
    expect(paths.forecastWorker).toBe(`${res}/app.asar.unpacked/out/main/forecast-worker.js`)
  })

  it('packaged on Windows, with backslashes', () => {
    const res = 'C:\\Users\\gm\\AppData\\Local\\Programs\\Salvo\\resources'
    const paths = appPaths({ isPackaged: true, resourcesPath: res, mainDir: `${res}\\app.asar\\out\\main` }, path.win32)
    expect(paths.resourcesDir).toBe(`${res}\\resources`)
    expect(paths.forecastWorker).toBe(`${res}\\app.asar.unpacked\\out\\main\\forecast-worker.js`)
  })

  it('a packaged app without a resources path (not Electron) still gets paths, not a crash', () => {
    const paths = appPaths({ isPackaged: true, resourcesPath: undefined, mainDir: '/x/out/main' }, path.posix)
    expect(paths.forecastWorker).toBe('/x/out/main/forecast-worker.js')
    expect(paths.resourcesDir).toBe('/x/resources')
  })

  describe('unpackedPath', () => {
    it('swaps only a whole app.asar segment', () => {
      expect(unpackedPath('/r/app.asar/out/main/w.js', path.posix)).toBe('/r/app.asar.unpacked/out/main/w.js')
      expect(unpackedPath('/r/my-app.asar.d/out/w.js', path.posix)).toBe('/r/my-app.asar.d/out/w.js')
      expect(unpackedPath('/r/app.asar.unpacked/w.js', path.posix)).toBe('/r/app.asar.unpacked/w.js')
    })

    it('leaves a path outside any archive as it is', () => {
      expect(unpackedPath('/home/gm/salvo/out/main/w.js', path.posix)).toBe('/home/gm/salvo/out/main/w.js')
      expect(unpackedPath('', path.posix)).toBe('')
    })
  })
})
