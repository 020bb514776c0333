import { existsSync, readFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import config from '../../../electron-builder.config'
import viteConfig from '../../../electron.vite.config'
import { appPaths } from '../../../src-main/hosts/electron/packaged-paths'
import { importsOf } from '../architecture/source-imports'

/**
 * The installers' configuration, read as electron-builder reads it. No installer can be built
 * here (no Electron binary can be fetched), so each setting a packaged Salvo depends on is
 * held here, and the files it names are checked to exist.
 */
const root = new URL('../../../', import.meta.url)
const file = (path: string) => fileURLToPath(new URL(path, root))
const pkg = JSON.parse(readFileSync(file('package.json'), 'utf8')) as {
  main: string
  scripts: Record<string, string>
  devDependencies: Record<string, string>
}

type Target = string | { target: string; arch?: string | string[] }
const targetNames = (targets: unknown): string[] =>
  ((Array.isArray(targets) ? targets : [targets]) as Target[]).map((t) => (typeof t === 'string' ? t : t.target))
const globs = (value: unknown): string[] => (Array.isArray(value) ? (value as string[]) : typeof value === 'string' ? [value] : [])
/** A glob in asarUnpack that takes in the given path: equal, or a `dir/**` above it. */
const unpacks = (path: string) => globs(config.asarUnpack).some((g) => g === path || (g.endsWith('/**') && path.startsWith(g.slice(0, -2))))

/** Imports erased by the compiler (`import type …`, `export type …`) load nothing at run time. */
const runtimeImports = (text: string) => importsOf(text.replace(/(?:^|\n)\s*(?:import|export)\s+type\s[^;]*?\bfrom\s*['"][^'"]+['"]/g, ''))

/** The npm packages a source file loads at run time, following its relative imports through the tree. */
function packagesReachedFrom(entry: string): string[] {
  const seen = new Set<string>()
  const packages = new Set<string>()
  const visit = (path: string) => {
    if (seen.has(path)) return
    seen.add(path)
    for (const spec of runtimeImports(readFileSync(path, 'utf8'))) {
      if (spec.startsWith('.')) {
        const base = join(dirname(path), spec).replace(/\.js$/, '')
        const found = [`${base}.ts`, join(base, 'index.ts')].find((p) => existsSync(p))
        if (found) visit(found)
        else throw new Error(`${relative(file(''), path)} imports ${spec}, which is not a source file`)
      } else if (!spec.startsWith('node:')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!)
      }
    }
  }
  visit(entry)
  return [...packages].sort()
}

/** A package and the packages it depends on, as installed. */
function withDependencies(name: string, into = new Set<string>()): Set<string> {
  if (into.has(name)) return into
  into.add(name)
  const manifest = JSON.parse(readFileSync(file(`node_modules/${name}/package.json`), 'utf8')) as { dependencies?: Record<string, string> }
  for (const dep of Object.keys(manifest.dependencies ?? {})) withDependencies(dep, into)
  return into
}

/** An artifact's file name as the README writes it: `<version>` for the version. */
const fileName = (template: string | null | undefined, ext: string, arch: string) =>
  (template ?? '').replaceAll('${version}', '<version>').replaceAll('${arch}', arch).replaceAll('${ext}', ext)
const readmeSetUp = readFileSync(file('README.md'), 'utf8').split('\n## ')[1] ?? ''

describe('the installers (electron-builder)', () => {
  it('names the app', () => {
    expect(config.appId).toMatch(/^[a-z][a-z0-9-]*(\.[a-z][a-z0-9-]*)+$/)
    expect(config.productName).toBe('Salvo')
  })

  it('builds NSIS for Windows, a dmg for macOS, an AppImage and a deb for Linux', () => {
    expect(targetNames(config.win?.target)).toEqual(['nsis'])
    expect(targetNames(config.mac?.target)).toEqual(['dmg'])
    expect(targetNames(config.linux?.target).sort()).toEqual(['AppImage', 'deb'])
  })

  it('has an icon of at least 512×512 that exists', async () => {
    expect(typeof config.icon).toBe('string')
    const icon = file(config.icon as string)
    expect(existsSync(icon)).toBe(true)
    const { width, height, format } = await sharp(icon).metadata()
    expect(format).toBe('png')
    expect(width).toBeGreaterThanOrEqual(512)
    expect(height).toBe(width)
  })

  it('ships the content packs beside the archive, where the packaged app looks for them', () => {
    const extra = (config.extraResources ?? []) as { from: string; to: string }[]
    const packs = extra.find((e) => e.from === 'resources/content-packs')
    // packaged-paths.ts: resourcesDir = <resourcesPath>/resources, and the registry reads content-packs/ in it.
    expect(packs?.to).toBe('resources/content-packs')
    expect(existsSync(file('resources/content-packs/compound-x'))).toBe(true)
  })

  it('packs the built app and its entry point into an asar', () => {
    expect(config.asar).toBe(true)
    const files = globs(config.files)
    expect(files).toContain('package.json')
    expect(files.some((g) => pkg.main.startsWith(g.replace(/\*\*$/, '')))).toBe(true)
    expect(files.some((g) => g.startsWith('out/web'))).toBe(false)
  })

  it('unpacks sharp, its @img binaries and the forecast worker with what it imports', () => {
    for (const path of [
      'node_modules/sharp/lib/index.js',
      'node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64.node',
      'node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so',
      'out/main/forecast-worker.js',
      'out/main/chunks/forecast-messages.js',
      'node_modules/zod/index.js',
      'node_modules/seedrandom/index.js',
    ])
      expect(unpacks(path), path).toBe(true)
    // The app itself stays in the archive, which is what the integrity fuse checks.
    expect(unpacks('out/main/index.js')).toBe(false)
    expect(unpacks('out/renderer/gm.html')).toBe(false)
  })

  it('unpacks the forecast worker where the build puts it, which is where the packaged app starts it', () => {
    // The build's entry names decide the file names in out/main; the worker is its own entry.
    const main = (viteConfig as { main?: { build?: { outDir?: string; rolldownOptions?: { input?: Record<string, string> } } } }).main
    const inputs = main?.build?.rolldownOptions?.input ?? {}
    expect(inputs['forecast-worker']).toMatch(/src-main\/core\/autopilot\/forecast-worker\.ts$/)
    expect(main?.build?.outDir ?? 'out/main').toBe('out/main')
    const built = 'out/main/forecast-worker.js'
    expect(unpacks(built)).toBe(true)
    const resources = '/opt/Salvo/resources'
    const started = appPaths({ isPackaged: true, resourcesPath: resources, mainDir: `${resources}/app.asar/out/main` }).forecastWorker
    expect(started).toBe(`${resources}/app.asar.unpacked/${built}`)
    // index.js is what package.json starts, inside the archive.
    expect(pkg.main).toBe(`out/main/index.js`)
    expect(Object.keys(inputs)).toContain('index')
  })

  it('unpacks every package the forecast worker loads, and what those depend on', () => {
    const reached = packagesReachedFrom(file('src-main/core/autopilot/forecast-worker.ts'))
    // The worker computes odds: if it reached no package, the walk above would be broken.
    expect(reached.length).toBeGreaterThan(0)
    const needed = [...new Set(reached.flatMap((p) => [...withDependencies(p)]))]
    expect(needed.filter((p) => !unpacks(`node_modules/${p}/package.json`))).toEqual([])
  })

  it('flips the Electron fuses: no RunAsNode, no NODE_OPTIONS or inspect, asar integrity, asar only', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    })
  })

  it('does not rebuild native modules (sharp is prebuilt Node-API) and never publishes by itself', () => {
    expect(config.npmRebuild).toBe(false)
    expect(config.publish).toBeNull()
  })

  it('`npm run dist` builds the app then the installers from this file, without publishing', () => {
    const dist = pkg.scripts.dist ?? ''
    expect(dist).toMatch(/^electron-vite build && electron-builder /)
    expect(dist).toContain('--config electron-builder.config.ts')
    expect(dist).toContain('--publish never')
    expect(pkg.devDependencies['electron-builder']).toBeTruthy()
    // `npm test` must not try to build installers.
    expect(pkg.scripts.test).not.toContain('dist')
  })

  it('the README’s set-up tells a GM without Node which file to download, by the names built here', () => {
    expect(readmeSetUp).toMatch(/no Node needed/)
    for (const name of [
      fileName(config.nsis?.artifactName, 'exe', 'x64'),
      fileName(config.mac?.artifactName, 'dmg', 'arm64'),
      fileName(config.linux?.artifactName, 'AppImage', 'x64'),
      fileName(config.linux?.artifactName, 'deb', 'x64'),
    ]) {
      expect(name).toMatch(/^Salvo-.*<version>/)
      expect(readmeSetUp, name).toContain(name)
    }
    expect(readmeSetUp).toContain('docs/release.md')
  })
})
