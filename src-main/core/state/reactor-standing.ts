import type { CombatantRecord } from '../../../src-shared/records'
import type { StandingView } from '../../../src-shared/views'
import type { PromptDraft, Ruleset } from '../../rules/ruleset'
import type { RecordReader } from './record-store'
import { standingOf } from './rules-combatants'

/**
 * Who cannot answer a reaction prompt: a reactor already down, out or dead makes no reaction,
 * whatever the ruleset still remembers of it (a d20 melee partner typed down by hand stays in
 * the engagement until its sheet is next touched; `003 Engaged`: the dead engage nobody). The
 * drop and its preview ask the same question, so the GM is never shown a reaction that the
 * commit then drops.
 */
export function silencedReactor(
  state: RecordReader,
  ruleset: Ruleset | null,
  draft: PromptDraft,
): { readonly reactor: CombatantRecord; readonly standing: StandingView } | null {
  const reactor = state.get(draft.reactorId)
  if (reactor?.typeName !== 'combatant') return null
  const standing = standingOf(ruleset, reactor)
  return standing.state === 'up' ? null : { reactor, standing }
}
