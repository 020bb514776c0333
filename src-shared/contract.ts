import type { ActionDefinition, ActionOdds, ActionRequest, ExplanationSection, FormField, AttackPreview, AttackRequest } from './attack'
import type { GearProblem } from './gear'
import type { CommandDraft } from './commands'
import type { RecordsDiff, Snapshot } from './diff'
import type { JsonValue } from './json'
import type { EncounterId, LogEntryRecord, PlanId, SceneId, SceneImage, TemplateId, TemplateRecord } from './records'
import type { Result } from './result'
import type { ViewRole } from './views'
import type { AutopilotCommand, AutopilotRun, ForecastProgress, Suggestion } from './autopilot'
import type { BalanceLineInput, BalanceProgress, BalanceTarget } from './balance'
import type { DicePlan, PlannedAct } from './dice-plan'

/**
 * The one contract between a window and the core. The Electron preload exposes exactly
 * these methods (one IPC channel each); browser mode's WebSocket client implements the
 * same interface, so the renderer cannot tell the two shells apart.
 */

// Re-exported: windows and hosts name them through the contract.
export { MAX_CAMPAIGN_FILE_BYTES, type BackupInfo, type CampaignFile, type CampaignSummary, type OpenProblem } from './campaign-info'
import type { BackupInfo, CampaignFile, CampaignSummary, OpenProblem } from './campaign-info'
export type { DisplayChoiceInfo, DisplayInfo, ProjectorStatus } from './display-info'
import type { DisplayChoiceInfo } from './display-info'

export interface SessionInfo {
  readonly role: ViewRole
  readonly campaign: CampaignSummary | null
  readonly problem: OpenProblem | null
  /** A storage problem the GM should know about while play goes on (e.g. a full disk). */
  readonly warning: string | null
  /**
   * What the GM should know about the open campaign since it opened, in words: a damaged last
   * journal line set aside, a picture the table cannot be sent. GM only; the window may hide one.
   */
  readonly notices: readonly string[]
  /** Whether undo/redo have something to walk (labels for the buttons' tooltips). */
  readonly undoLabel: string | null
  readonly redoLabel: string | null
}

export interface CommandAck {
  readonly commandId: string
  readonly version: number
}

export type ServerMessage =
  | { readonly kind: 'diff'; readonly diff: RecordsDiff }
  | { readonly kind: 'snapshot'; readonly snapshot: Snapshot }
  | { readonly kind: 'session'; readonly session: SessionInfo }
  /** Issue 17: a forecast the window asked for has refined (GM only, to that window). */
  | { readonly kind: 'forecast'; readonly forecast: ForecastProgress }
  /** Issue 35: a balance search the window asked for has moved on (GM only, to that window). */
  | { readonly kind: 'balance'; readonly balance: BalanceProgress }

/** Every request a window can make; the preload exposes exactly these methods. */
export const REQUEST_NAMES = [
  'dispatch',
  'snapshot',
  'session',
  'listCampaigns',
  'createCampaign',
  'openCampaign',
  'restoreBackup',
  'listBackups',
  'exportCampaign',
  'importCampaign',
  'listRulesets',
  'previewAttack',
  'previewReach',
  // The exact odds of a non-attack act before it is rolled (GM only).
  'previewAction',
  'sheetForm',
  'listActions',
  'listConditions',
  'rulesetSetup',
  'previewMove',
  'movementCost',
  'importSceneImage',
  'listDisplays',
  'chooseDisplay',
  'importPortrait',
  // Issue 34: a map file (UVTT) as a new scene with its walls (GM only).
  'importUvtt',
  'rosterTemplate',
  // Issue 15: closed encounters' archived logs (GM only).
  'listLogArchives',
  'readLogArchive',
  // The running campaign's log lines older than the desk keeps (GM only).
  'readEarlierLog',
  // Issue 16: a sheet being edited, worked out by the ruleset without changing the campaign (GM only).
  'sheetDraft',
  // Issue 17: the fight forecast and the NPC autopilot (GM only).
  'forecastStart',
  'forecastCancel',
  'autopilotSuggest',
  'autopilotRun',
  // Issue 35: Balance searches the enemy side for a target (GM only; nothing changes).
  'balanceStart',
  'balanceCancel',
  // Issue 35: a saved encounter's difficulty badge, forecast in the background (GM only).
  'planBadge',
  // The dice an act still needs, in order, before the GM sends it (GM only; nothing changes).
  'dicePlan',
] as const
export type RequestName = (typeof REQUEST_NAMES)[number]

/** The player (projector) window may only read its projection. */
export const PLAYER_REQUESTS: ReadonlySet<RequestName> = new Set(['snapshot', 'session'])

export interface RequestResults {
  dispatch: CommandAck
  snapshot: Snapshot
  session: SessionInfo
  listCampaigns: readonly CampaignSummary[]
  createCampaign: CampaignSummary
  openCampaign: CampaignSummary
  restoreBackup: CampaignSummary
  /** The open campaign's backups, newest first. */
  listBackups: readonly BackupInfo[]
  exportCampaign: CampaignFile
  /** The new campaign the file became (it is opened). */
  importCampaign: CampaignSummary
  listRulesets: readonly { readonly id: string; readonly name: string }[]
  previewAttack: AttackPreview
  /**
   * The attack preview's verdict against every other token on the scene in play, in one read:
   * `blocked` says why the weapon cannot reach (or hit) that target. Targets the ruleset could
   * not judge (no sheet…) are left out; an attacker off the table gets an empty list.
   */
  previewReach: {
    readonly sceneId: SceneId | null
    readonly targets: readonly { readonly targetId: `combatant:${string}`; readonly blocked: string | null }[]
  }
  /** Exact odds of an action as set up (checks, contests, suppression, Tactics, maneuvers), or that it rolls no dice. */
  previewAction: ActionOdds
  sheetForm: readonly FormField[]
  listActions: readonly ActionDefinition[]
  /** The campaign ruleset's conditions, for the GM's condition picker. */
  listConditions: readonly {
    readonly id: string
    readonly label: string
    readonly summary: string
    readonly source: string
    readonly stacks: boolean
  }[]
  /** The campaign ruleset's settings (with the campaign's current values), its ready-made NPCs and its damage types. */
  rulesetSetup: {
    readonly settings: readonly FormField[]
    readonly quickNpcs: readonly {
      readonly name: string
      readonly maxHp: number
      readonly initiativeModifier: number
      readonly rules: JsonValue
      readonly tags: readonly string[]
    }[]
    /** The types hand-typed damage may take (`combatant/damage`); the first is the default. */
    readonly damageTypes: readonly { readonly key: string; readonly label: string }[]
    /** Whether the ruleset can open a fight with a surprise round (`encounter/rollInitiative` `surpriseBy`). */
    readonly surpriseRound: boolean
    /** Issue 16: max health comes from the sheet, so the add and roster forms ask for a sheet, not a number. */
    readonly derivesMaxHp: boolean
  }
  /** What dropping a token there would do, before it is committed: the path, its cost, and the reactions it draws. */
  previewMove: {
    readonly metres: number
    readonly cost: string | null
    /** Why the drop cannot be paid for on the mover's turn (the GM may make it a free move), or null. */
    readonly refusal: string | null
    readonly summary: string | null
    /** Each reaction the move draws: whose it is (the reactor's name), the rules' words, its odds. */
    readonly prompts: readonly { readonly reactor: string; readonly text: string; readonly odds: string }[]
  }
  /** What moving this far costs the combatant, by its ruleset; null where the ruleset does not price movement. */
  movementCost: { readonly label: string } | null
  /** The image as the scene now points at it (stored in the campaign folder; journaled as scene/setImage). */
  importSceneImage: SceneImage
  /** The picture as the combatant now points at it (stored in the campaign folder; journaled as combatant/setPortrait). */
  importPortrait: SceneImage
  /** The new scene a map file became (one command, scene/importMap) and how many of each wall it has. */
  importUvtt: {
    readonly sceneId: SceneId
    readonly image: SceneImage
    readonly walls: number
    readonly lowCover: number
    readonly doors: number
  }
  /** The screens the projector window can go on (desktop app only) and the GM's choice (null: automatic). */
  listDisplays: DisplayChoiceInfo
  chooseDisplay: DisplayChoiceInfo
  /** One roster entry whole, sheet included: the GM's snapshot lists the roster without sheets (issue 15). */
  rosterTemplate: TemplateRecord
  // Issue 15: closed encounters' archived logs.
  /** The closed encounters whose log was archived, oldest first. */
  listLogArchives: readonly LogArchiveInfo[]
  /** A page of one archived log, oldest first, with the count of entries that match. */
  readLogArchive: {
    readonly entries: readonly LogEntryRecord[]
    readonly total: number
    /** Lines of the archive that could not be read (damaged on disk): skipped. */
    readonly damaged: number
  }
  /** The matching lines just before `beforeSeq`, oldest first, and whether there are more before them. */
  readEarlierLog: { readonly entries: readonly LogEntryRecord[]; readonly more: boolean }
  // Issue 16: the sheet editor's live derived values.
  sheetDraft: SheetDraft
  // Issue 17.
  /** The forecast is under way in the background; its progress comes as `forecast` messages to this window. */
  forecastStart: { readonly jobId: string; readonly total: number; readonly seed: string }
  forecastCancel: { readonly cancelled: boolean }
  /** What the autopilot would do on this combatant's turn, and why; nothing is changed. */
  autopilotSuggest: Suggestion
  /** NPC turns played as ordinary commands until a player character acts or the GM is needed. */
  autopilotRun: AutopilotRun
  dicePlan: DicePlan
  /** The search is under way; its progress comes as `balance` messages to this window. */
  balanceStart: { readonly searchId: string }
  balanceCancel: { readonly cancelled: boolean }
  /** The badge's forecast is under way; its result arrives as a `plan/badge` change, no message of its own. */
  planBadge: { readonly jobId: string }
}

/**
 * A sheet as the GM is filling it in, worked out by the ruleset (issue 16): the form (of the
 * sheet it started from), and either what the draft derives or why it does not parse. Nothing
 * is stored: saving is still `combatant/setSheet`, `combatant/add` or `template/save`.
 */
export interface SheetDraft {
  readonly fields: readonly FormField[]
  readonly derived: {
    /** Max health the sheet sets, or null where the GM's number stands. */
    readonly maxHp: number | null
    /** What the card would show. */
    readonly sections: readonly ExplanationSection[]
    /** The sheet as ruleset data, for `combatant/add` or `template/save` in the same step. */
    readonly rules: JsonValue
    /**
     * The form's values as the draft reads back: a field the gear derives (d10 DR boxes from the
     * armour, CX armour points from the rigs) follows the gear picked, unless the GM typed over it.
     */
    readonly values?: Readonly<Record<string, string | number | boolean>>
    /** What the sheet carries but cannot use (or uses worse), each at its item's field. */
    readonly gear?: readonly GearProblem[]
  } | null
  /** Why the draft is refused, and the form field it names (null when no field matches). */
  readonly problem: { readonly message: string; readonly field: string | null } | null
}

/** One closed encounter's archived log. */
export interface LogArchiveInfo {
  readonly encounterId: EncounterId
  /** The encounter's name, or its id when the campaign no longer has it. */
  readonly name: string
  readonly bytes: number
}

/**
 * The log a window holds: the latest `tail` lines come with a snapshot and stay on the desk as new
 * ones arrive, up to `slack` more before the oldest go all at once (so the lines keep their
 * places on the desk between); older lines are fetched on demand, at most `maxLimit` a page.
 * The core keeps track of the latest `tail + slack` it sent each window, so every line a window
 * still holds hears of its removal. Without a bound a long evening grew the GM page by every line
 * ever logged (issue 15).
 */
export const LIVE_LOG = { tail: 300, slack: 100, maxLimit: 500 } as const

/** How many entries one readLogArchive page may hold, and how long its text filter may be. */
export const LOG_ARCHIVE_PAGE = { maxLimit: 500, maxOffset: 1_000_000, maxText: 200 } as const

export interface RequestInputs {
  dispatch: CommandDraft
  snapshot: undefined
  session: undefined
  listCampaigns: undefined
  createCampaign: { name: string; seed?: string; rulesetId?: string }
  openCampaign: { campaignId: string }
  restoreBackup: { campaignId: string; backup: string }
  listBackups: undefined
  exportCampaign: undefined
  importCampaign: CampaignFile
  listRulesets: undefined
  previewAttack: { request: AttackRequest }
  previewReach: { attackerId: `combatant:${string}`; weapon: number; mode: string }
  /** The act as `action/perform` would take it; key 'check' is the skill check the actions flow offers. */
  previewAction: { request: ActionRequest }
  /** The ruleset's sheet form for a combatant (or a blank one for null). */
  sheetForm: { combatantId: `combatant:${string}` | null }
  listActions: { actorId: `combatant:${string}` }
  listConditions: undefined
  rulesetSetup: undefined
  previewMove: { combatantId: `combatant:${string}`; sceneId: `scene:${string}`; x: number; y: number }
  movementCost: { combatantId: `combatant:${string}`; metres: number }
  /** A PNG, JPEG or WebP the GM picked or dropped, as base64 (the WebSocket carries text). */
  importSceneImage: { sceneId: SceneId; fileName: string; dataBase64: string }
  listDisplays: undefined
  chooseDisplay: { displayId: number | null }
  /** A PNG, JPEG or WebP for a combatant's token, as base64. */
  importPortrait: { combatantId: `combatant:${string}`; fileName: string; dataBase64: string }
  /** A .uvtt, .dd2vtt or .df2vtt file's text; metres per cell (1.5 when not given) and the scene's name (the file's when not given). */
  importUvtt: { fileName: string; text: string; metresPerCell?: number; name?: string }
  rosterTemplate: { templateId: TemplateId }
  // Issue 15: closed encounters' archived logs.
  listLogArchives: undefined
  /** `text` keeps the entries whose line contains it (any case); `offset` and `limit` page through those. */
  readLogArchive: { encounterId: EncounterId; text?: string; offset: number; limit: number }
  /** Lines before `beforeSeq` (all when null), about `whoId` and in `round` when given: the log panel's filter. */
  readEarlierLog: { beforeSeq: number | null; whoId?: `combatant:${string}`; round?: number; limit: number }
  /** Form values over the sheet of a combatant, a roster entry, or none (a blank sheet); `values` null: the sheet as it is. */
  sheetDraft: {
    combatantId?: `combatant:${string}`
    templateId?: TemplateId
    values: Record<string, string | number | boolean> | null
  }
  // Issue 17.
  /**
   * `fights` per variant (default and cap in FORECAST_LIMITS), `seed` for a repeatable forecast
   * (absent: a fresh one), `whatIf` fixes the acting combatant's first act, each a variant beside the policy's own play.
   */
  forecastStart: { fights?: number; seed?: string; whatIf?: { label: string; command: AutopilotCommand }[] }
  forecastCancel: { jobId: string }
  /** The acting combatant when absent. */
  autopilotSuggest: { combatantId?: `combatant:${string}` }
  autopilotRun: { maxActs?: number }
  /** The act as the panel would send it, and the faces typed so far (at most MAX_TYPED_DICE). */
  dicePlan: { act: PlannedAct; typedDice: number[] }
  /**
   * Issue 35: a target in percent (1–99) and the enemy side's lines, each with its count range and
   * the ready-made NPCs that may be tried in its place; `fights` per candidate (BALANCE), `seed`
   * for a repeatable search (the same dice for every candidate).
   */
  balanceStart: {
    target: BalanceTarget
    lines: BalanceLineInput[]
    fights?: number
    seed?: string
    /** A saved encounter's Balance: its lines against the party alone in a fresh fight, not added to the fight on the desk. */
    partyOnly?: boolean
  }
  balanceCancel: { searchId: string }
  planBadge: { planId: PlanId }
}

export type SalvoApi = {
  [N in RequestName]: (input: RequestInputs[N]) => Promise<Result<RequestResults[N]>>
} & {
  /** Pushes from the core: diffs, snapshots, session changes. Returns an unsubscribe. */
  subscribe(listener: (message: ServerMessage) => void): () => void
}

/** IPC channel names, shared by the preload and the Electron host. */
export const requestChannel = (name: RequestName): string => `salvo:${name}`
export const MESSAGE_CHANNEL = 'salvo:message'
