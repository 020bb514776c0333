import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { importsOf } from '../architecture/source-imports'

/**
 * The desktop shell's decisions live in modules that load no `electron` at run time, so the unit
 * tests run them under plain Node (no Electron binary here) and nothing of Electron can reach
 * browser mode or a test through them. A type-only import is erased by the compiler and allowed:
 * projector-window.ts is typed against BrowserWindow but given Electron's objects by main.ts.
 */

const source = (name: string) => readFileSync(fileURLToPath(new URL(`../../../src-main/hosts/electron/${name}`, import.meta.url)), 'utf8')

/** What a module loads when it runs: its imports, less `import type` statements. */
const runtimeImports = (text: string) => importsOf(text.replace(/(?:^|\n)\s*(?:import|export)\s+type\s[^;]*?\bfrom\s*['"][^'"]+['"]/g, ''))

const PURE = [
  'display-plan.ts',
  'projector-window.ts',
  'quit-sequence.ts',
  'diagnostics.ts',
  'app-menu.ts',
  'data-folder.ts',
  'window-state.ts',
  'packaged-paths.ts',
  'window-options.ts',
]

describe('the desktop shell’s decision modules', () => {
  for (const name of PURE) {
    it(`${name} loads no electron at run time, nor any module that does`, () => {
      const seen = new Set<string>()
      const visit = (file: string) => {
        if (seen.has(file)) return
        seen.add(file)
        for (const spec of runtimeImports(source(file))) {
          expect(spec === 'electron' || spec.startsWith('electron/'), `${file} imports ${spec}`).toBe(false)
          // Within the Electron host, follow the relative imports too.
          if (spec.startsWith('./')) visit(`${spec.slice(2)}.ts`)
        }
      }
      visit(name)
    })
  }

  it('the scan sees a run-time electron import, and lets a type-only one through', () => {
    expect(runtimeImports(source('lifecycle.ts'))).toContain('electron')
    expect(runtimeImports("import type { BrowserWindow } from 'electron'\nimport { x } from './y'")).toEqual(['./y'])
    expect(runtimeImports("import { type BrowserWindow, app } from 'electron'")).toEqual(['electron'])
  })
})
