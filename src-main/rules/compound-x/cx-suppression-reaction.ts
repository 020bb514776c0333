import type { ConditionInstance } from '../../../src-shared/records'
import type { PromptDraft, RulesCombatant } from '../ruleset'
import { percent } from '../kit/format'
import type { ContentLibrary } from './content/content-library'
import { levelRank, REACTION, reactionFiring, suppressionDataSchema, type SuppressionData } from './cx-suppression'
import { rangedOdds } from './odds/ranged-odds'
import type { RangedSetup } from './ranged/ranged-setup'
import { defenderOf } from './sheet/cx-derived'
import type { CxCombatant } from './sheet/cx-sheet'

/** The exact odds of a suppressor's reaction against the mover, in a few words for the prompt. */
export function reactionOddsText(data: SuppressionData, mover: CxCombatant, moverHp: number, library: ContentLibrary): string {
  const item = library.get('ranged-weapons', data.suppressor.itemId)
  if (!item) return `odds unknown: no weapon "${data.suppressor.itemId}" in the content packs`
  const setup: RangedSetup = {
    weapon: item,
    attachments: data.suppressor.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined),
    mode: 'semi',
    aim: 'aimed',
    distance: data.distance,
    shooter: { stats: data.suppressor.stats, suppressed: false, sprinted: false, prone: data.suppressor.prone, stealth: false },
    target: { cover: mover.live.cover, stance: mover.live.stance },
  }
  const odds = rangedOdds(setup, defenderOf(mover, moverHp, library), reactionFiring(data.level))
  if (odds.kind === 'impossible') return `cannot hit: ${odds.reason}`
  const head = !REACTION[data.level].automatic
    ? `hit ${percent(1 - odds.firstRound.miss)}`
    : REACTION[data.level].hits === 1
      ? 'hit certain'
      : '2 hits certain'
  return `${head} · expected ${odds.expectedHealthDamage.toFixed(1)} damage · down ${percent(odds.down)}`
}

/** CX26: one suppressor's answer to the mover breaking cover, prepared for the GM. */
export function reactionPrompt(s: ConditionInstance, mover: RulesCombatant, c: CxCombatant, library: ContentLibrary): PromptDraft {
  const parsed = suppressionDataSchema.safeParse(s.data)
  if (!s.sourceId || !parsed.success) {
    // Put on by hand: who or how hard is not recorded, so the GM resolves it.
    return {
      reactorId: s.sourceId ?? mover.id,
      targetId: mover.id,
      text: `${mover.name} breaks cover while suppressed; the suppression's ${s.sourceId ? 'level' : 'suppressor'} is not recorded: resolve the reaction by hand (CX26)`,
      resolve: { kind: 'note' },
      odds: '',
    }
  }
  const data = parsed.data
  return {
    reactorId: s.sourceId,
    targetId: mover.id,
    text: `${data.suppressor.name} reacts to ${mover.name} leaving cover: ${data.level} suppression — ${REACTION[data.level].words} (CX26)`,
    resolve: {
      kind: 'attack',
      request: {
        attackerId: s.sourceId,
        targetId: mover.id,
        weapon: data.weapon,
        mode: 'semi',
        options: { suppressionReaction: data.level, distance: data.distance },
      },
    },
    odds: reactionOddsText(data, c, mover.hp, library),
  }
}

const levelOf = (s: ConditionInstance): number => {
  const p = suppressionDataSchema.safeParse(s.data)
  return p.success ? levelRank(p.data.level) : 0
}

/** The strongest suppression each suppressor holds the mover under (one reaction per suppressor, CX26). */
export function bySuppressor(held: readonly ConditionInstance[]): ConditionInstance[][] {
  const groups = new Map<string, ConditionInstance[]>()
  for (const s of held) {
    const k = s.sourceId ?? `unknown:${s.key}`
    groups.set(k, [...(groups.get(k) ?? []), s])
  }
  return [...groups.values()].map((g) => [...g].sort((a, b) => levelOf(b) - levelOf(a)))
}
