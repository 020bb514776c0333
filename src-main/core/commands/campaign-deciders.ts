import { fail } from '../../../src-shared/result'
import type { Decider } from './decide-context'

const notYet = () => fail('command/notImplemented', 'Not built yet.')

export const renameCampaign: Decider<'campaign/rename'> = notYet
