import { tableSeesAreaMark } from '../../../src-shared/area-marks'
import { tableWall } from '../../../src-shared/wall-words'
import { assetFileName } from '../../../src-shared/scene-assets'
import { fogOf } from '../../../src-shared/fog'
import { seesForTable, sightOf, tableSees, type PartySight } from '../../../src-shared/sight-fog'
import { partySightIn } from './party-sight'
import { sceneInPlay } from '../state/scene-in-play'
import type { CombatantId, CombatantRecord, EncounterRecord, SceneRecord, TemplateRecord, TokenRecord } from '../../../src-shared/records'
import {
  playerCombatantView,
  playerScene,
  publicCondition,
  tableConditions,
  type CombatantView,
  type EncounterView,
  type TablePicture,
  type TemplateView,
  type ViewRecord,
  type ViewRole,
} from '../../../src-shared/views'
import { tablePictureWithoutCopies } from '../assets/fog-mask'
import { storyView } from './story-view'
import { tableEncounter, type Placed } from '../../../src-shared/table-turn'
import { flipsHolding, tableHoldsNow } from './table-holding'
import { holdableNow, initiativeDiceOf, marksOf, poolsOf, standingOf } from '../state/rules-combatants'
import type { RecordReader } from '../state/record-store'
import type { Ruleset } from '../../rules/ruleset'
import type { RecordChange, StoredRecord } from '../state/stored-records'

/**
 * What one projection pass knows beyond the record itself. The player's sort keys are ranks
 * among the combatants the players can see, so gaps left by hidden ones reveal nothing.
 */
export class ProjectionContext {
  constructor(
    readonly state: RecordReader,
    readonly role: ViewRole,
    /** Renders the GM's combatant cards; absent, cards are left out. */
    readonly ruleset: Ruleset | null = null,
    /** The table's picture of a scene (the open campaign's masked copies); absent, never an unmasked fogged one. */
    tablePicture?: (scene: SceneRecord) => TablePicture,
  ) {
    this.tablePicture = tablePicture ?? ((scene) => tablePictureWithoutCopies(scene, partySightIn(this.state, scene)))
  }

  readonly tablePicture: (scene: SceneRecord) => TablePicture
  #sight: PartySight | null | undefined = undefined

  #sceneInPlay: SceneRecord | null | undefined = undefined

  /**
   * The scene on the table, asked once per pass. None for the players while the table holds (no
   * fight runs and the GM has not chosen to show the map): every token, zone and template is
   * judged against it, so none of the GM's prep leaves the core.
   */
  sceneInPlay(): SceneRecord | null {
    if (this.#sceneInPlay === undefined)
      this.#sceneInPlay = this.role === 'player' && tableHoldsNow(this.state) ? null : (sceneInPlay(this.state) ?? null)
    return this.#sceneInPlay
  }

  /**
   * What the party sees on the scene in play (null: fog by sight is off), worked out once per
   * pass — a scene of thousands of tokens must not redo it per record.
   */
  partySight(): PartySight | null {
    if (this.#sight === undefined) {
      const scene = this.sceneInPlay()
      this.#sight = scene ? partySightIn(this.state, scene) : null
    }
    return this.#sight
  }

  /**
   * Whether the table sees this spot of the scene in play: the GM sees everything, players what
   * the painted fog reveals and, with fog by sight on, the party sees (sight-fog.ts).
   */
  inSight(p: { x: number; y: number }): boolean {
    if (this.role === 'gm') return true
    const scene = this.sceneInPlay()
    return scene !== null && tableSees(fogOf(scene), this.partySight(), p)
  }

  visibleRank(id: string): number | null {
    // The store keeps the ranks between commands; re-ranking the fight for each projected card grew with its size.
    return this.state.visibleRanks().get(id) ?? null
  }
}

/** The dice its initiative rolls, when the ruleset can say (the card shows it, not a modifier it ignores). */
function initiativeDice(ruleset: Ruleset | null, c: CombatantRecord): { initiativeDice?: string } {
  const dice = initiativeDiceOf(ruleset, c)
  return dice === null ? {} : { initiativeDice: dice }
}

/** Only the asset's name travels: the GM's file name is the GM's. */
const portraitOf = (c: CombatantRecord): Pick<CombatantView, 'portrait'> =>
  c.portrait ? { portrait: { hash: c.portrait.hash, ext: c.portrait.ext } } : {}

function gmCombatant(c: CombatantRecord, ctx: ProjectionContext, withCard = true): CombatantView {
  const card = withCard && c.rules !== null && ctx.ruleset?.combatantRules ? ctx.ruleset.combatantRules.card(c.rules) : null
  const marks = marksOf(ctx.ruleset, c)
  return {
    typeName: 'combatant',
    id: c.id,
    name: c.name,
    side: c.side,
    kind: c.kind,
    hidden: c.hidden,
    numbers: {
      kind: 'exact',
      hp: c.hp,
      maxHp: c.maxHp,
      initiativeModifier: c.initiativeModifier,
      // The GM's card shows it; the table's view (made without a card) never needs it.
      ...(withCard ? initiativeDice(ctx.ruleset, c) : {}),
    },
    initiative: c.initiative && { total: c.initiative.total, tieBreak: c.initiative.tieBreak },
    orderKey: c.orderKey,
    rules: c.rules,
    card,
    conditions: c.conditions.map((x) => publicCondition(x, ctx.sceneInPlay()?.id ?? null, (p) => ctx.inSight(p))),
    ...(marks.length ? { marks } : {}),
    delayed: c.delayed,
    standing: standingOf(ctx.ruleset, c),
    turn: { conditions: c.conditions, pools: poolsOf(ctx.ruleset, c), held: c.held, holdable: holdableNow(ctx.ruleset, c) },
    templateId: c.templateId,
    ...portraitOf(c),
  }
}

/** Players see PCs' numbers (they are on the table anyway) and only a band for NPCs; no card is rendered for them. */
function playerCombatant(c: CombatantRecord, ctx: ProjectionContext): CombatantView | null {
  if (c.hidden) return null
  const conditions = tableConditions(c.conditions, (id) => !isVisible(ctx, id) && ctx.state.get(id) !== undefined)
  return playerCombatantView(gmCombatant(conditions === c.conditions ? c : { ...c, conditions }, ctx, false), ctx.visibleRank(c.id))
}

/** A token reaches the players only on the active scene, for a combatant they may see, where the fog is lifted. */
function playerSeesToken(t: TokenRecord, ctx: ProjectionContext): boolean {
  const c = ctx.state.get(t.combatantId)
  return c?.typeName === 'combatant' && !c.hidden && ctx.sceneInPlay()?.id === t.sceneId && ctx.inSight(t)
}

/** Whose turn it is stays secret while that combatant is hidden: the table marks the last one it saw act instead. */
function playerEncounter(e: EncounterRecord, ctx: ProjectionContext): EncounterView {
  const current = e.currentCombatantId === null ? null : ctx.state.get(e.currentCombatantId)
  const acting = current?.typeName === 'combatant' ? current : null
  const shown = e.surprise && {
    // A hidden combatant's place in a surprise (and so how many are hidden) is the GM's.
    actorIds: e.surprise.actorIds.filter((id) => isVisible(ctx, id)),
    surprisedIds: e.surprise.surprisedIds.filter((id) => isVisible(ctx, id)),
  }
  const projector = ctx.state.get('projector')
  const seen = tableEncounter(e, acting, () => visibleInOrder(ctx), projector?.typeName === 'projector' ? projector : null)
  return shown ? { ...seen, surprise: shown } : seen
}

/** The combatants the table sees in the order (the store keeps their ranks between commands). */
function* visibleInOrder(ctx: ProjectionContext): Iterable<Placed> {
  for (const id of ctx.state.visibleRanks().keys()) {
    const c = ctx.state.get(id)
    if (c?.typeName === 'combatant' && c.orderKey !== null) yield { id: c.id, orderKey: c.orderKey }
  }
}

function isVisible(ctx: ProjectionContext, id: CombatantId): boolean {
  const c = ctx.state.get(id)
  return c?.typeName === 'combatant' && !c.hidden
}

/** A roster entry without its sheet: what the GM's roster list and edit form show. */
export function rosterEntryView(t: TemplateRecord): TemplateView {
  // Field by field: a rest copy of 5,000 entries was most of a big campaign's snapshot time.
  return {
    typeName: t.typeName,
    id: t.id,
    name: t.name,
    side: t.side,
    kind: t.kind,
    maxHp: t.maxHp,
    initiativeModifier: t.initiativeModifier,
    faction: t.faction,
    tags: t.tags,
    sheet: t.rules !== null,
  }
}

/**
 * The pure projection `(record, context) → view record | null`. Internal records (RNG,
 * history) never leave the core; GM-only data never enters a player projection, so no diff
 * built from it can carry such data.
 */
export function projectRecord(record: StoredRecord, ctx: ProjectionContext): ViewRecord | null {
  const gm = ctx.role === 'gm'
  switch (record.typeName) {
    case 'rng':
    case 'history':
      return null
    case 'campaign':
    case 'projector':
      // The projector's framing is what the table is shown anyway.
      return record
    case 'combatant':
      return gm ? gmCombatant(record, ctx) : playerCombatant(record, ctx)
    case 'encounter':
      return gm ? record : playerEncounter(record, ctx)
    case 'template':
      // The roster as the desk lists it; the sheet stays in the core (see TemplateView).
      return gm ? rosterEntryView(record) : null
    case 'content':
    case 'plan':
    case 'prompt':
      // The GM's item library, roster, saved line-ups and pending reactions: the players' screen has no use for them.
      return gm ? record : null
    case 'scene':
      // The table sees the scene in play, never the GM's other maps — and not that one while it holds.
      return gm ? record : ctx.sceneInPlay()?.id === record.id ? playerScene(record, ctx.tablePicture(record)) : null
    case 'token':
      return gm || playerSeesToken(record, ctx) ? record : null
    case 'areaMark':
      // Templates are table-visible, but a hidden one (a mine) and one under the fog stay in the core.
      return gm || tableSeesAreaMark(record, ctx.sceneInPlay()?.id ?? null, (p) => ctx.inSight(p)) ? record : null
    case 'wall':
      // Walls show where the table may look; a secret door is never drawn as one (wall-words.ts).
      return gm ? record : tableWall(record, ctx.sceneInPlay()?.id ?? null, (p) => ctx.inSight(p))
    case 'log':
      // The player screen shows no log yet; until it does, its entries (and their sequence
      // numbers, which would count the GM's secret commands) stay in the core.
      return gm ? record : null
    case 'story': {
      // The strip and the recap, redacted per viewer; the GM's facts behind them stay in the core.
      const view = storyView(record, ctx.role, ctx.state)
      // An empty one is not sent to the table: its first appearance would tell the players the GM did something.
      return gm || view.lines.length > 0 || view.recap ? view : null
    }
  }
}

function showsTokens(c: RecordChange): boolean {
  const r = c.to ?? c.from
  if (r?.typeName === 'scene') return true
  return r?.typeName === 'combatant' && c.from?.typeName === 'combatant' && c.to?.typeName === 'combatant' && c.from.hidden !== c.to.hidden
}

function hidesSomeone(c: RecordChange): boolean {
  return c.from?.typeName === 'combatant' && c.to?.typeName === 'combatant' && c.from.hidden !== c.to.hidden
}

/** Whether a change can move anyone's visible rank: a combatant added, removed, re-sorted or (un)hidden. */
function movesRanks(c: RecordChange): boolean {
  const from = c.from?.typeName === 'combatant' ? c.from : null
  const to = c.to?.typeName === 'combatant' ? c.to : null
  if (!from && !to) return false
  return !from || !to || from.orderKey !== to.orderKey || from.hidden !== to.hidden
}

/**
 * Whether a change can alter what the party sees on the scene in play (fog by sight): one of its
 * tokens placed, moved or taken off, a wall or door changed, or someone's side or hidden flag.
 */
function movesSight(c: RecordChange, sceneId: SceneRecord['id'], state: RecordReader): boolean {
  const r = c.to ?? c.from
  switch (r?.typeName) {
    case 'token': {
      const was = c.from?.typeName === 'token' ? c.from : null
      const now = c.to?.typeName === 'token' ? c.to : null
      if (was?.sceneId !== sceneId && now?.sceneId !== sceneId) return false
      const who = state.get(r.combatantId)
      // A combatant gone with its token: it may have been the party's.
      return who?.typeName !== 'combatant' || seesForTable(who)
    }
    case 'wall':
      return (c.from?.typeName === 'wall' && c.from.sceneId === sceneId) || (c.to?.typeName === 'wall' && c.to.sceneId === sceneId)
    case 'combatant': {
      const was = c.from?.typeName === 'combatant' ? c.from : undefined
      const now = c.to?.typeName === 'combatant' ? c.to : undefined
      return seesForTable(was) !== seesForTable(now)
    }
    default:
      return false
  }
}

/**
 * Records whose projection reads other records, and so must be re-projected when others
 * change: for the player, the encounters, and every combatant when visible ranks may shift.
 */
export function dependentRecordIds(state: RecordReader, role: ViewRole, changes: readonly RecordChange[]): string[] {
  // The GM's copy carries the table's strip, which drops lines naming anyone hidden now.
  const story = changes.some(hidesSomeone) && state.get('story') ? ['story'] : []
  if (role === 'gm') return story
  const ids: string[] = state.ofType('encounter').map((e) => e.id)
  // The holding screen coming or going brings the whole map to the table, or takes it away.
  if (changes.some(flipsHolding))
    ids.push(
      ...state.ofType('scene').map((s) => s.id),
      ...state.ofType('token').map((t) => t.id),
      ...state.ofType('combatant').map((c) => c.id),
      ...state.ofType('areaMark').map((m) => m.id),
      ...state.ofType('wall').map((w) => w.id),
    )
  if (changes.some(movesRanks)) ids.push(...state.ofType('combatant').map((c) => c.id))
  // The strip drops lines naming anyone hidden now, so hiding or revealing someone redraws it.
  ids.push(...story)
  // A token's visibility follows its combatant's hidden flag, its scene being in play and that scene's fog.
  if (changes.some(showsTokens)) ids.push(...state.ofType('token').map((t) => t.id))
  // Conditions show their zones, and area templates show, only on the scene in play and where its fog is lifted.
  if (changes.some((c) => (c.to ?? c.from)?.typeName === 'scene'))
    ids.push(
      ...state.ofType('combatant').map((c) => c.id),
      ...state.ofType('areaMark').map((m) => m.id),
      ...state.ofType('wall').map((w) => w.id),
    )
  // With fog by sight on, the party moving, a door opening or a wall changing changes what the
  // table sees: every token, template, zone, wall and the scene's picture is judged again.
  const scene = sceneInPlay(state)
  if (scene && sightOf(scene) !== 'off' && changes.some((c) => movesSight(c, scene.id, state)))
    ids.push(
      scene.id,
      ...state.ofType('token').map((t) => t.id),
      ...state.ofType('combatant').map((c) => c.id),
      ...state.ofType('areaMark').map((m) => m.id),
      ...state.ofType('wall').map((w) => w.id),
    )
  return ids
}

/**
 * Every picture the table's projection names right now: the scene in play's background and the
 * portraits of combatants the players may see. Built by projecting those records, so the asset
 * routes serve the table exactly what its snapshot would name, never more.
 */
export function tableAssetNames(state: RecordReader, tablePicture?: (scene: SceneRecord) => TablePicture): Set<string> {
  const ctx = new ProjectionContext(state, 'player', null, tablePicture)
  const names = new Set<string>()
  const scene = ctx.sceneInPlay()
  const seen = scene ? projectRecord(scene, ctx) : null
  if (seen?.typeName === 'scene' && seen.image) names.add(assetFileName(seen.image))
  for (const c of state.ofType('combatant')) {
    if (!c.portrait) continue
    const view = projectRecord(c, ctx)
    if (view?.typeName === 'combatant' && view.portrait) names.add(assetFileName(view.portrait))
  }
  return names
}
