import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { GLOSSARY_FILE, RULES_DIR, buildGlossary } from '../../../scripts/rule-glossary'
import { codeTitlesIn, codesIn, ruleSegments, ruleTitle, rulesetCodes, sourceSuffix } from '../../../src-shared/rule-glossary'

/** Every `source: '…'` the rulesets write, as the screens print it. */
function sourcesInRules(): string[] {
  const out = new Set<string>()
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name)
      if (e.isDirectory()) walk(p)
      else if (p.endsWith('.ts')) for (const m of readFileSync(p, 'utf8').matchAll(/source: '([^']+)'/g)) out.add(m[1]!)
    }
  }
  walk(join(import.meta.dirname, '../../../src-main/rules'))
  return [...out]
}

describe('rule glossary', () => {
  it.runIf(existsSync(join(RULES_DIR, 'RULINGS.md')))('the committed glossary is built from the documents as they are now', () => {
    expect(JSON.parse(readFileSync(GLOSSARY_FILE, 'utf8'))).toEqual(buildGlossary())
  })

  it('titles the rulings, the added rulings and the document sections the play tests found bare', () => {
    expect(ruleTitle('D1')).toMatch(/d10 \+ attribute modifier/)
    expect(ruleTitle('T3')).toMatch(/significant action/)
    expect(ruleTitle('SR-D10-30')).toBeTruthy()
    expect(ruleTitle('002 Movement')).toMatch(/^.*\(002\), “Movement”: .*speed points/)
    expect(ruleTitle('D99')).toBeNull()
  })

  it('every rule code a ruleset cites in an explanation line is found and titled', () => {
    const sources = sourcesInRules()
    expect(sources.length).toBeGreaterThan(40)
    // A source that starts like a code ("D1", "SR-D10-33, D7", "002 Grenades, …") must be one the documents have.
    const missed = sources.filter((s) => /^(SR-|[A-Z]{1,2}\d|00\d )/.test(s) && codesIn(s).length === 0)
    expect(missed).toEqual([])
    for (const s of sources) for (const seg of ruleSegments(s)) if (seg.code) expect(seg.title.length).toBeGreaterThan(0)
  })

  it('cuts text into plain runs and codes, leaving unknown codes and dice alone', () => {
    const segs = ruleSegments('2d6 + DMs ≥ 8 (T1); d6 roll-off, D9 stays (002 Stance, 002 Movement, SR-D10-32)')
    expect(segs.filter((s) => s.code).map((s) => s.code)).toEqual(['T1', '002 Stance', '002 Movement', 'SR-D10-32'])
    expect(segs.map((s) => s.code ?? s.text).join('')).toBe(
      '2d6 + DMs ≥ 8 (T1); d6 roll-off, D9 stays (002 Stance, 002 Movement, SR-D10-32)',
    )
  })

  it('prints a line’s rule once: a code its label already cites is not repeated', () => {
    expect(sourceSuffix('reaches difficulty 7 (D1)', 'D1')).toBe('')
    expect(sourceSuffix('reaches difficulty 7 (D1)', 'D1, SR-D10-30')).toBe(' (SR-D10-30)')
    expect(sourceSuffix('bonus', 'D1')).toBe(' (D1)')
    expect(sourceSuffix('bonus', undefined)).toBe('')
  })

  it('lists each ruleset’s own codes for the help, titled, and no other ruleset’s', () => {
    for (const [id, own, other] of [
      ['compound-x', 'CX24', 'D1'],
      ['d10-difficulty', 'D1', 'T1'],
      ['d20-two-action', 'W1', 'CX1'],
      ['2d6-significant', 'T3', 'W1'],
    ] as const) {
      const codes = rulesetCodes(id)
      expect(codes.map((c) => c.code)).toContain(own)
      expect(codes.map((c) => c.code)).not.toContain(other)
      expect(codes.every((c) => c.title.length > 0)).toBe(true)
    }
  })
})

describe('titles for places without markup', () => {
  it('lists each code of a menu entry with its title, and nothing for a label with none', () => {
    const hover = codeTitlesIn('Reaction contest (D1) · C25 rifle')
    expect(hover).toBe(`D1: ${ruleTitle('D1')}`)
    expect(codeTitlesIn('Reload')).toBe('')
  })
})
