import type { RequestName } from '../../../src-shared/contract'

/**
 * The channel names the preload needs, restated without a runtime import of
 * `src-shared/contract`: that module builds its zod schemas at load time, and bundling it
 * would put all of zod (~150 kB) into the sandboxed preload. Only types cross here; the unit
 * tests check these values against `requestChannel` and `MESSAGE_CHANNEL` so they cannot drift.
 */
export const preloadRequestChannel = (name: RequestName): string => `salvo:${name}`
export const PRELOAD_MESSAGE_CHANNEL = 'salvo:message'
