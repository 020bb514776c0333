import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * Issue 6's fence: the core, the UI and the shared contract never name a rule of a specific
 * ruleset — no RULINGS id, no ruleset id, no ruleset name — so a new ruleset bends the interface,
 * not the core. Only the ruleset's own folder and the registry that lists the rulesets may.
 * The rulesets and their RULINGS prefixes are read from the rule documents' README and RULINGS.md,
 * so a new ruleset is fenced in without touching this test.
 */

const root = join(__dirname, '..', '..', '..')
const rulesDir = join(root, '..', 'shared', 'rules')

interface Fence {
  readonly rulesetId: string
  readonly patterns: readonly RegExp[]
}

/** README rows map a document's number to its ruleset id; RULINGS sections name the document and list the ids. */
function fences(): Fence[] {
  const readme = readFileSync(join(rulesDir, 'README.md'), 'utf8')
  const idOfDoc = new Map<string, string>()
  for (const m of readme.matchAll(/^\|\s*`(\d{3})_[^`]*`\s*\|.*\|\s*`([a-z0-9-]+)`\s*\|\s*$/gm)) idOfDoc.set(m[1]!, m[2]!)
  const rulings = readFileSync(join(rulesDir, 'RULINGS.md'), 'utf8')
  const out = new Map<string, Set<string>>()
  for (const section of rulings.split(/^## /m).slice(1)) {
    const doc = /`(\d{3})_/.exec(section.split('\n')[0]!)?.[1]
    const id = doc ? idOfDoc.get(doc) : undefined
    if (!id) continue
    const ids = out.get(id) ?? new Set<string>()
    for (const m of section.matchAll(/^- ([A-Z]+\d+) /gm)) ids.add(m[1]!)
    out.set(id, ids)
  }
  // Exact ids, not prefixes: a d10 die constant ("D10") is not the ruling D1.
  return [...out].map(([rulesetId, ids]) => ({
    rulesetId,
    patterns: [new RegExp(`\\b(?:${[...ids].join('|')})\\b`), new RegExp(`['"\`]${rulesetId}['"\`]`)],
  }))
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return files(path)
    return /\.(ts|svelte)$/.test(name) ? [path] : []
  })
}

/** The registry lists every ruleset by name: the one place outside a ruleset that must. */
const REGISTRY = join('src-main', 'rules', 'ruleset-registry.ts')

function violations(fence: Fence): string[] {
  const own = join('src-main', 'rules', fence.rulesetId) + sep
  const scanned = ['src-main', 'src-renderer', 'src-shared'].flatMap((d) => files(join(root, d)))
  return scanned.flatMap((path) => {
    const rel = relative(root, path)
    if (rel.startsWith(own) || rel === REGISTRY) return []
    return readFileSync(path, 'utf8')
      .split('\n')
      .flatMap((line, i) => fence.patterns.filter((p) => p.test(line)).map((p) => `${rel}:${i + 1} names ${p.exec(line)![0]}`))
  })
}

describe('ruleset isolation', () => {
  const all = fences()

  it('reads a fence for every ruleset document, Compound X among them', () => {
    expect(all.map((f) => f.rulesetId)).toContain('compound-x')
    expect(all.length).toBeGreaterThanOrEqual(4)
  })

  it.each(all.map((f) => [f.rulesetId, f] as const))('no module outside src-main/rules/%s names its rules', (_id, fence) => {
    expect(violations(fence)).toEqual([])
  })

  it('would catch a RULINGS id in core code (the fence is not empty)', () => {
    const cx = all.find((f) => f.rulesetId === 'compound-x')!
    expect(cx.patterns.some((p) => p.test('// CX26: the suppressor reacts'))).toBe(true)
    expect(cx.patterns.some((p) => p.test("const id = 'compound-x'"))).toBe(true)
  })
})
