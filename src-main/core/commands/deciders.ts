import type { CommandType } from '../../../src-shared/commands'
import {
  addCombatant,
  adjustCombatantHp,
  editCombatant,
  removeCombatant,
  setCombatantHidden,
  setCombatantHp,
} from './combatant-deciders'
import type { Decider } from './decide-context'
import { endEncounter, nextTurn, previousTurn, rollInitiative, startEncounter } from './encounter-deciders'
import { redo, rollDice, undo } from './misc-deciders'
import { importContent, removeContent } from './content-deciders'
import { performAction, resolveAttack, rollCheck, setCombatantRules, setCombatantSheet } from './rules-deciders'

/** One decider per command type; the mapped type makes a missing one a compile error. */
export const DECIDERS: { [T in CommandType]: Decider<T> } = {
  'combatant/add': addCombatant,
  'combatant/edit': editCombatant,
  'combatant/remove': removeCombatant,
  'combatant/setHp': setCombatantHp,
  'combatant/adjustHp': adjustCombatantHp,
  'combatant/setHidden': setCombatantHidden,
  'combatant/setRules': setCombatantRules,
  'combatant/setSheet': setCombatantSheet,
  'check/roll': rollCheck,
  'action/perform': performAction,
  'content/import': importContent,
  'content/remove': removeContent,
  'attack/resolve': resolveAttack,
  'encounter/start': startEncounter,
  'encounter/rollInitiative': rollInitiative,
  'encounter/nextTurn': nextTurn,
  'encounter/previousTurn': previousTurn,
  'encounter/end': endEncounter,
  'dice/roll': rollDice,
  'history/undo': undo,
  'history/redo': redo,
}
