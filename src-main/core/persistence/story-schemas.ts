import { z } from 'zod'
import { MAP, NUMBERS, TYPED, WRITTEN } from '../../../src-shared/limits'
import { COMBATANT_KINDS } from '../../../src-shared/records'
import { STORY_DOWNS, STORY_LINES, type StoryEntry, type StoryTally, type TableStoryRecord } from '../../../src-shared/table-story'
import { HEALTH_BANDS } from '../../../src-shared/views'
import { schemaFor } from './schema-link'
import { hpSchema } from './combatant-schemas'
import { chars, idOf, listOf, numberIn, wholeIn } from './schema-bounds'

/** The table's story as a document keeps it (issue 16): every list bounded by what the core keeps. */

// Counts and sums over a fight (and the facts told ever): a command adds a few, each at most a wound.
const count = wholeIn(0, NUMBERS.tally)
const sum = wholeIn(-NUMBERS.tally, NUMBERS.tally)
const round = wholeIn(0, NUMBERS.round)
const hp = hpSchema
const name = z.object({ id: idOf('combatant:'), name: chars(WRITTEN.word), kind: z.enum(COMBATANT_KINDS), hidden: z.boolean() })
const harm = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('exact'), from: hp, to: hp, max: hp }),
  z.object({ kind: z.literal('band'), band: z.enum(HEALTH_BANDS) }),
])
const down = z.enum(['down', 'out', 'dead'])
const fact = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('attack'),
    actor: name,
    target: name,
    hits: z.object({ landed: count, of: count }).nullable(),
    harm: harm.nullable(),
    down: down.nullable(),
  }),
  z.object({ kind: z.literal('harm'), by: name.nullable(), who: name, harm, down: down.nullable() }),
  z.object({ kind: z.literal('down'), who: name, state: down }),
  z.object({ kind: z.literal('condition'), who: name, label: chars(WRITTEN.word), by: name.nullable().optional() }),
  z.object({ kind: z.literal('check'), who: name, label: chars(WRITTEN.word), success: z.boolean() }),
  z.object({ kind: z.literal('roll'), purpose: chars(TYPED.rollPurpose), total: wholeIn(-NUMBERS.roll, NUMBERS.roll) }),
  z.object({
    kind: z.literal('action'),
    actor: name,
    label: chars(WRITTEN.word),
    target: name.nullable(),
    // How far a burst scattered: at most across the field and back (MAP.span).
    area: z
      .object({
        label: chars(WRITTEN.word),
        scattered: numberIn({ min: 0, max: MAP.span }).nullable(),
        hit: listOf(name, WRITTEN.perFight).nullable(),
      })
      .optional(),
    outcome: z.object({ who: z.enum(['actor', 'target']), words: chars(WRITTEN.word), possessive: z.boolean().optional() }).optional(),
  }),
])
const entry = schemaFor<StoryEntry>()(z.object({ n: count.nullable(), round, fact, secret: z.literal(true).optional() }))
const row = z.object({
  who: name,
  hits: count,
  dealt: sum,
  taken: sum,
  band: z.enum(HEALTH_BANDS).nullable(),
  downed: count,
  wentDown: count,
})
const tally = schemaFor<StoryTally>()(
  z.object({
    rows: listOf(row, WRITTEN.perFight),
    downs: listOf(z.object({ who: name, by: name.nullable(), round }), STORY_DOWNS),
    biggest: z.object({ by: name.nullable(), target: name, amount: sum, round }).nullable(),
  }),
)
const fight = z.object({ name: chars(WRITTEN.word), gm: tally, table: tally })

export const storySchema = schemaFor<TableStoryRecord>()(
  z.object({
    typeName: z.literal('story'),
    id: z.literal('story'),
    told: count,
    lines: listOf(entry, STORY_LINES),
    fight: fight.nullable(),
    ended: fight.extend({ rounds: round }).nullable(),
  }),
)
