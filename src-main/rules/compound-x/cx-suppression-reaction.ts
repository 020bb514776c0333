import type { ConditionInstance } from '../../../src-shared/records'
import type { PromptDraft, RulesCombatant, SourcedCondition } from '../ruleset'
import { percent } from '../kit/format'
import type { ContentLibrary } from './content/content-library'
import { levelRank, REACTION, reactionFiring, SUPPRESSED, suppressionDataSchema, type SuppressionData } from './cx-suppression'
import { rangedOdds } from './odds/ranged-odds'
import type { RangedSetup } from './ranged/ranged-setup'
import { defenderOf } from './sheet/cx-derived'
import type { CxCombatant } from './sheet/cx-sheet'

/**
 * CX26: the exact odds of a suppressor's reaction shot at the mover (aimed semi fire at the zone's
 * distance, the mover's cover and stance), or null when the suppressor's weapon is not in the packs.
 * The prompt and the Action panel's odds both read it.
 */
export function reactionRangedOdds(data: SuppressionData, mover: CxCombatant, moverHp: number, library: ContentLibrary) {
  const item = library.get('ranged-weapons', data.suppressor.itemId)
  if (!item) return null
  const setup: RangedSetup = {
    weapon: item,
    attachments: data.suppressor.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined),
    mode: 'semi',
    aim: 'aimed',
    distance: data.distance,
    shooter: { stats: data.suppressor.stats, suppressed: false, sprinted: false, prone: data.suppressor.prone, stealth: false },
    target: { cover: mover.live.cover, stance: mover.live.stance },
  }
  return rangedOdds(setup, defenderOf(mover, moverHp, library), reactionFiring(data.level))
}

/** The exact odds of a suppressor's reaction against the mover, in a few words for the prompt. */
export function reactionOddsText(data: SuppressionData, mover: CxCombatant, moverHp: number, library: ContentLibrary): string {
  const odds = reactionRangedOdds(data, mover, moverHp, library)
  if (!odds) return `odds unknown: no weapon "${data.suppressor.itemId}" in the content packs`
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
        // On the map the tokens give the distance where the mover now stands: a stored one would
        // be a typed distance that is not the map's, which the core refuses (SR-CX-113).
        options: { suppressionReaction: data.level, ...(mover.position ? {} : { distance: data.distance }) },
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

/** The suppressor's name as the suppression recorded it, for the log. */
export function suppressorName(s: ConditionInstance): string {
  const p = suppressionDataSchema.safeParse(s.data)
  return p.success ? p.data.suppressor.name : 'its suppressor'
}

/** Whether a move takes the mover out of the zone of the suppressor of this instance: the map's answer, or the GM's. */
export type LeavesZone = (s: ConditionInstance) => boolean

/** What a suppressed combatant's move sets off, suppressor by suppressor (CX25, CX26). */
export interface SuppressedMove {
  readonly prompts: readonly PromptDraft[]
  readonly notes: readonly string[]
  /** The suppressors' instances the mover leaves: only those end (SR-CX-34). */
  readonly left: readonly SourcedCondition[]
  /** The suppression keys whose suppressor has reacted this suppressor turn, after the move. */
  readonly reacted: readonly string[]
}

/**
 * CX26 per suppressor (SR-CX-5, SR-CX-34): a move into the open draws one reaction from each
 * suppressor holding the mover — whether or not it leaves that zone, since moving between
 * covers inside the zone is moving "out into the open" too — at most once per target per
 * suppressor's turn (the reacted keys on the mover's live state). CX25: leaving one zone ends
 * only that suppressor's instance; the others keep theirs and their own clocks (SR-CX-35).
 */
export function suppressedMove(
  mover: RulesCombatant,
  c: CxCombatant,
  library: ContentLibrary,
  intoOpen: boolean,
  leaves: LeavesZone,
  /** SR-CX-161: suppressors that cannot physically hit the mover where it ends (the map's walls). */
  outOfFire: LeavesZone = () => false,
): SuppressedMove {
  const held = mover.conditions.filter((x) => x.conditionId === SUPPRESSED)
  const present = new Set(held.map((x) => x.key))
  let reacted = c.live.suppressionReactions.filter((k) => present.has(k))
  const prompts: PromptDraft[] = []
  const notes: string[] = []
  const left: SourcedCondition[] = []
  if (!intoOpen && held.length > 0) notes.push('into complete concealment: no suppression reaction (CX26)')
  for (const group of bySuppressor(held)) {
    const keys = group.map((x) => x.key)
    const name = suppressorName(group[0]!)
    if (outOfFire(group[0]!)) {
      // SR-CX-161: where the suppressor cannot physically hit it, it is not suppressed by it, and
      // a move there is no breaking of cover: no reaction.
      left.push({ conditionId: SUPPRESSED, sourceId: group[0]!.sourceId })
      notes.push(`ends where ${name} cannot hit it through the walls: no reaction, no longer suppressed by it (SR-CX-161)`)
      reacted = reacted.filter((k) => !keys.includes(k))
      continue
    }
    if (intoOpen && keys.some((k) => reacted.includes(k))) {
      notes.push(`${name} already reacted to ${mover.name} this turn: once per target per suppressor turn (CX26)`)
    } else if (intoOpen) {
      prompts.push(reactionPrompt(group[0]!, mover, c, library))
      reacted = [...reacted, ...keys]
    }
    if (leaves(group[0]!)) {
      left.push({ conditionId: SUPPRESSED, sourceId: group[0]!.sourceId })
      notes.push(`leaves ${name}'s suppression zone: no longer suppressed by it (CX25)`)
      reacted = reacted.filter((k) => !keys.includes(k))
    } else {
      notes.push(`stays in ${name}'s suppression zone: still suppressed by it (CX25)`)
    }
  }
  return { prompts, notes, left, reacted }
}
