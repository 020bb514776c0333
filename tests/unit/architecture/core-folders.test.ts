import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importsOf, sourceFiles } from './source-imports'

/**
 * The core's folders, lowest first. A folder may import its own files and any folder before it
 * in this list, never one after it: replay (persistence) and the turn walk (commands) apply
 * events with `events/`, which is why neither needs the engine that runs commands.
 */
export const CORE_FOLDERS = [
  'dice',
  'state',
  'geometry',
  'events',
  'commands',
  'persistence',
  'engine',
  'assets',
  'projection',
  'transfer',
  'autopilot',
  'app',
] as const

const ROOT = resolve('.')
const CORE = 'src-main/core'

/** The core folder a path (from the project root, with `/`) lies in, or null outside the core. */
function folderOf(path: string): string | null {
  const m = new RegExp(`^${CORE}/([^/]+)/`).exec(path)
  return m ? m[1]! : null
}

/** Every import of one core file that reaches a folder above its own, as "file → import (why)". */
export function upwardImports(path: string, text: string): string[] {
  const from = folderOf(path)
  if (!from) return []
  const rank = (folder: string) => CORE_FOLDERS.indexOf(folder as (typeof CORE_FOLDERS)[number])
  const out: string[] = []
  for (const spec of importsOf(text)) {
    if (!spec.startsWith('.')) continue
    const to = folderOf(
      relative(ROOT, resolve(ROOT, dirname(path), spec))
        .split('\\')
        .join('/'),
    )
    if (!to || to === from) continue
    if (rank(from) < 0 || rank(to) < 0) out.push(`${path} → ${spec} (core/${rank(from) < 0 ? from : to} is not in CORE_FOLDERS)`)
    else if (rank(to) > rank(from)) out.push(`${path} → ${spec} (core/${from} may not import core/${to}, which is above it)`)
  }
  return out
}

describe('the core folders', () => {
  it('every import between core folders points down the declared order', () => {
    const files = sourceFiles(CORE).map((f) => f.split('\\').join('/'))
    expect(files.length).toBeGreaterThan(80)
    const texts = files.map((f) => [f, readFileSync(f, 'utf8')] as const)
    expect(texts.reduce((n, [, text]) => n + importsOf(text).length, 0)).toBeGreaterThan(400)
    expect(texts.flatMap(([path, text]) => upwardImports(path, text))).toEqual([])
  })

  it.each([
    [
      'src-main/core/persistence/x.ts',
      "import { changesFor } from '../engine/campaign-engine'",
      'core/persistence may not import core/engine',
    ],
    ['src-main/core/engine/x.ts', "import type { Connection } from '../app/salvo-core'", 'core/engine may not import core/app'],
    ['src-main/core/events/x.ts', "import { DECIDERS } from '../commands/deciders'", 'core/events may not import core/commands'],
    ['src-main/core/state/x.ts', "import type { Executed } from '../engine/campaign-engine'", 'core/state may not import core/engine'],
    ['src-main/core/app/x.ts', "import { x } from '../gadgets/x'", 'core/gadgets is not in CORE_FOLDERS'],
  ])('bites: %s importing %s', (path, text, why) => {
    expect(upwardImports(path, text)).toEqual([expect.stringContaining(why)])
  })

  it('lets imports down, within a folder and out of the core through', () => {
    const down = [
      "import { changesFor } from '../events/changes-for'",
      "import { Draft } from '../state/draft'",
      "import { journalPath } from './campaign-paths'",
      "import type { Ruleset } from '../../rules/ruleset'",
      "import { ok } from '../../../src-shared/result'",
    ].join('\n')
    expect(upwardImports('src-main/core/persistence/x.ts', down)).toEqual([])
  })
})
