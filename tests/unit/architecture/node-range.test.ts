import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'

/**
 * One Node range: package.json's `engines.node` must be one every installed package accepts
 * whole (a Node it allows that a dependency refuses would make `npm ci` warn EBADENGINE), and
 * the README's set-up must name it.
 */
interface Semver {
  subset(sub: string, dom: string): boolean
}
const semver = createRequire(import.meta.url)('semver') as Semver
const root = new URL('../../../', import.meta.url)
const read = (path: string) => readFileSync(new URL(path, root), 'utf8')

interface LockEntry {
  readonly engines?: { readonly node?: string } | readonly string[]
}

describe('the Node range', () => {
  const ours = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node
  const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, LockEntry> }

  it('every package in the lock that states a Node range accepts all of package.json’s', () => {
    const stated = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const node = entry.engines && !Array.isArray(entry.engines) ? (entry.engines as { node?: string }).node : undefined
      return path && node ? [{ path, node }] : []
    })
    expect(stated.length).toBeGreaterThan(100)
    const refusing = stated.filter((p) => !semver.subset(ours, p.node)).map((p) => `${p.path}: ${p.node}`)
    expect(refusing).toEqual([])
  })

  it('the README’s set-up names the same range', () => {
    const setUp = read('README.md').split('\n## ')[1] ?? ''
    expect(setUp.startsWith('Set up')).toBe(true)
    expect(setUp).toContain(`\`${ours}\``)
  })
})
