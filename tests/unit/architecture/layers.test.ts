import { readFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, sourceFiles } from './source-imports'

/**
 * The layers of docs/architecture.md, held by a test rather than by care: every import of every
 * source file (`.ts` and `.svelte`) must point down.
 *
 *   src-shared            ← rules interface (rules/ruleset.ts, rules/dice.ts, rules/kit/)
 *                         ← each ruleset (rules/<id>/: itself and the interface, never another)
 *                         ← the registry (rules/ruleset-registry.ts: every ruleset)
 *                         ← core (src-main/core)  ← hosts (src-main/hosts)
 *   src-renderer          → src-shared only
 *
 * Packages: `electron` only in hosts/electron; Node's own modules nowhere in src-shared or the
 * renderer; src-shared may use zod and nothing else. Tests, scripts and configs are outside
 * the layers.
 */

type Layer =
  | { readonly kind: 'shared' }
  | { readonly kind: 'rules-interface' }
  | { readonly kind: 'ruleset'; readonly id: string }
  | { readonly kind: 'registry' }
  | { readonly kind: 'core' }
  | { readonly kind: 'hosts'; readonly electron: boolean }
  | { readonly kind: 'renderer' }

const ROOT = resolve('.')
const SOURCES = ['src-shared', 'src-main', 'src-renderer']

/** Which layer a file (a path from the project root, with `/`) belongs to; null outside the layers. */
export function layerOf(path: string): Layer | null {
  if (path.startsWith('src-shared/')) return { kind: 'shared' }
  if (path.startsWith('src-renderer/')) return { kind: 'renderer' }
  if (path.startsWith('src-main/core/')) return { kind: 'core' }
  if (path.startsWith('src-main/hosts/')) return { kind: 'hosts', electron: path.startsWith('src-main/hosts/electron/') }
  if (path === 'src-main/rules/ruleset-registry.ts') return { kind: 'registry' }
  const rules = /^src-main\/rules\/([^/]+)\//.exec(path)
  if (rules && rules[1] !== 'kit') return { kind: 'ruleset', id: rules[1]! }
  if (path.startsWith('src-main/rules/')) return { kind: 'rules-interface' }
  return null
}

/** Whether a file of layer `from` may import one of layer `to`. */
function allowed(from: Layer, to: Layer): boolean {
  switch (from.kind) {
    case 'shared':
      return to.kind === 'shared'
    case 'rules-interface':
      return to.kind === 'shared' || to.kind === 'rules-interface'
    case 'ruleset':
      return to.kind === 'shared' || to.kind === 'rules-interface' || (to.kind === 'ruleset' && to.id === from.id)
    case 'registry':
      return to.kind === 'shared' || to.kind === 'rules-interface' || to.kind === 'ruleset'
    case 'core':
      return to.kind === 'shared' || to.kind === 'rules-interface' || to.kind === 'registry' || to.kind === 'core'
    case 'hosts':
      return to.kind === 'shared' || to.kind === 'core' || (to.kind === 'hosts' && (from.electron || !to.electron))
    case 'renderer':
      return to.kind === 'shared' || to.kind === 'renderer'
  }
}

const NODE = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)])

/** What a package import may be, by layer. */
function packageAllowed(from: Layer, name: string): boolean {
  if (name === 'electron') return from.kind === 'hosts' && from.electron
  if (NODE.has(name) || name.startsWith('node:')) return from.kind !== 'shared' && from.kind !== 'renderer'
  // Pure packages only: zod, and flatbush (the walls' index, which the map and the rules share).
  if (from.kind === 'shared') return name === 'zod' || name === 'flatbush'
  return true
}

/** Every wrong-way import of one file, as "file → import (why)". */
export function wrongImports(path: string, text: string): string[] {
  const from = layerOf(path)
  if (!from) return []
  const out: string[] = []
  for (const spec of importsOf(text)) {
    if (!spec.startsWith('.')) {
      const name = spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!
      if (!packageAllowed(from, name)) out.push(`${path} → ${spec} (the ${layerName(from)} may not use ${name})`)
      continue
    }
    const target = relative(ROOT, resolve(ROOT, dirname(path), spec))
      .split('\\')
      .join('/')
    const to = layerOf(target) ?? layerOf(`${target}.ts`)
    if (!to) {
      out.push(`${path} → ${spec} (outside the layers)`)
      continue
    }
    if (!allowed(from, to)) out.push(`${path} → ${spec} (the ${layerName(from)} may not import the ${layerName(to)})`)
  }
  return out
}

function layerName(l: Layer): string {
  switch (l.kind) {
    case 'ruleset':
      return `ruleset ${l.id}`
    case 'hosts':
      return l.electron ? 'Electron host' : 'hosts'
    case 'rules-interface':
      return 'rules interface'
    default:
      return l.kind
  }
}

describe('the layers', () => {
  it('every import of every source file points down', () => {
    const files = SOURCES.flatMap((d) => sourceFiles(d))
    expect(files.length).toBeGreaterThan(300)
    const texts = files.map((f) => [f.split('\\').join('/'), readFileSync(f, 'utf8')] as const)
    // The reader sees the imports there are (a regex that matched nothing would pass everything).
    expect(texts.reduce((n, [, text]) => n + importsOf(text).length, 0)).toBeGreaterThan(1500)
    expect(texts.flatMap(([path, text]) => wrongImports(path, text))).toEqual([])
  })

  it.each([
    [
      'src-main/rules/compound-x/cx-attack.ts',
      "import type { Dice } from '../../core/dice/dice-roller'",
      'the ruleset compound-x may not import the core',
    ],
    [
      'src-main/rules/d10-difficulty/x.ts',
      "import { signed } from '../compound-x/cx-format'",
      'the ruleset d10-difficulty may not import the ruleset compound-x',
    ],
    [
      'src-main/rules/ruleset.ts',
      "import type { RecordReader } from '../core/state/record-store'",
      'the rules interface may not import the core',
    ],
    ['src-main/rules/kit/odds.ts', "import { x } from '../compound-x/odds'", 'the rules interface may not import the ruleset compound-x'],
    ['src-shared/views.ts', "import type { Ruleset } from '../src-main/rules/ruleset'", 'the shared may not import the rules interface'],
    ['src-shared/fog.ts', "import { readFileSync } from 'node:fs'", 'the shared may not use node:fs'],
    ['src-shared/x.ts', "import { Low } from 'lowdb'", 'the shared may not use lowdb'],
    [
      'src-renderer/lib/map/x.ts',
      "import { fogOf } from '../../../src-main/core/state/scene-in-play'",
      'the renderer may not import the core',
    ],
    [
      'src-renderer/lib/App.svelte',
      '<script lang="ts">\n  import { x } from \'../../src-main/hosts/web/web-server\'\n</script>',
      'the renderer may not import the hosts',
    ],
    ['src-main/core/app/x.ts', "import { app } from 'electron'", 'the core may not use electron'],
    ['src-main/core/app/x.ts', "const { x } = await import('../../hosts/web/main')", 'the core may not import the hosts'],
    ['src-main/hosts/web/x.ts', "import { x } from '../electron/window-options'", 'the hosts may not import the Electron host'],
  ])('bites: %s importing %s', (path, text, why) => {
    expect(wrongImports(path, text)).toEqual([expect.stringContaining(why)])
  })

  it('lets the right ways through, and ignores paths in comments', () => {
    expect(
      wrongImports(
        'src-main/rules/compound-x/cx-attack.ts',
        "import type { Dice } from '../dice'\nimport { z } from 'zod'\nimport { x } from './cx-odds'",
      ),
    ).toEqual([])
    expect(
      wrongImports(
        'src-main/core/app/x.ts',
        "import { createRulesetRegistry } from '../../rules/ruleset-registry'\nimport sharp from 'sharp'",
      ),
    ).toEqual([])
    expect(wrongImports('src-main/hosts/electron/main.ts', "import { app } from 'electron'\nimport { x } from '../web/cli-args'")).toEqual(
      [],
    )
    expect(
      wrongImports('src-renderer/lib/x.ts', '// see src-main/core/app/check-action.ts\n/* import x from "../../src-main/core" */'),
    ).toEqual([])
  })
})
