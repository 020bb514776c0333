import type { Command } from '../../../src-shared/commands'
import type { CombatantId } from '../../../src-shared/records'
import type { Ruleset } from '../../rules/ruleset'
import { isSecretRoll, type RollToJudge } from '../../rules/secrecy'
import type { RecordReader } from '../state/record-store'

/**
 * Whether this command is a secret roll: the GM's flag on it, else the ruleset's default for that
 * roll. Judged before the decider runs, so every log line it writes is the GM's and the table
 * hears nothing of it. Commands that are not rolls are never secret here (hidden combatants and
 * NPC numbers are redacted on their own).
 */
export function isSecretCommand(command: Command, ruleset: Ruleset, state: RecordReader): boolean {
  const judge = (given: boolean | undefined, rollerId: CombatantId, roll: Omit<RollToJudge, 'roller'>): boolean => {
    const c = state.get(rollerId)
    // An unknown roller fails in the decider; until then the safe side is secret.
    if (c?.typeName !== 'combatant') return true
    return isSecretRoll(given, ruleset.secrecy, { ...roll, roller: c.kind })
  }
  switch (command.type) {
    case 'dice/roll':
      return command.payload.secret
    case 'attack/resolve':
      return judge(command.payload.secret, command.payload.request.attackerId, { kind: 'attack', key: 'attack' })
    case 'check/roll':
      return judge(command.payload.secret, command.payload.combatantId, { kind: 'check', key: command.payload.check })
    case 'action/perform':
      return judge(command.payload.secret, command.payload.request.actorId, { kind: 'action', key: command.payload.request.action })
    default:
      return false
  }
}
