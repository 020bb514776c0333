import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FIRST_EVENING, GUIDE_PATH } from '../../../src-renderer/lib/app/first-evening'
import { SHORTCUTS, chordLabel } from '../../../src-renderer/lib/app/shortcuts'

const root = new URL('../../../', import.meta.url)
const readme = readFileSync(new URL('README.md', root), 'utf8')

/** The README's section under a `## ` heading, up to the next one. */
function section(title: string): string {
  const start = readme.indexOf(`\n## ${title}\n`)
  if (start < 0) throw new Error(`README has no "## ${title}" section`)
  const end = readme.indexOf('\n## ', start + 1)
  return readme.slice(start, end < 0 ? undefined : end)
}

describe('the first evening: README and the quick start under ? tell the same ten steps', () => {
  it('README numbers ten steps whose bold titles are the quick start’s, in its order', () => {
    const steps = [...section('Your first evening').matchAll(/^(\d+)\. \*\*(.+?)\.\*\*/gm)].map((m) => ({
      n: Number(m[1]),
      title: m[2],
    }))
    expect(steps.map((s) => s.n)).toEqual(FIRST_EVENING.map((_, i) => i + 1))
    expect(steps.map((s) => s.title)).toEqual(FIRST_EVENING.map((s) => s.title))
    expect(FIRST_EVENING).toHaveLength(10)
  })

  it('the first evening shows three pictures, each a file in docs/images', () => {
    const pictures = [...section('Your first evening').matchAll(/!\[[^\]]+\]\(([^)]+)\)/g)].map((m) => m[1]!)
    expect(pictures).toHaveLength(3)
    for (const p of pictures) expect(() => readFileSync(new URL(p, root))).not.toThrow()
  })

  it('set-up comes first, before any picture, with npm ci, npm start and serve:only', () => {
    const setUp = readme.indexOf('\n## Set up\n')
    expect(setUp).toBeGreaterThan(0)
    expect(readme.slice(0, setUp)).not.toMatch(/!\[/)
    const text = section('Set up')
    for (const command of ['npm ci', 'npm start', 'npm run serve', 'npm run serve:only']) expect(text).toContain(command)
  })

  it('the guide the quick start points to exists and the README links it', () => {
    expect(() => readFileSync(new URL(GUIDE_PATH, root))).not.toThrow()
    expect(readme).toContain(`](${GUIDE_PATH})`)
  })

  it('the README’s keys table names every key the console answers to', () => {
    const table = section('Keys')
    for (const s of SHORTCUTS) for (const c of s.chords) expect(table, `${s.action}: ${chordLabel(c)}`).toContain(`\`${chordLabel(c)}\``)
  })

  it('README and the docs it links carry no issue numbers in their prose', () => {
    const docs = ['README.md', 'docs/guide.md', 'docs/benchmarks.md', 'docs/reliability.md']
    for (const d of docs) {
      const text = readFileSync(new URL(d, root), 'utf8')
      expect(text, d).not.toMatch(/\bissues? \d|#\d/i)
    }
  })
})
