import { describe, expect, it } from 'vitest'
import type { RecapView } from '../../../src-shared/table-story'
import { buildRecapExport } from '../../../src-renderer/lib/log/log-export'

const who = (id: string, kind: 'pc' | 'npc', hidden = false) => ({ id: `combatant:${id}` as const, name: id, kind, hidden })

describe('the recap as Markdown', () => {
  it('has the fight, a row per combatant with damage dealt and taken, the downs and the biggest hit', () => {
    const recap: RecapView = {
      name: 'Loading dock',
      rounds: 3,
      rows: [
        { who: who('Vex', 'pc'), hits: 4, dealt: 31, taken: { kind: 'exact', amount: 9 }, downed: 1, wentDown: 0 },
        { who: who('Raider|2', 'npc', true), hits: 1, dealt: 9, taken: { kind: 'exact', amount: 31 }, downed: 0, wentDown: 1 },
      ],
      downs: [{ who: who('Raider|2', 'npc', true), by: who('Vex', 'pc'), round: 2 }],
      biggest: { by: who('Vex', 'pc'), target: who('Raider|2', 'npc', true), amount: 18, round: 2 },
    }
    const { fileName, text } = buildRecapExport(recap, 'Night at Kessler', new Date(2026, 10, 26, 21, 5))
    expect(fileName).toBe('salvo-recap-night-at-kessler-loading-dock-2026-11-26.md')
    expect(text.split('\n')).toEqual(
      expect.arrayContaining([
        '# Loading dock',
        'Campaign: Night at Kessler · 3 rounds · exported 2026-11-26 21:05',
        '| Vex | PC | 4 | 31 | 9 | 1 | 0 |',
        // A table cell cannot hold a bare pipe; the GM's copy marks the hidden.
        '| Raider\\|2 (hidden) | NPC | 1 | 9 | 31 | 0 | 1 |',
        '**Biggest hit:** Vex → Raider\\|2, 18 damage (round 2)',
        '**Downs:** Raider\\|2 (by Vex), round 2',
      ]),
    )
  })
})
