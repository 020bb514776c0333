import type { ServerMessage } from '../../src-shared/contract'
import { fogOf, isRevealed } from '../../src-shared/fog'
import { partySight, tableSees, type PartySight } from '../../src-shared/sight-fog'
import type { AreaMarkRecord, EncounterRecord, SceneRecord, TokenRecord, WallRecord } from '../../src-shared/records'
import { namesIn, type HarmShown, type StoryName, type TableStoryView } from '../../src-shared/table-story'
import { HEALTH_BANDS, type CombatantView, type ViewRecord } from '../../src-shared/views'

/**
 * What a player connection may be sent, checked message by message against the GM's records
 * at that moment — written from the rules the players' screen is promised, not from the
 * projection code, so a projection that slips is caught:
 * - no secret: every name, note, label, file name and id the GM keeps to itself is unique
 *   ("Zq…x"), so a leak is a substring;
 * - no GM-only record type (log, roster, saved encounters, prompts, campaign items, RNG, undo);
 * - combatants: never a hidden one; nobody's sheet, card, turn bookkeeping or roster entry;
 *   an NPC's numbers only as a health band, its initiative and standing not at all; a
 *   condition as what and how strong only (no note, clock, source or ruleset data); a portrait
 *   by asset name only;
 * - only the scene in play; tokens and area templates only there, uncovered by the fog, and
 *   never a hidden combatant's token or a hidden template; no "whose turn" for a hidden actor, and
 *   never nobody marked while one acts; no condition a hidden combatant put on a visible one;
 * - the table's story: nobody hidden, an NPC's damage as a band only, no GM copy (storyProblems);
 *   what a hidden combatant did told only as its effect, without the cause (causeProblems);
 * - sessions without problems, warnings or undo labels;
 * - diffs that follow on from what this window holds, by one version at a time (a gap would
 *   count the GM's secret commands), removing only what it was sent.
 */

export interface LeakContext {
  readonly secrets: ReadonlySet<string>
  /** The GM's records when the messages were sent. */
  readonly gm: readonly ViewRecord[]
}

/** What the player window holds, built from what it was sent (to check diffs against). */
export class PlayerHolding {
  version = 0
  readonly records = new Map<string, string>()
}

const GM_ONLY_TYPES = new Set(['log', 'template', 'plan', 'prompt', 'content', 'rng', 'history'])
const PUBLIC_CONDITION_KEYS = new Set(['key', 'conditionId', 'label', 'stacks', 'area'])
const SESSION_CAMPAIGN_KEYS = new Set(['id', 'name', 'rulesetId', 'updatedAt', 'openedAt'])

/** What the party sees on the scene in play by the GM's records, judged by the shared rule (sight-fog.ts). */
export function gmPartySight(gm: Iterable<ViewRecord>, scene: SceneRecord | null): PartySight | null {
  if (!scene) return null
  const all = [...gm]
  const byId = new Map(all.map((r) => [r.id, r]))
  return partySight(
    scene,
    all.filter((r): r is TokenRecord => r.typeName === 'token'),
    (id) => {
      const c = byId.get(id)
      return c?.typeName === 'combatant' ? c : undefined
    },
    all.filter((r): r is WallRecord => r.typeName === 'wall'),
  )
}

/**
 * The GM's tokens on the scene in play judged while fog by sight was on, and of those the ones
 * the painted fog reveals but the party's sight does not (so the evening exercised the rule).
 */
export const sightTotals = { judged: 0, hiddenBySight: 0 }

const sightMemo = new WeakMap<object, { scene: SceneRecord | null; sight: PartySight | null }>()

function recordProblems(v: ViewRecord, gm: ReadonlyMap<string, ViewRecord>, scene: SceneRecord | null): string[] {
  const out: string[] = []
  const say = (rule: string, detail: string) => out.push(`${rule}: ${v.id} ${detail}`)
  if (GM_ONLY_TYPES.has(v.typeName)) say('gm-only-type', `is a ${v.typeName} record`)
  const visible = (id: string | null) => {
    const c = id === null ? null : gm.get(id)
    return c?.typeName === 'combatant' && !c.hidden
  }
  let memo = sightMemo.get(gm)
  if (!memo || memo.scene !== scene) sightMemo.set(gm, (memo = { scene, sight: gmPartySight(gm.values(), scene) }))
  const sight = memo.sight
  // Painted fog and, with fog by sight on, the party's sight: both must reveal the point.
  const inSight = (p: { x: number; y: number }) => scene !== null && tableSees(fogOf(scene), sight, p)
  switch (v.typeName) {
    case 'combatant': {
      const c = v as CombatantView
      if (c.hidden || !visible(c.id)) say('hidden-combatant', 'is hidden')
      for (const k of ['rules', 'card', 'turn', 'templateId'] as const) if (c[k] !== null) say('gm-only-field', `has ${k}`)
      if (
        c.kind === 'npc' &&
        (c.numbers.kind !== 'secret' || !HEALTH_BANDS.includes(c.numbers.band) || Object.keys(c.numbers).length !== 2)
      )
        say('npc-numbers', `shows ${JSON.stringify(c.numbers)}`)
      if (c.kind === 'npc' && c.initiative !== null && c.initiative !== 'secret') say('npc-numbers', 'shows its initiative roll')
      if (c.kind === 'npc' && c.standing !== null) say('npc-numbers', 'shows its standing')
      for (const x of c.conditions)
        for (const k of Object.keys(x)) if (!PUBLIC_CONDITION_KEYS.has(k)) say('condition-field', `has a condition's ${k}`)
      // A condition a hidden combatant put on it ("Engaged") would place someone unseen beside it.
      const theirs = gm.get(c.id)
      const sources = new Map(theirs?.typeName === 'combatant' && theirs.turn ? theirs.turn.conditions.map((x) => [x.key, x.sourceId]) : [])
      for (const x of c.conditions) {
        const source = sources.get(x.key)
        if (source && gm.has(source) && !visible(source)) say('hidden-cause', `shows ${x.label}, put on by a hidden combatant`)
      }
      if (c.portrait && Object.keys(c.portrait).some((k) => k !== 'hash' && k !== 'ext'))
        say('portrait-field', 'has more than the asset name of its portrait')
      break
    }
    case 'scene':
      if (!v.active || v.id !== scene?.id) say('off-table-scene', 'is not the scene in play')
      break
    case 'token': {
      const t = v as TokenRecord
      if (!visible(t.combatantId)) say('hidden-token', 'belongs to a hidden combatant')
      if (t.sceneId !== scene?.id || !inSight(t)) say('hidden-token', 'is off the table or under the fog')
      break
    }
    case 'areaMark': {
      const m = v as AreaMarkRecord
      const now = gm.get(m.id)
      if (m.hidden || (now?.typeName === 'areaMark' && now.hidden)) say('hidden-template', 'is hidden')
      if (m.sceneId !== scene?.id || !inSight(m)) say('hidden-template', 'is off the table or under the fog')
      break
    }
    case 'wall': {
      const w = v as WallRecord
      if (w.sceneId !== scene?.id || !w.points.every(inSight)) say('hidden-wall', 'is off the table or under the fog')
      const now = gm.get(w.id)
      if (w.kind === 'door' && w.secret) say('secret-door', 'is a secret door')
      if (w.kind === 'door' && w.door === 'locked') say('locked-door', 'says the door is locked')
      if (now?.typeName === 'wall' && now.kind === 'door' && now.secret && (w.kind === 'door' || now.door === 'open'))
        say('secret-door', 'shows a secret door as a door or an open one at all')
      break
    }
    case 'story': {
      // One removed from the fight may still be named (the table saw it); one hidden now may not.
      const known = (id: string) => gm.get(id)?.typeName !== 'combatant' || visible(id)
      out.push(...storyProblems(v as TableStoryView, known))
      const gmStory = gm.get('story')
      if (gmStory?.typeName === 'story') out.push(...causeProblems(v as TableStoryView, gmStory, known))
      break
    }
    case 'encounter': {
      const e = v as EncounterRecord
      if (e.turnAnchor !== null) say('gm-only-field', 'has its turn anchor')
      if (e.currentCombatantId !== null && !visible(e.currentCombatantId)) say('hidden-combatant', 'names a hidden combatant as acting')
      break
    }
  }
  return out
}

/**
 * The table's story (issue 16): only its strip and recap, never the GM's copy of them; nobody
 * named who is hidden (then or now); an NPC's damage only as a band and its standing past "down"
 * not at all; nobody's damage dealt (most of it would be NPC numbers); the strip numbered by its
 * own count, oldest first.
 */
function storyProblems(s: TableStoryView, visible: (id: string) => boolean): string[] {
  const out: string[] = []
  for (const k of Object.keys(s)) if (!['typeName', 'id', 'lines', 'recap'].includes(k)) out.push(`gm-only-field: story has ${k}`)
  const named = (n: StoryName | null) => {
    if (n && (n.hidden || !visible(n.id))) out.push(`hidden-combatant: story names ${n.id}`)
  }
  const npcHarm = (who: StoryName, h: HarmShown | null) => {
    if (who.kind === 'npc' && h?.kind === 'exact') out.push(`npc-numbers: story shows ${who.id}'s damage`)
  }
  const npcDown = (who: StoryName, d: string | null) => {
    if (who.kind === 'npc' && d !== null && d !== 'down') out.push(`npc-numbers: story shows ${who.id}'s standing`)
  }
  let last = 0
  for (const { n, fact: f } of s.lines) {
    if (n <= last) out.push('versions: story lines out of order')
    last = n
    for (const who of namesIn(f)) named(who)
    if (f.kind === 'attack') {
      npcHarm(f.target, f.harm)
      npcDown(f.target, f.down)
    }
    if (f.kind === 'harm') {
      npcHarm(f.who, f.harm)
      npcDown(f.who, f.down)
    }
    if (f.kind === 'down') npcDown(f.who, f.state)
  }
  const r = s.recap
  if (r) {
    for (const row of r.rows) {
      named(row.who)
      if (row.dealt !== null) out.push('npc-numbers: the recap shows damage dealt')
      if (row.who.kind === 'npc' && row.taken.kind !== 'band') out.push(`npc-numbers: the recap shows ${row.who.id}'s damage taken`)
    }
    for (const d of r.downs) {
      named(d.who)
      named(d.by)
    }
    if (r.biggest) {
      named(r.biggest.target)
      named(r.biggest.by)
      if (r.biggest.target.kind === 'npc') out.push('npc-numbers: the recap shows the biggest hit on an NPC')
    }
  }
  return out
}

/**
 * What the table was told of each line against what the GM knows of the same line (by its number):
 * when the GM's fact has a cause the table cannot see (its actor, or whoever put a condition on),
 * the table may be told only the effect on a combatant it sees — harm or a fall, with no cause —
 * never the act itself, nor a condition that would place someone unseen ("Vex engaged").
 */
function causeProblems(table: TableStoryView, gm: TableStoryView, visible: (id: string) => boolean): string[] {
  const out: string[] = []
  const unseen = (n: StoryName | null | undefined) => !!n && (n.hidden || !visible(n.id))
  const theirs = new Map(gm.lines.map((l) => [l.n, l.fact]))
  for (const { n, fact } of table.lines) {
    const g = theirs.get(n)
    if (!g) continue
    const cause = g.kind === 'attack' || g.kind === 'action' ? g.actor : g.kind === 'harm' || g.kind === 'condition' ? g.by : null
    if (!unseen(cause)) continue
    const effectOnly = (fact.kind === 'harm' && fact.by === null) || fact.kind === 'down'
    if (!effectOnly) out.push(`hidden-cause: story line ${n} tells a hidden combatant's ${g.kind} as "${fact.kind}"`)
  }
  return out
}

/**
 * While a hidden one acts the ribbon marks the last one seen: marking nobody tells the room someone
 * unseen acts. Judged on what the window holds once the messages are in (an earlier message of the
 * batch was right for its moment, not for the GM's turn now).
 */
function turnProblems(holding: PlayerHolding, gm: ReadonlyMap<string, ViewRecord>): string[] {
  const anyoneSeen = [...gm.values()].some((c) => c.typeName === 'combatant' && !c.hidden && c.orderKey !== null)
  const out: string[] = []
  for (const json of holding.records.values()) {
    const e = JSON.parse(json) as ViewRecord
    if (e.typeName !== 'encounter' || e.status !== 'active') continue
    const theirs = gm.get(e.id)
    const acting = theirs?.typeName === 'encounter' && theirs.currentCombatantId !== null ? gm.get(theirs.currentCombatantId) : undefined
    if (acting?.typeName === 'combatant' && acting.hidden && anyoneSeen && e.currentCombatantId === null)
      out.push(`nobody-acting: ${e.id} marks nobody while a hidden combatant acts`)
  }
  return out
}

/** Everything wrong with these messages to a player window (empty when nothing leaked). Updates `holding`. */
export function playerLeaks(messages: readonly ServerMessage[], ctx: LeakContext, holding: PlayerHolding): string[] {
  const out: string[] = []
  const gm = new Map(ctx.gm.map((r) => [r.id, r]))
  const scene = (ctx.gm.find((r) => r.typeName === 'scene' && r.active) as SceneRecord | undefined) ?? null
  const sight = gmPartySight(ctx.gm, scene)
  if (scene && sight)
    for (const t of ctx.gm)
      if (t.typeName === 'token' && t.sceneId === scene.id) {
        sightTotals.judged++
        if (isRevealed(fogOf(scene), t) && !tableSees(fogOf(scene), sight, t)) sightTotals.hiddenBySight++
      }
  for (const m of messages) {
    const text = JSON.stringify(m)
    for (const s of ctx.secrets) if (text.includes(s)) out.push(`secret: ${s} in a ${m.kind} message`)
    for (const key of ['"note"', '"spent"', '"duration"', '"sourceId"', '"held"'])
      if (text.includes(`${key}:`)) out.push(`gm-only-field: ${key} in a ${m.kind} message`)
    if (m.kind === 'session') {
      const s = m.session
      if (s.role !== 'player' || s.problem !== null || s.warning !== null || s.undoLabel !== null || s.redoLabel !== null)
        out.push('session: tells the player what only the GM sees')
      if (s.campaign && Object.keys(s.campaign).some((k) => !SESSION_CAMPAIGN_KEYS.has(k)))
        out.push('session: says more of the campaign than its summary')
      continue
    }
    if (m.kind === 'forecast') {
      out.push('forecast: the table was sent a forecast, which is the GM’s alone')
      continue
    }
    if (m.kind === 'balance') {
      out.push('balance: the table was sent a balance search, which is the GM’s alone')
      continue
    }
    if (m.kind === 'snapshot') {
      if (m.snapshot.version !== holding.version + 1) out.push(`versions: a snapshot at ${m.snapshot.version} after ${holding.version}`)
      holding.version = m.snapshot.version
      holding.records.clear()
      for (const r of m.snapshot.records) {
        out.push(...recordProblems(r, gm, scene))
        holding.records.set(r.id, JSON.stringify(r))
      }
      continue
    }
    const d = m.diff
    if (d.fromVersion !== holding.version || d.toVersion !== d.fromVersion + 1)
      out.push(`versions: a diff ${d.fromVersion}→${d.toVersion} onto ${holding.version}`)
    holding.version = d.toVersion
    for (const id of d.removed) if (!holding.records.delete(id)) out.push(`unknown-id: removes ${id}, which the player never had`)
    for (const [from, to] of d.updated) {
      if (holding.records.get(from.id) !== JSON.stringify(from))
        out.push(`unknown-id: updates ${from.id} from a version the player never had`)
      out.push(...recordProblems(to, gm, scene))
      holding.records.set(to.id, JSON.stringify(to))
    }
    for (const r of d.added) {
      if (holding.records.has(r.id)) out.push(`unknown-id: adds ${r.id} again`)
      out.push(...recordProblems(r, gm, scene))
      holding.records.set(r.id, JSON.stringify(r))
    }
  }
  out.push(...turnProblems(holding, gm))
  return out
}
