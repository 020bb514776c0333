import type { RollRecord } from '../../../src-shared/dice'
import type { CombatantId } from '../../../src-shared/records'
import { ok, type Result } from '../../../src-shared/result'
import type { Dice } from '../dice'
import type { RulesCombatant, SurpriseOutcome, SurpriseRules } from '../ruleset'
import { d20Sheets } from './sheet/d20-sheets'

const AMBUSHES = '003 Ambushes'

/** One roll of d20 + an attribute, as the ambush compares them. */
interface Test {
  readonly c: RulesCombatant
  readonly total: number
  readonly roll: RollRecord
}

/**
 * `003 Ambushes`: "the ambushers roll a Stealth(DEX) test against the target they are attacking's
 * Awareness(PER). If they win, they remain hidden, and are able to take a turn before initiative
 * is rolled." The core does not know whom each ambusher means to attack, so (SR-D20-20) each
 * ambusher rolls Stealth once and each would-be target Awareness once; every Stealth is set
 * against every Awareness. "Win" is strictly higher: a tie leaves the target alert. A target
 * beaten by some ambusher is caught ("individual members of a group can be ambushed, even if others
 * are aware"); an ambusher who beats nobody was spotted and takes no free turn.
 */
export function d20Ambush(ambushers: readonly RulesCombatant[], others: readonly RulesCombatant[], dice: Dice): Result<SurpriseOutcome> {
  const tests = (list: readonly RulesCombatant[], attr: 'dex' | 'per', label: string): Result<Test[]> => {
    const out: Test[] = []
    for (const c of list) {
      const sheet = d20Sheets.require(c, 'surprise/noSheet')
      if (!sheet.ok) return sheet
      const roll = dice.roll({ count: 1, sides: 20, modifier: sheet.value.attributes[attr] }, `${c.name}: ${label}`)
      out.push({ c, total: roll.total, roll })
    }
    return ok(out)
  }
  const stealth = tests(ambushers, 'dex', 'Stealth (Dexterity) test')
  if (!stealth.ok) return stealth
  const awareness = tests(others, 'per', 'Awareness test')
  if (!awareness.ok) return awareness
  const caught = new Set<CombatantId>()
  const lines: string[] = []
  const actors: CombatantId[] = []
  for (const s of stealth.value) {
    const beaten = awareness.value.filter((a) => s.total > a.total)
    for (const a of beaten) caught.add(a.c.id)
    if (beaten.length) actors.push(s.c.id)
    lines.push(
      beaten.length
        ? `${s.c.name}: Stealth ${s.total} stays hidden from ${beaten.map((a) => `${a.c.name} (${a.total})`).join(', ')}: a free turn (${AMBUSHES})`
        : `${s.c.name}: Stealth ${s.total} is spotted by everyone: no free turn (${AMBUSHES})`,
    )
  }
  for (const a of awareness.value) {
    if (!caught.has(a.c.id)) lines.push(`${a.c.name}: Awareness ${a.total} is not caught unaware (${AMBUSHES})`)
  }
  return ok({
    actors,
    surprised: others.filter((o) => caught.has(o.id)).map((o) => o.id),
    lines,
    rolls: [...stealth.value, ...awareness.value].map((t) => t.roll),
  })
}

/** The d20 ambush: the rolls decide; the winners take a whole turn in the surprise round and the caught carry no condition (SR-D20-21). */
export const D20_SURPRISE: SurpriseRules = { decide: d20Ambush }
