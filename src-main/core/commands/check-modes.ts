import type { CheckMode } from '../../../src-shared/command-fields'
import type { Ruleset } from '../../rules/ruleset'

/** The roll modes a ruleset offers for checks: its own list, else the three every check asked for before (the ruleset may still refuse them). */
export const checkModes = (ruleset: Ruleset): readonly CheckMode[] => ruleset.checks?.modes ?? ['normal', 'advantage', 'disadvantage']
