import { fail } from '../../../src-shared/result'
import type { Decider } from './decide-context'

const notYet = () => fail('command/notImplemented', 'Not built yet.')

export const addCondition: Decider<'condition/add'> = notYet
export const removeCondition: Decider<'condition/remove'> = notYet
export const setEconomy: Decider<'economy/set'> = notYet
export const moveInitiative: Decider<'initiative/move'> = notYet
export const delayTurn: Decider<'initiative/delay'> = notYet
export const resumeTurn: Decider<'initiative/resume'> = notYet
export const declareHold: Decider<'hold/declare'> = notYet
export const releaseHold: Decider<'hold/release'> = notYet
export const resolvePrompt: Decider<'prompt/resolve'> = notYet
export const dismissPrompt: Decider<'prompt/dismiss'> = notYet
