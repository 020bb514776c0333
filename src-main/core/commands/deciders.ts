import type { CommandType } from '../../../src-shared/commands'
import {
  addCombatant,
  adjustCombatantHp,
  editCombatant,
  removeCombatant,
  setCombatantHidden,
  setCombatantHp,
  setCombatantPortrait,
} from './combatant-deciders'
import { damageCombatant } from './damage-deciders'
import type { Decider } from './decide-context'
import { endEncounter, nextTurn, previousTurn, rollInitiative, startEncounter } from './encounter-deciders'
import { dismissRecap, redo, rollDice, undo } from './misc-deciders'
import { importContent, removeContent } from './content-deciders'
import { renameCampaign, setRulesetSetting } from './campaign-deciders'
import { activateScene, createScene, placeToken, removeScene, removeToken, setSceneImage, updateScene } from './scene-deciders'
import { hideFog, revealFog, setFog } from './fog-deciders'
import { editArea, moveArea, placeArea, removeArea } from './area-deciders'
import { addWall, editWall, moveWall, removeWall, setDoor, splitWall } from './wall-deciders'
import { importMap } from './map-import-deciders'
import { setProjector } from './projector-deciders'
import { addSquad } from './squad-deciders'
import {
  duplicateTemplate,
  removePlan,
  removeTemplate,
  savePlan,
  saveTemplate,
  spawnTemplate,
  startPlan,
  badgePlan,
  countPlan,
  templateFromCombatant,
} from './roster-deciders'
import {
  addCondition,
  declareHold,
  delayTurn,
  dismissPrompt,
  moveInitiative,
  releaseHold,
  removeCondition,
  resolvePrompt,
  resumeTurn,
  setEconomy,
} from './turn-deciders'
import { performAction, resolveAttack, rollCheck, setCombatantRules, setCombatantSheet } from './rules-deciders'

/** One decider per command type; the mapped type makes a missing one a compile error. */
export const DECIDERS: { [T in CommandType]: Decider<T> } = {
  'combatant/add': addCombatant,
  'combatant/edit': editCombatant,
  'combatant/remove': removeCombatant,
  'combatant/setHp': setCombatantHp,
  'combatant/adjustHp': adjustCombatantHp,
  'combatant/damage': damageCombatant,
  'combatant/setHidden': setCombatantHidden,
  'combatant/setPortrait': setCombatantPortrait,
  'combatant/setRules': setCombatantRules,
  'combatant/setSheet': setCombatantSheet,
  'check/roll': rollCheck,
  'action/perform': performAction,
  'content/import': importContent,
  'content/remove': removeContent,
  'attack/resolve': resolveAttack,
  'condition/add': addCondition,
  'condition/remove': removeCondition,
  'economy/set': setEconomy,
  'initiative/move': moveInitiative,
  'initiative/delay': delayTurn,
  'initiative/resume': resumeTurn,
  'hold/declare': declareHold,
  'hold/release': releaseHold,
  'prompt/resolve': resolvePrompt,
  'prompt/dismiss': dismissPrompt,
  'campaign/rename': renameCampaign,
  'campaign/setRulesetSetting': setRulesetSetting,
  'template/save': saveTemplate,
  'template/fromCombatant': templateFromCombatant,
  'template/duplicate': duplicateTemplate,
  'template/remove': removeTemplate,
  'template/spawn': spawnTemplate,
  'squad/add': addSquad,
  'plan/save': savePlan,
  'plan/remove': removePlan,
  'plan/start': startPlan,
  'plan/badge': badgePlan,
  'plan/counts': countPlan,
  'scene/create': createScene,
  'scene/update': updateScene,
  'scene/setImage': setSceneImage,
  'scene/activate': activateScene,
  'scene/remove': removeScene,
  'token/place': placeToken,
  'token/remove': removeToken,
  'area/place': placeArea,
  'area/move': moveArea,
  'area/edit': editArea,
  'area/remove': removeArea,
  'wall/add': addWall,
  'wall/move': moveWall,
  'wall/split': splitWall,
  'wall/edit': editWall,
  'door/set': setDoor,
  'wall/remove': removeWall,
  'scene/importMap': importMap,
  'fog/set': setFog,
  'fog/reveal': revealFog,
  'fog/hide': hideFog,
  'projector/set': setProjector,
  'encounter/start': startEncounter,
  'encounter/rollInitiative': rollInitiative,
  'encounter/nextTurn': nextTurn,
  'encounter/previousTurn': previousTurn,
  'encounter/end': endEncounter,
  'dice/roll': rollDice,
  'story/dismissRecap': dismissRecap,
  'history/undo': undo,
  'history/redo': redo,
}
