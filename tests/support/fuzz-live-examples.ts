import type { CommandType } from '../../src-shared/commands'
import type { RequestInputs, RequestName } from '../../src-shared/contract'
import { makePng } from '../unit/helpers/images'
import { COMMAND_EXAMPLES } from './command-examples'
import type { FuzzIds } from './fuzz-fixture'
import { trooper } from '../unit/rules/compound-x/cx-harness'
import { homebrew } from '../unit/rules/compound-x/fixtures'

/**
 * The examples' accepted payloads with the fixture's ids put in (and, where the example's
 * values do not fit the fixture's state, values that do): the base each fuzz case mutates.
 * Starting from a payload the core would accept makes the one mutation the reason it refuses,
 * so a deep check (an unknown id, a ruleset's own check) is reached, not just the schema.
 */
export function liveExample(type: CommandType, ids: FuzzIds): unknown {
  const swap: Record<string, string> = {
    'combatant:n1': ids.vex,
    'combatant:n2': ids.raider,
    'scene:s1': ids.yard,
    'token:t1': ids.token,
    'template:t1': ids.template,
    'plan:p1': ids.plan,
    'areaMark:a1': ids.mark,
    'wall:w1': ids.wall,
    'wall:d1': ids.door,
    'content:ranged-weapons:my-gun': ids.content,
    [`${'a'.repeat(64)}`]: ids.imageHash,
  }
  const overrides: Partial<Record<CommandType, unknown>> = {
    'initiative/delay': { combatantId: ids.acting },
    'initiative/resume': { combatantId: ids.delayed },
    'hold/release': { combatantId: ids.holder },
    'condition/remove': { combatantId: ids.raider, key: ids.conditionKey },
    'scene/activate': { sceneId: ids.shelf },
    'scene/remove': { sceneId: ids.shelf },
    'combatant/setRules': { combatantId: ids.vex, rules: trooper() },
    'attack/resolve': { request: { attackerId: ids.acting, targetId: ids.vex, weapon: 0, mode: 'semi', options: { distance: 12 } } },
    'action/perform': { request: { actorId: ids.acting, action: 'reload', targetId: null, options: { weapon: '0' } } },
    'hold/declare': { combatantId: ids.acting, trigger: 'a raider shows itself', amount: 1 },
    'content/import': { fileName: 'homebrew.json', text: JSON.stringify(homebrew) },
  }
  if (type in overrides) return overrides[type]
  return JSON.parse(JSON.stringify(COMMAND_EXAMPLES[type].valid), (_k, v: unknown) => (typeof v === 'string' && v in swap ? swap[v] : v))
}

/** A request input the fixture would take, per request (none for dispatch: commands have their own fuzz). */
export function liveRequest(
  name: Exclude<RequestName, 'dispatch'>,
  ids: FuzzIds,
  campaign: { id: string; backup: string; export: string },
): unknown {
  const png = makePng(6, 6, 1).toString('base64')
  const inputs: { [N in Exclude<RequestName, 'dispatch'>]: RequestInputs[N] } = {
    snapshot: undefined,
    session: undefined,
    listCampaigns: undefined,
    listBackups: undefined,
    exportCampaign: undefined,
    listRulesets: undefined,
    listConditions: undefined,
    rulesetSetup: undefined,
    listDisplays: undefined,
    listLogArchives: undefined,
    readLogArchive: { encounterId: 'encounter:none-archived', text: 'raider', offset: 0, limit: 20 },
    readEarlierLog: { beforeSeq: null, round: 1, limit: 20 },
    createCampaign: { name: 'Second', seed: 'second', rulesetId: 'compound-x' },
    openCampaign: { campaignId: campaign.id },
    restoreBackup: { campaignId: campaign.id, backup: campaign.backup },
    importCampaign: { fileName: 'copy.salvo-campaign.json', text: campaign.export },
    previewAttack: {
      request: {
        attackerId: ids.acting as `combatant:${string}`,
        targetId: ids.vex as `combatant:${string}`,
        weapon: 0,
        mode: 'semi',
        options: { distance: 12 },
      },
    },
    previewReach: { attackerId: ids.acting as `combatant:${string}`, weapon: 0, mode: 'semi' },
    previewAction: {
      request: {
        actorId: ids.acting as `combatant:${string}`,
        action: 'check',
        targetId: null,
        options: { check: 'x', dc: 50, mode: 'normal', bonus: 0 },
      },
    },
    sheetForm: { combatantId: ids.vex as `combatant:${string}` },
    sheetDraft: { combatantId: ids.vex as `combatant:${string}`, values: { fort: 12 } },
    listActions: { actorId: ids.acting as `combatant:${string}` },
    previewMove: { combatantId: ids.vex as `combatant:${string}`, sceneId: ids.yard as `scene:${string}`, x: 5, y: 5 },
    movementCost: { combatantId: ids.vex as `combatant:${string}`, metres: 5 },
    importSceneImage: { sceneId: ids.yard as `scene:${string}`, fileName: 'map.png', dataBase64: png },
    importPortrait: { combatantId: ids.vex as `combatant:${string}`, fileName: 'face.png', dataBase64: png },
    importUvtt: {
      fileName: 'cell.dd2vtt',
      text: JSON.stringify({
        format: 0.3,
        resolution: { map_origin: { x: 0, y: 0 }, map_size: { x: 1, y: 1 }, pixels_per_grid: 6 },
        line_of_sight: [
          [
            { x: 0, y: 0 },
            { x: 1, y: 0 },
          ],
        ],
        portals: [],
        image: png,
      }),
    },
    rosterTemplate: { templateId: ids.template as `template:${string}` },
    chooseDisplay: { displayId: null },
    forecastStart: { fights: 3, seed: 'fuzz' },
    forecastCancel: { jobId: 'forecast-1' },
    balanceStart: {
      target: { win: 75, downRisk: 30 },
      lines: [{ source: { kind: 'template', templateId: ids.template as `template:${string}` }, count: 1, min: 1, max: 2 }],
      fights: 40,
      seed: 'fuzz',
    },
    balanceCancel: { searchId: 'balance-1' },
    planBadge: { planId: ids.plan as `plan:${string}` },
    autopilotSuggest: {},
    autopilotRun: { maxActs: 1 },
    dicePlan: {
      act: {
        type: 'attack/resolve',
        payload: {
          request: {
            attackerId: ids.acting as `combatant:${string}`,
            targetId: ids.vex as `combatant:${string}`,
            weapon: 0,
            mode: 'semi',
            options: { distance: 12 },
          },
        },
      },
      typedDice: [5],
    },
  }
  return inputs[name]
}
