import type { TableStoryRecord, TableStoryView } from './table-story'
import type { ExplanationSection } from './attack'
import type { JsonValue } from './json'
import type {
  CombatantId,
  CombatantRecord,
  DomainRecord,
  CombatantKind,
  EncounterRecord,
  ConditionInstance,
  HeldAction,
  InitiativeResult,
  SceneRecord,
  SceneImage,
  Side,
  TemplateRecord,
} from './records'

/** A condition as anyone may see it: what, how strong — not who put it there, the GM's note or its clock. */
export interface PublicCondition {
  readonly key: string
  readonly conditionId: string
  readonly label: string
  readonly stacks: number
  /** Its zone on the map, when the projection shows that scene. */
  readonly area?: ConditionInstance['area']
}

/** Where a combatant stands, as its ruleset judges it. */
export interface StandingView {
  readonly state: 'up' | 'down' | 'out' | 'dead'
  readonly label: string
  readonly skipsTurn: boolean
}

/** One pool of the action economy with how much of it is spent. */
export interface PoolView {
  readonly key: string
  readonly label: string
  readonly count: number
  readonly per: 'turn' | 'round'
  readonly spent: number
}

/** The GM's bookkeeping for a combatant's turns: conditions with their clocks, pools, held actions. */
export interface TurnView {
  readonly conditions: readonly ConditionInstance[]
  readonly pools: readonly PoolView[]
  readonly held: HeldAction | null
  /** How many actions it could hold now (what is left of the pool a hold sets aside, up to the ruleset's limit). */
  readonly holdable: number
}

/** Coarse health the players may see for a combatant whose numbers are secret. */
export const HEALTH_BANDS = ['unhurt', 'hurt', 'bloodied', 'down'] as const
export type HealthBand = (typeof HEALTH_BANDS)[number]

export type CombatantNumbers =
  | {
      readonly kind: 'exact'
      readonly hp: number
      readonly maxHp: number
      readonly initiativeModifier: number
      /** GM only: the dice its initiative rolls as the ruleset rolls them ("d10+2"), sheet bonuses and all. */
      readonly initiativeDice?: string
    }
  | { readonly kind: 'secret'; readonly band: HealthBand }

/**
 * A combatant's initiative as the windows get it: the total and any roll-off. The roll itself is in
 * the log; sent on every combatant it was over a quarter of a 5,000-combatant snapshot (issue 15).
 */
export type InitiativeShown = Pick<InitiativeResult, 'total' | 'tieBreak'>

/**
 * A combatant as one window sees it. The GM projection keeps every number; the player
 * projection replaces an NPC's numbers with a band, so there is no field to leak.
 */
export interface CombatantView {
  readonly typeName: 'combatant'
  readonly id: CombatantId
  readonly name: string
  readonly side: Side
  readonly kind: CombatantKind
  readonly hidden: boolean
  readonly numbers: CombatantNumbers
  readonly initiative: InitiativeShown | 'secret' | null
  readonly orderKey: number | null
  /** GM only: the ruleset's data and its rendered card (null in the player view). */
  readonly rules: JsonValue | null
  readonly card: readonly ExplanationSection[] | null
  readonly conditions: readonly PublicCondition[]
  /**
   * What anyone at the table can see of it besides its conditions (its stance, that it is in
   * cover), as its ruleset words it; absent when nothing.
   */
  readonly marks?: readonly string[]
  /** Waiting to act later this round; the ribbon shows it apart. */
  readonly delayed: boolean
  /** Null where the players may not see it (an NPC's state beyond its health band). */
  readonly standing: StandingView | null
  /** GM only. */
  readonly turn: TurnView | null
  /** GM only: the roster entry it came from. */
  readonly templateId: TemplateRecord['id'] | null
  /** Its token's picture, by asset name only (the GM's file name stays in the core). */
  readonly portrait?: Pick<SceneImage, 'hash' | 'ext'>
}

/**
 * What the table is sent of a scene's picture (the core decides): the GM's own file when the fog
 * covers none of it, a copy with the fogged pixels painted over, or — while that copy is being
 * made, or if the file cannot be read to make one — nothing.
 */
export type TablePicture =
  | { readonly kind: 'original' }
  | { readonly kind: 'masked'; readonly name: Pick<SceneImage, 'hash' | 'ext'> }
  | { readonly kind: 'pending' }
  | { readonly kind: 'unavailable' }

/**
 * A scene as a window holds it. The table's may come with its picture withheld: the size (so
 * the map is laid out the same) and whether a masked copy is on its way.
 */
export type SceneView = SceneRecord & {
  readonly withheldImage?: { readonly width: number; readonly height: number; readonly coming: boolean }
}

/**
 * A roster entry as the GM's desk lists it: everything the list, its filters and its edit form
 * show, without the entry's sheet. A roster of 5,000 sheets made the GM's snapshot megabytes the
 * desk never showed; spawning and editing go by id, and the core keeps the sheet (the
 * `rosterTemplate` request fetches the whole entry when something needs it).
 */
export type TemplateView = Omit<TemplateRecord, 'rules'> & {
  /** Whether the entry carries a ruleset sheet (its max HP then comes from it). */
  readonly sheet: boolean
}

/**
 * An encounter as a window holds it. The table's may mark the last visible combatant to act while
 * a hidden one takes its turn (`actingUnseen`: the ribbon dims it; see table-turn.ts).
 */
export type EncounterView = EncounterRecord & { readonly actingUnseen?: true }

/** What a window may hold: the domain records, with combatants, scenes and roster entries in their projected form. */
export type ViewRecord =
  | Exclude<DomainRecord, CombatantRecord | SceneRecord | TemplateRecord | TableStoryRecord | EncounterRecord>
  | EncounterView
  | CombatantView
  | SceneView
  | TemplateView
  | TableStoryView
export type ViewRecordId = ViewRecord['id']

/** Which window a projection is for. */
export type ViewRole = 'gm' | 'player'

/**
 * A condition as the players may see it; its zone only on the scene in play (`inPlay` names it)
 * and only where `inSight` says the window may look (the fog judges a zone by its centre).
 */
export const publicCondition = (
  c: ConditionInstance,
  inPlay: string | null = null,
  inSight: (p: { x: number; y: number }) => boolean = () => true,
): PublicCondition => ({
  key: c.key,
  conditionId: c.conditionId,
  label: c.label,
  stacks: c.stacks,
  // A lane shows only when both its ends are in sight: its start would give away where the shooter hides.
  ...(c.area && c.area.sceneId === inPlay && inSight(c.area) && (!c.area.to || inSight(c.area.to)) ? { area: c.area } : {}),
})

/**
 * The conditions the table may see on a combatant: not one a hidden combatant put there. "Vex
 * engaged" or "Vex grappled" would place someone unseen beside Vex, and a condition appearing
 * while nobody visible acts tells the players someone unseen did something. Once its source is
 * revealed (or gone from the campaign) it shows like any other. The core's projection and the
 * GM's projector preview both filter through here.
 */
export function tableConditions<C extends Pick<ConditionInstance, 'sourceId'>>(
  conditions: readonly C[],
  isHidden: (id: CombatantId) => boolean,
): readonly C[] {
  return conditions.some((x) => x.sourceId !== null && isHidden(x.sourceId))
    ? conditions.filter((x) => x.sourceId === null || !isHidden(x.sourceId))
    : conditions
}

export function healthBand(hp: number, maxHp: number): HealthBand {
  if (hp <= 0) return 'down'
  if (hp >= maxHp) return 'unhurt'
  return hp * 2 > maxHp ? 'hurt' : 'bloodied'
}

/** A PC's numbers as the table gets them: the GM's card's initiative dice stay the GM's. */
function tableNumbers(n: CombatantNumbers): CombatantNumbers {
  if (n.kind !== 'exact' || n.initiativeDice === undefined) return n
  return { kind: 'exact', hp: n.hp, maxHp: n.maxHp, initiativeModifier: n.initiativeModifier }
}

/**
 * The players' view of a combatant, from the GM's: nothing of a hidden one; a PC's numbers (they
 * are on the table anyway) but not its sheet, card or bookkeeping; an NPC's health only as a band
 * ("down" once its standing is not up).
 * The core's player projection and the GM's projector preview both go through here, so they agree.
 * Conditions pass as given: the caller has already judged their zones against the fog.
 */
export function playerCombatantView(gm: CombatantView, orderKey: number | null): CombatantView | null {
  if (gm.hidden) return null
  const base: CombatantView = { ...gm, numbers: tableNumbers(gm.numbers), orderKey, rules: null, card: null, turn: null, templateId: null }
  if (gm.kind === 'pc') return base
  // Out of the fight by the rules reads "down" whatever its health says: a knocked-out raider with
  // health left is not "bloodied" to anyone looking at it.
  const out = gm.standing !== null && gm.standing.state !== 'up'
  const band = out ? 'down' : gm.numbers.kind === 'exact' ? healthBand(gm.numbers.hp, gm.numbers.maxHp) : gm.numbers.band
  return { ...base, numbers: { kind: 'secret', band }, initiative: gm.initiative === null ? null : 'secret', standing: null }
}

/**
 * The scene in play as the table gets it: the picture the core chose for it (by its content name
 * only — the GM's file name "ambush-route.png" is the GM's). The GM's projector preview passes
 * nothing: it shows the GM's own file under the fog it draws, on the GM's screen.
 */
export function playerScene(scene: SceneRecord, picture: TablePicture = { kind: 'original' }): SceneView {
  const image = scene.image
  if (!image) return scene
  switch (picture.kind) {
    case 'original':
      return { ...scene, image: { ...image, fileName: '' } }
    case 'masked':
      return { ...scene, image: { hash: picture.name.hash, ext: picture.name.ext, width: image.width, height: image.height, fileName: '' } }
    case 'pending':
    case 'unavailable':
      return { ...scene, image: null, withheldImage: { width: image.width, height: image.height, coming: picture.kind === 'pending' } }
  }
}
