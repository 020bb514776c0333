import { describe, expect, it } from 'vitest'
import type { CombatantRecord } from '../../../src-shared/records'
import { NOBODY_HIDDEN_NOW, storyText, tableFact, type TableStoryRecord } from '../../../src-shared/table-story'
import { plainName } from '../../../src-shared/story-words'
import { activeEncounter } from '../../../src-main/core/commands/decide-context'
import { placedRulesCombatant } from '../../../src-main/core/state/rules-combatants'
import type { CampaignHarness } from '../helpers/campaign-harness'
import { fightingRulesets, liveFight } from '../autopilot/fights'

/**
 * The table's story is told in the table's words (play tests: "Reaction contest (d10 + DEX
 * modifier each, higher first) → Heavy gunner 1"). In a live fight of every ruleset the acting
 * combatant performs every act it lists and rolls every check it has, each undone after; every
 * line the table is told is read for the GM's menu wording.
 */

/** A bracket with a formula or a menu note in it, or a check's formula: the GM's menu, not what happened. */
const MENU = /\((?:[^)]*\b(?:d\d+|DM|DC|vs|each|optional|left|in hand|last action|speed point)\b|[^)]*[+−] )[^)]*\)|\b\d?d\d+ \+ /

const storyOf = (h: CampaignHarness) => h.campaign.store.get('story') as TableStoryRecord | undefined

/** The lines the table was told after its `since`th, in its words. */
const toldSince = (h: CampaignHarness, since: number): string[] =>
  (storyOf(h)?.lines ?? []).flatMap((l) => {
    if (l.n === null || l.n <= since) return []
    const f = tableFact(l.fact, NOBODY_HIDDEN_NOW, l.secret)
    return f ? [storyText(f)] : []
  })

describe.each((await fightingRulesets()).map((r) => [r.id, r] as const))('the table story’s words: %s', (_id, ruleset) => {
  it('tells every act and check as what happened, never as the menu labels it', async () => {
    const h = await liveFight(ruleset, 2, 2)
    const acting = h.campaign.store.get(activeEncounter(h.campaign.store)!.currentCombatantId!) as CombatantRecord
    const other = h.campaign.store.ofType('combatant').find((c) => c.id !== acting.id && c.side !== acting.side)!
    const me = placedRulesCombatant(h.campaign.store, acting)
    const told: { label: string; line: string }[] = []
    const tell = (label: string, run: () => boolean) => {
      const since = storyOf(h)?.told ?? 0
      if (!run()) return
      for (const line of toldSince(h, since)) told.push({ label, line })
      h.must('history/undo', {})
    }
    for (const act of ruleset.actions?.list(me) ?? []) {
      if (act.target === 'area') continue
      const targetId = act.target === 'none' ? null : other.id
      // Each choice of a field that picks what to roll (a skill, an attribute, the act) is tried too.
      const choices = act.options.filter((o) => o.kind === 'choice' && ['act', 'skill', 'check'].includes(o.key))
      const tries = [{}, ...choices.flatMap((o) => (o.kind === 'choice' ? o.choices.map((c) => ({ [o.key]: c.value })) : []))]
      for (const options of tries)
        tell(act.label, () => h.run('action/perform', { request: { actorId: acting.id, action: act.key, targetId, options } }).ok)
    }
    for (const check of ruleset.checks?.list(me) ?? [])
      tell(
        check.label,
        () => h.run('check/roll', { combatantId: acting.id, check: check.key, dc: 8, mode: 'normal', bonus: 0, free: true }).ok,
      )
    expect(told.length).toBeGreaterThan(2)
    const menu = told.filter(({ label, line }) => MENU.test(line) || (label !== plainName(label) && line.includes(label)))
    expect(menu).toEqual([])
    // A check made as an act says how it went, as a check rolled on its own does.
    const checksAsActs = told.filter(({ label }) => /skill act|attribute test/i.test(label))
    expect(checksAsActs.filter(({ line }) => !/ (succeeds|fails)$/.test(line) || / \+ | DM\b|\(/.test(line))).toEqual([])
    if (process.env.STORY_WORDS_PRINT) console.log(told.map((t) => t.line).join('\n'))
  })
})

describe('story words', () => {
  it('cut a menu label to its name', () => {
    expect(plainName('Reaction contest (d10 + DEX modifier each, higher first)')).toBe('Reaction contest')
    expect(plainName('Tactics: add the effect to one person’s initiative (none picked: itself)')).toBe('Tactics')
    expect(plainName('Gun Combat + DEX DM (untrained)')).toBe('Gun Combat')
    expect(plainName('Shove (both move half STR in m) (CX18)')).toBe('Shove')
    expect(plainName('Reload (Weapons check vs reload DC)')).toBe('Reload')
  })

  it('tell a contest by who acts first, and a check by whose succeeds or fails', () => {
    const n = (name: string) => ({ id: `combatant:${name}` as const, name, kind: 'npc' as const, hidden: false })
    const contest = {
      kind: 'action' as const,
      actor: n('Jonas'),
      target: n('Heavy gunner 1'),
      label: 'Reaction contest (d10 + DEX modifier each, higher first)',
      outcome: { who: 'target' as const, words: 'acts first' },
    }
    expect(storyText(contest)).toBe('Heavy gunner 1 acts first')
    // The target unseen: whose the outcome is cannot be said, so the act alone is told.
    const unseen = tableFact(contest, (x) => x.name === 'Heavy gunner 1')
    expect(unseen && storyText(unseen)).toBe('Jonas: reaction contest')
    expect(storyText({ kind: 'check', who: n('Jonas'), label: 'Tactics + INT DM', success: true })).toBe("Jonas's Tactics succeeds")
    expect(
      storyText({
        kind: 'action',
        actor: n('Jonas'),
        target: n('Vex'),
        label: 'Aim at a target (+1 DM on the next attack at it, up to +6)',
      }),
    ).toBe('Jonas aims at Vex')
    expect(storyText({ kind: 'action', actor: n('Vex'), target: null, label: 'Reload (ends suppressing fire)' })).toBe('Vex reloads')
    expect(storyText({ kind: 'action', actor: n('Vex'), target: n('Raider 2'), label: 'Suppress (CX24)' })).toBe('Vex suppresses Raider 2')
    expect(storyText({ kind: 'action', actor: n('Kit'), target: n('Vale'), label: 'Suppressing fire (002 Suppressing Fire)' })).toBe(
      'Kit lays suppressing fire on Vale',
    )
  })
})
