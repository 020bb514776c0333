import { z } from 'zod'
import { TYPED } from '../../../../src-shared/limits'

/** The vocabulary every pack section shares: stats, damage types, and the fields each item has. */

export const STAT_NAMES = ['str', 'per', 'fort', 'cha', 'int', 'dex', 'luck'] as const
export type StatName = (typeof STAT_NAMES)[number]

export const DAMAGE_TYPES = ['ballistic', 'laser', 'plasma', 'explosive', 'internal', 'melee', 'fire', 'electric', 'acid'] as const
export type DamageType = (typeof DAMAGE_TYPES)[number]

// As long as content/remove accepts, so an item the GM imports can always be taken out again.
export const id = z
  .string()
  .max(TYPED.contentItemId)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be kebab-case (a-z, 0-9, -)')
export const name = z.string().min(1).max(80)
export const level = z.union([z.literal(0), z.literal(1), z.literal(5), z.literal(10), z.literal(15), z.literal(20)])
export const cost = z.number().int().min(0).nullable()
export const note = z.string().max(300).optional()
