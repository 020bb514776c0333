import { fail } from '../../../src-shared/result'
import type { Decider } from './decide-context'

// Roster: templates, spawning numbered copies, saved encounters. (Being built.)
const notYet = () => fail('command/notImplemented', 'Not built yet.')

export const saveTemplate: Decider<'template/save'> = notYet
export const templateFromCombatant: Decider<'template/fromCombatant'> = notYet
export const duplicateTemplate: Decider<'template/duplicate'> = notYet
export const removeTemplate: Decider<'template/remove'> = notYet
export const spawnTemplate: Decider<'template/spawn'> = notYet
export const savePlan: Decider<'plan/save'> = notYet
export const removePlan: Decider<'plan/remove'> = notYet
export const startPlan: Decider<'plan/start'> = notYet
