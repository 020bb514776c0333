import { z } from 'zod'
import type { ResolveOptions } from './ranged/resolve-ranged'
import { statBlockSchema } from './sheet/cx-sheet'
import { SUPPRESSION_LEVELS, type SuppressionLevel } from './turns/suppression'

/**
 * The suppression vocabulary the Suppress action, ranged fire and moves share: the condition
 * ids, the levels' order, what a suppressed condition records, and how each level answers.
 */

/** The ruleset's condition id for being under someone's suppression (CX25). */
export const SUPPRESSED = 'suppressed'
/** The suppressor's side of it: the zone itself, which outlasts anyone leaving it (CX25). */
export const SUPPRESSING = 'suppressing'

/** none < light < medium < heavy, for "at most the weapon's level" (CX24). */
export const levelRank = (l: SuppressionLevel | 'none') => (l === 'none' ? 0 : SUPPRESSION_LEVELS.indexOf(l) + 1)

/**
 * What the Suppress action writes on each 'suppressed' condition. The core keeps it opaque; the
 * map will draw the zone from it later. `suppressor` is a snapshot taken when the fire went
 * down, because when the target breaks cover only the mover's own sheet is at hand and the
 * prompt's odds still need the suppressor's gun and stats.
 */
export const suppressionDataSchema = z.strictObject({
  level: z.enum(SUPPRESSION_LEVELS),
  radius: z.union([z.literal(1), z.literal(2)]),
  /** The suppressor's weapon slot, for the reaction's attack request. */
  weapon: z.number().int().min(0).max(20),
  /** Metres from the suppressor to the zone's centre, as the GM gave it (no map yet). */
  distance: z.number().min(0).max(10_000),
  suppressor: z.strictObject({
    name: z.string().max(200),
    itemId: z.string().max(120),
    attachmentIds: z.array(z.string().max(120)).max(8),
    stats: statBlockSchema,
    prone: z.boolean(),
  }),
})
export type SuppressionData = z.infer<typeof suppressionDataSchema>

/** CX26: how the suppressor answers a target breaking cover, by level. */
export const REACTION: Readonly<Record<SuppressionLevel, { readonly hits: 1 | 2; readonly automatic: boolean; readonly words: string }>> = {
  light: { hits: 1, automatic: false, words: 'one single-shot accuracy roll, resolved as a normal shot' },
  medium: { hits: 1, automatic: true, words: 'one automatic hit, no coverage roll' },
  heavy: { hits: 2, automatic: true, words: 'two automatic hits, no coverage roll' },
}

/**
 * The firing a suppression reaction amounts to. It draws on no magazine: the rounds were spent
 * by the Suppress action (CX24), so an emptied gun still answers.
 */
export const reactionFiring = (level: SuppressionLevel): ResolveOptions => ({
  ammoInMagazine: REACTION[level].hits,
  automaticHit: REACTION[level].automatic,
  rounds: REACTION[level].hits,
})

export const parseLevel = (v: unknown): SuppressionLevel | null => SUPPRESSION_LEVELS.find((l) => l === v) ?? null
