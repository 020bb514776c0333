import type { CommandType } from '../../../src-shared/commands'
import type { DomainEvent } from '../../../src-shared/events'

/** One acknowledged command as the journal stores it: enough to replay without dice. */
export interface JournalEntry {
  readonly seq: number
  readonly commandId: string
  readonly commandType: CommandType
  /** Short human label ("Roll initiative") shown on the undo/redo buttons. */
  readonly label: string
  readonly events: readonly DomainEvent[]
}
