import { describe, expect, it } from 'vitest'
import type { ExplanationSection } from '../../../src-shared/attack'
import type { RulesCombatant, Ruleset } from '../../../src-main/rules/ruleset'
import { DiceRoller } from '../../../src-main/core/dice/dice-roller'
import { seededSource } from '../../../src-main/core/dice/random-source'
import { fightingRulesets } from '../autopilot/fights'

/**
 * The breakdowns speak the documents' words (play tests: "2d6 + +1", "Attack DMs = 41.7%"). For
 * every ruleset, each of its ready-made NPCs attacks each other one with every weapon and mode,
 * rolls every check and performs every action it lists, on seeded dice; every breakdown, card and
 * log summary that comes back is read for doubled signs, numbers that are not numbers, and a
 * probability standing where a modifier's total belongs.
 */

const rulesets = await fightingRulesets()

/** What is wrong with one piece of breakdown text, or null. */
function problemIn(text: string): string | null {
  if (/[+−-]\s*[+−-]\s*\d/.test(text.replace(/--/g, ''))) return 'a doubled sign'
  if (/\bNaN\b|\bundefined\b|\bnull\b|Infinity|\[object/.test(text)) return 'a number that is not one'
  return null
}

/** A section whose title names modifiers (DMs, a bonus, modifiers) totals a modifier, never a percentage. */
const modifierTitle = /\b(DMs?|modifiers?|bonus(es)?)\b/i

function problemsOf(where: string, sections: readonly ExplanationSection[]): string[] {
  const out: string[] = []
  for (const s of sections) {
    const texts = [s.title, s.total ?? '', ...s.lines.flatMap((l) => [l.label, l.value, l.source ?? ''])]
    for (const t of texts) {
      const p = problemIn(t)
      if (p) out.push(`${where} › ${s.title}: ${p} in "${t}"`)
    }
    if (s.total !== undefined && s.total.includes('%') && modifierTitle.test(s.title))
      out.push(`${where} › ${s.title} = ${s.total}: a probability as the modifiers' total`)
  }
  return out
}

function combatants(ruleset: Ruleset): RulesCombatant[] {
  return ruleset.quickNpcs!.map((npc, i) => {
    const parsed = ruleset.combatantRules!.parse(npc.rules)
    if (!parsed.ok) throw new Error(parsed.error.message)
    // Every other one badly hurt, so the odds of putting it down (and their words) are tried too.
    const hp = i % 2 ? Math.max(1, Math.floor(npc.maxHp / 5)) : npc.maxHp
    return { id: `combatant:c${i}` as const, name: `${npc.name} ${i + 1}`, hp, maxHp: npc.maxHp, rules: parsed.value.data, conditions: [] }
  })
}

describe.each(rulesets.map((r) => [r.id, r] as const))('breakdown words: %s', (_id, ruleset) => {
  const people = combatants(ruleset)

  it('has ready-made NPCs enough to try (the test is not vacuous)', () => {
    expect(people.length).toBeGreaterThanOrEqual(2)
  })

  it('attack previews and resolutions read cleanly for every weapon, mode and pair', () => {
    const problems: string[] = []
    let seen = 0
    for (const a of people)
      for (const t of people) {
        if (a === t) continue
        const listing = ruleset.attacks!.preview({ attackerId: a.id, targetId: t.id, weapon: 0, mode: '', options: {} }, a, t)
        if (!listing.ok) continue
        for (const w of listing.value.weapons)
          for (const mode of w.modes) {
            const request = { attackerId: a.id, targetId: t.id, weapon: w.index, mode, options: {} }
            const p = ruleset.attacks!.preview(request, a, t)
            if (!p.ok) continue
            seen++
            problems.push(...problemsOf(`${a.name} → ${t.name} ${w.name} ${mode} preview`, p.value.explanation))
            const r = ruleset.attacks!.resolve(request, a, t, new DiceRoller(seededSource(`words-${seen}`), undefined))
            if (!r.ok) continue
            problems.push(...problemsOf(`${a.name} → ${t.name} ${w.name} ${mode} resolve`, r.value.detail))
            const p2 = problemIn(r.value.summary)
            if (p2) problems.push(`${a.name} → ${t.name} summary: ${p2} in "${r.value.summary}"`)
          }
      }
    expect(seen).toBeGreaterThan(0)
    expect(problems).toEqual([])
  })

  it('checks, actions and cards read cleanly', () => {
    const problems: string[] = []
    for (const c of people) {
      problems.push(...problemsOf(`${c.name} card`, ruleset.combatantRules!.card(c.rules!)))
      for (const check of ruleset.checks?.list(c) ?? []) {
        for (const bonus of [-2, 0, 3]) {
          const r = ruleset.checks!.roll(
            { check: check.key, dc: 8, mode: 'normal', bonus },
            c,
            new DiceRoller(seededSource(check.key), undefined),
          )
          if (!r.ok) continue
          problems.push(...problemsOf(`${c.name} ${check.label} ${bonus}`, r.value.detail))
          const p = problemIn(r.value.summary)
          if (p) problems.push(`${c.name} ${check.label}: ${p} in "${r.value.summary}"`)
        }
      }
      const other = people.find((x) => x !== c)!
      for (const act of ruleset.actions?.list(c) ?? []) {
        if (act.target === 'area') continue // needs a template on a scene: the area tests cover those
        const target = act.target === 'none' ? null : other
        const r = ruleset.actions!.perform(
          { actorId: c.id, action: act.key, targetId: target?.id ?? null, options: {} },
          c,
          target,
          new DiceRoller(seededSource(act.key), undefined),
        )
        if (!r.ok) continue
        problems.push(...problemsOf(`${c.name} ${act.label}`, r.value.detail))
        const p = problemIn(r.value.summary)
        if (p) problems.push(`${c.name} ${act.label}: ${p} in "${r.value.summary}"`)
      }
    }
    expect(problems).toEqual([])
  })
})
