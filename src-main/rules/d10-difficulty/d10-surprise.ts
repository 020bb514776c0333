import type { SurpriseRules } from '../ruleset'
import { SURPRISED } from './d10-conditions'

/**
 * `002 Surprise Round`: "The surprising round gains one full round, in which the surprised side
 * cannot use any actions." The whole named side acts (no roll decides it) and the other side
 * carries Surprised for the round, so its refusals (no actions, no dodge or block, D6) apply
 * until the first normal round begins (SR-D10-20).
 */
export const D10_SURPRISE: SurpriseRules = { mark: SURPRISED }
