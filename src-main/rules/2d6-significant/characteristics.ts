import { z } from 'zod'
import { statBlock } from '../kit/stat-block'

/** The highest characteristic value a sheet may hold (the usual 2–12, with room for the exceptional). */
export const MAX_CHARACTERISTIC = 18

/** The six characteristics of a classic 2d6 sci-fi character, and the DMs their values give. */
const characteristicBlock = statBlock(
  { str: 'STR', dex: 'DEX', end: 'END', int: 'INT', edu: 'EDU', soc: 'SOC' },
  z.number().int().min(0).max(MAX_CHARACTERISTIC),
)
export const CHARACTERISTICS = characteristicBlock.keys
export type Characteristic = (typeof CHARACTERISTICS)[number]
export const CHARACTERISTIC_LABELS = characteristicBlock.labels
export const characteristicsSchema = characteristicBlock.schema

/**
 * The `004` document names "Dex", "Strength DM" and "Dexterity DM" but gives no table, so we
 * use the table a classic 2d6 sci-fi GM expects: 0 → −3, 1–2 → −2, 3–5 → −1, 6–8 → 0,
 * 9–11 → +1, 12–14 → +2, 15+ → +3 (and on by one per three points past that).
 */
export function characteristicDm(value: number): number {
  if (value <= 0) return -3
  return Math.floor(value / 3) - 2
}

/** Where the DM table comes from, for explanation lines. */
export const DM_SOURCE = 'classic 2d6 DM table (004 is silent)'
