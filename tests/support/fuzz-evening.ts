import { pxPerMetre } from '../../src-shared/scene-scale'
import seedrandom from 'seedrandom'
import type { CommandType } from '../../src-shared/commands'
import type { FormField } from '../../src-shared/attack'
import type { JsonValue } from '../../src-shared/json'
import type { SceneGrid } from '../../src-shared/records'
import type { CombatantView, ViewRecord } from '../../src-shared/views'
import type { attachWindow } from '../unit/helpers/core-window'
import { trooper } from '../unit/rules/compound-x/cx-harness'
import { homebrew } from '../unit/rules/compound-x/fixtures'
import { int, pick, type Rng } from './fuzz-mutate'

/**
 * A random evening's next command, for any command type of the contract, built from what the
 * GM's window holds now (so most of them are accepted). Whatever the GM keeps to itself gets a
 * name made by `secret` ("Zq…x", in `secrets`), and the evening never makes such a thing
 * public: a secret combatant stays hidden, a secret scene stays on the shelf, a secret
 * template stays hidden. Open things get plain names.
 */

type Window = ReturnType<typeof attachWindow>
type Cmd = { type: CommandType; payload: unknown } | null
export type Gen = () => Promise<Cmd>

export class World {
  records: readonly ViewRecord[] = []
  readonly secrets = new Set<string>()
  #n = 0
  sheets: JsonValue[] = []
  settings: readonly FormField[] = []
  damageTypes: readonly string[] = []
  conditions: readonly string[] = []

  constructor(
    readonly rng: Rng,
    readonly gm: Window,
  ) {}

  secret(kind: string): string {
    const s = `Zq${kind}${++this.#n}x`
    this.secrets.add(s)
    return s
  }
  open(kind: string): string {
    return `${kind} ${++this.#n}`
  }
  of<T extends ViewRecord['typeName']>(typeName: T): Extract<ViewRecord, { typeName: T }>[] {
    return this.records.filter((r) => r.typeName === typeName) as Extract<ViewRecord, { typeName: T }>[]
  }
  any<T>(xs: readonly T[]): T | null {
    return xs.length ? pick(this.rng, xs) : null
  }
  combatants(filter: (c: CombatantView) => boolean = () => true) {
    return this.of('combatant').filter(filter)
  }
  isSecret = (name: string) => name.includes('Zq')
  get active() {
    return this.of('scene').find((s) => s.active) ?? null
  }
  get encounter() {
    return this.of('encounter').find((e) => e.status === 'active') ?? null
  }
  /** Whose turn it is, or anyone. */
  actor(): CombatantView | null {
    const current = this.encounter?.currentCombatantId
    return this.combatants((c) => c.id === current)[0] ?? this.any(this.combatants())
  }
  /** Loads what the campaign's ruleset offers: its settings, conditions and ready-made sheets. */
  async learnRuleset(): Promise<void> {
    const setup = await this.gm.must('rulesetSetup', undefined)
    const rulesetId = (await this.gm.must('session', undefined)).campaign?.rulesetId
    this.sheets = rulesetId === 'compound-x' ? [trooper() as unknown as JsonValue] : setup.quickNpcs.map((q) => q.rules)
    this.settings = setup.settings
    this.damageTypes = setup.damageTypes.map((t) => t.key)
    const conditions = await this.gm.request('listConditions', undefined)
    this.conditions = conditions.ok ? conditions.value.map((c) => c.id) : []
  }
}

/** A value an option of the ruleset's own form may take (its default, a choice, a number in range). */
const optionValue = (rng: Rng, o: FormField) =>
  o.kind === 'choice'
    ? // A choice with nothing to pick (no target in reach) keeps its default: the core refuses it if it must.
      o.choices.length
      ? pick(rng, o.choices).value
      : o.value
    : o.kind === 'toggle'
      ? rng() < 0.5
      : rng() < 0.5
        ? o.value
        : int(rng, o.min ?? 0, Math.min(o.max ?? 10, (o.min ?? 0) + 20))

/** One generator per command type: the table is typed by the contract, so a new command type must be added here. */
export function commandGens(w: World): Record<CommandType, Gen> {
  const r = w.rng
  const c = (f?: (c: CombatantView) => boolean) => w.any(w.combatants(f))
  const scene = () => (w.active && r() < 0.7 ? w.active : w.any(w.of('scene')))
  // The GM's secret switch (issue 16): on, off, or left to the ruleset's default.
  // Drawn from its own generator, so the evening's other choices stay what they were before it existed.
  const flip = seedrandom(`secret-switch-${w.secrets.size}`)
  const maybeSecret = () => {
    const x = flip()
    return x < 0.2 ? { secret: true } : x < 0.4 ? { secret: false } : {}
  }
  const nameFor = (x: { name: string }) => (w.isSecret(x.name) ? w.secret('Name') : w.open('Open'))
  const at = () => ({ x: Math.round(r() * 550) / 10, y: Math.round(r() * 300) / 10 })
  /** A spot on this scene: on its picture where it has one (a token may not stand off it), else anywhere in the field. */
  const atOn = (s: { image: { width: number; height: number } | null; grid: SceneGrid }) => {
    const p = at()
    if (!s.image) return p
    const [w, h] = [s.image.width / pxPerMetre(s.grid), s.image.height / pxPerMetre(s.grid)]
    return { x: Math.floor((p.x / 55) * w * 10) / 10, y: Math.floor((p.y / 30) * h * 10) / 10 }
  }
  const some = async <T>(x: T | null, f: (x: T) => Cmd): Promise<Cmd> => (x === null ? null : f(x))
  const cmd =
    (type: CommandType) =>
    (payload: unknown): Cmd => ({ type, payload })
  return {
    'combatant/add': async () => {
      const hidden = r() < 0.4
      return cmd('combatant/add')({
        name: hidden ? w.secret('Hid') : w.open('Open'),
        side: pick(r, ['party', 'ally', 'enemy'] as const),
        kind: hidden ? 'npc' : pick(r, ['pc', 'npc'] as const),
        maxHp: int(r, 5, 60),
        hidden,
        ...(w.sheets.length ? { rules: w.any(w.sheets) } : {}),
      })
    },
    'combatant/edit': async () =>
      some(c(), (x) =>
        cmd('combatant/edit')({
          combatantId: x.id,
          name: nameFor(x),
          ...(r() < 0.5 ? { kind: pick(r, ['pc', 'npc'] as const) } : { maxHp: int(r, 5, 80) }),
        }),
      ),
    'combatant/remove': async () => (r() < 0.3 ? some(c(), (x) => cmd('combatant/remove')({ combatantId: x.id })) : null),
    'combatant/setHp': async () =>
      some(c(), (x) => cmd('combatant/setHp')({ combatantId: x.id, hp: int(r, -10, x.numbers.kind === 'exact' ? x.numbers.maxHp : 10) })),
    'combatant/adjustHp': async () =>
      some(c(), (x) => cmd('combatant/adjustHp')({ combatantId: x.id, delta: pick(r, [-1, 1]) * int(r, 1, 25) })),
    'combatant/damage': async () =>
      some(c(), (x) =>
        cmd('combatant/damage')({
          combatantId: x.id,
          amount: int(r, 1, 40),
          damageType: pick(r, w.damageTypes.length ? w.damageTypes : ['untyped']),
        }),
      ),
    'combatant/setHidden': async () =>
      some(
        c((x) => !w.isSecret(x.name)),
        (x) => cmd('combatant/setHidden')({ combatantId: x.id, hidden: r() < 0.5 }),
      ),
    'combatant/setPortrait': async () =>
      some(c(), (x) => {
        // Pictures that are not secrets only: a secret one's picture (whatever it is called now) stays a secret,
        // and the GM putting it on a visible combatant would be the GM's own choice, not a leak.
        const image = w.any(w.combatants((y) => !!y.portrait && !w.isSecret(y.name) && !w.secrets.has(y.portrait.hash)))?.portrait
        return cmd('combatant/setPortrait')({
          combatantId: x.id,
          image: image && r() < 0.7 ? { ...image, width: 8, height: 8, fileName: `${w.secret('File')}.png` } : null,
        })
      }),
    'combatant/setRules': async () =>
      some(c(), (x) => (w.sheets.length ? cmd('combatant/setRules')({ combatantId: x.id, rules: w.any(w.sheets) }) : null)),
    'attack/resolve': async () => {
      const attacker = w.actor()
      const target = c((x) => x.id !== attacker?.id)
      if (!attacker || !target) return null
      const base = { attackerId: attacker.id, targetId: target.id, weapon: 0, mode: '', options: {} }
      const weapons = await w.gm.request('previewAttack', { request: base })
      const weapon = weapons.ok ? w.any(weapons.value.weapons) : null
      if (!weapon) return null
      // The ruleset's own options for this attack, at random (a defender's reaction among them: ripostes make prompts).
      const request = { ...base, weapon: weapon.index, mode: pick(r, weapon.modes) }
      const preview = await w.gm.request('previewAttack', { request })
      const options = preview.ok ? Object.fromEntries(preview.value.options.map((o) => [o.key, optionValue(r, o)])) : {}
      return cmd('attack/resolve')({ request: { ...request, options }, ...maybeSecret() })
    },
    'check/roll': async () => {
      const actor = w.actor()
      const actions = actor ? await w.gm.request('listActions', { actorId: actor.id }) : null
      const check = actions?.ok ? actions.value.find((a) => a.key === 'check')?.options.find((o) => o.key === 'check') : undefined
      return actor && check?.kind === 'choice'
        ? cmd('check/roll')({ combatantId: actor.id, check: pick(r, check.choices).value, dc: int(r, -20, 120), ...maybeSecret() })
        : null
    },
    'action/perform': async () => {
      const actor = w.actor()
      const actions = actor ? await w.gm.request('listActions', { actorId: actor.id }) : null
      const action = actions?.ok ? w.any(actions.value.filter((a) => a.key !== 'check' && (a.unavailable === null || r() < 0.2))) : null
      if (!actor || !action) return null
      const options = Object.fromEntries(action.options.map((o) => [o.key, optionValue(r, o)]))
      return cmd('action/perform')({
        request: { actorId: actor.id, action: action.key, targetId: action.target === 'none' ? null : (c()?.id ?? null), options },
        ...maybeSecret(),
      })
    },
    'content/import': async () => {
      const entry = { ...homebrew.entries[0]!, id: `zq-item-${int(r, 0, 1e6)}`, name: w.secret('Item') }
      return cmd('content/import')({
        fileName: `${w.secret('ItemFile')}.json`,
        text: JSON.stringify({ kind: homebrew.kind, entries: [entry] }),
      })
    },
    'content/remove': async () => some(w.any(w.of('content')), (x) => cmd('content/remove')({ id: x.id })),
    'combatant/setSheet': async () => {
      const x = c()
      const form = x ? await w.gm.request('sheetForm', { combatantId: x.id }) : null
      return x && form?.ok
        ? cmd('combatant/setSheet')({
            combatantId: x.id,
            values: Object.fromEntries(form.value.filter(() => r() < 0.3).map((o) => [o.key, optionValue(r, o)])),
          })
        : null
    },
    'condition/add': async () =>
      some(c(), (x) => {
        const of = c()?.id ?? x.id
        const duration = pick(r, [
          { kind: 'indefinite' },
          { kind: 'rounds', rounds: int(r, 1, 3) },
          { kind: 'turnStart', of },
          { kind: 'turnEnd', of },
        ])
        return cmd('condition/add')({
          combatantId: x.id,
          condition: w.any(w.conditions) ?? 'bleeding',
          duration,
          note: w.secret('Note'),
          sourceId: r() < 0.5 ? null : of,
        })
      }),
    'condition/remove': async () =>
      some(
        c((x) => x.conditions.length > 0),
        (x) => cmd('condition/remove')({ combatantId: x.id, key: pick(r, x.conditions).key }),
      ),
    'economy/set': async () =>
      some(
        c((x) => !!x.turn?.pools.length),
        (x) => {
          const pool = pick(r, x.turn!.pools)
          return cmd('economy/set')({ combatantId: x.id, pool: pool.key, spent: int(r, 0, pool.count) })
        },
      ),
    'initiative/move': async () =>
      some(
        c((x) => x.orderKey !== null),
        (x) =>
          cmd('initiative/move')({
            combatantId: x.id,
            beforeId: r() < 0.3 ? null : (c((y) => y.orderKey !== null && y.id !== x.id)?.id ?? null),
          }),
      ),
    'initiative/delay': async () => some(w.actor(), (x) => cmd('initiative/delay')({ combatantId: x.id })),
    'initiative/resume': async () =>
      some(
        c((x) => x.delayed),
        (x) => cmd('initiative/resume')({ combatantId: x.id }),
      ),
    'hold/declare': async () =>
      some(w.actor(), (x) => cmd('hold/declare')({ combatantId: x.id, trigger: w.secret('Trigger'), amount: int(r, 1, 2) })),
    'hold/release': async () =>
      some(
        c((x) => !!x.turn?.held),
        (x) => cmd('hold/release')({ combatantId: x.id }),
      ),
    'prompt/resolve': async () => some(w.any(w.of('prompt')), (x) => cmd('prompt/resolve')({ promptId: x.id })),
    'prompt/dismiss': async () => some(w.any(w.of('prompt')), (x) => cmd('prompt/dismiss')({ promptId: x.id })),
    'campaign/rename': async () => cmd('campaign/rename')({ name: w.open('Campaign') }),
    'campaign/setRulesetSetting': async () =>
      some(w.any(w.settings), (s) => cmd('campaign/setRulesetSetting')({ key: s.key, value: optionValue(r, s) })),
    'template/save': async () => {
      const over = r() < 0.3 ? w.any(w.of('template')) : null
      return cmd('template/save')({
        ...(over ? { templateId: over.id } : {}),
        name: w.secret('Tpl'),
        side: 'enemy',
        kind: 'npc',
        maxHp: int(r, 5, 50),
        faction: w.secret('Faction'),
        tags: [w.secret('Tag')],
        ...(w.sheets.length && r() < 0.5 ? { rules: w.any(w.sheets) } : {}),
      })
    },
    'template/fromCombatant': async () =>
      some(c(), (x) => cmd('template/fromCombatant')({ combatantId: x.id, faction: w.secret('Faction') })),
    'template/duplicate': async () => some(w.any(w.of('template')), (x) => cmd('template/duplicate')({ templateId: x.id })),
    'template/remove': async () => some(w.any(w.of('template')), (x) => cmd('template/remove')({ templateId: x.id })),
    // Copies of a roster entry stay hidden: their names carry the entry's, which may be secret.
    'template/spawn': async () =>
      some(w.any(w.of('template')), (x) =>
        cmd('template/spawn')({ templateId: x.id, count: int(r, 1, 3), hidden: true, groupInitiative: r() < 0.5 }),
      ),
    // Hidden like spawned copies; the saved encounter's name is public (it names the fight when started).
    'squad/add': async () =>
      some(w.any(w.of('template')), (x) =>
        cmd('squad/add')({
          entries: [{ kind: 'template', templateId: x.id, count: int(r, 1, 3) }],
          hidden: true,
          oneInitiativeRoll: r() < 0.5,
          ...(r() < 0.3 ? { saveAs: w.open('Plan') } : {}),
        }),
      ),
    // Not a secret: starting a saved encounter names the encounter after it, and the table sees that.
    'plan/save': async () => cmd('plan/save')({ name: w.open('Plan'), groupInitiative: r() < 0.5 }),
    'plan/remove': async () => some(w.any(w.of('plan')), (x) => cmd('plan/remove')({ planId: x.id })),
    'plan/start': async () => some(w.any(w.of('plan')), (x) => cmd('plan/start')({ planId: x.id })),
    'plan/badge': async () =>
      some(w.any(w.of('plan')), (x) =>
        cmd('plan/badge')({
          planId: x.id,
          badge: {
            win: r(),
            winInterval: 0.05,
            down: r(),
            downInterval: 0.05,
            fights: 300,
            at: new Date(0).toISOString(),
            party: '0123456789abcdef',
          },
        }),
      ),
    'plan/counts': async () => some(w.any(w.of('plan')), (x) => cmd('plan/counts')({ planId: x.id, counts: x.entries.map(() => 1) })),
    // With none on the table the new scene goes there (and is rightly public); otherwise it stays on the
    // shelf: a secret one for good, an open one until the GM puts it on the table.
    'scene/create': async () => cmd('scene/create')({ name: w.active && r() < 0.6 ? w.secret('Shelf') : w.open('Table') }),
    'scene/update': async () =>
      some(w.any(w.of('scene')), (x) =>
        cmd('scene/update')({
          sceneId: x.id,
          name: w.isSecret(x.name) ? w.secret('Shelf') : w.open('Table'),
          ...(r() < 0.3 ? { grid: { kind: 'none', pxPerMetre: int(r, 5, 80) } } : {}),
          // Fog by sight: on more often than off, so the party's tokens and the walls decide what the table sees.
          ...(r() < 0.4 ? { sight: r() < 0.7 ? ('party' as const) : ('off' as const) } : {}),
        }),
      ),
    'scene/setImage': async () =>
      some(w.any(w.of('scene')), (x) => {
        const image = w.any(w.of('scene').flatMap((s) => (s.image ? [s.image] : [])))
        return cmd('scene/setImage')({ sceneId: x.id, image: image && r() < 0.8 ? { ...image, fileName: `${w.secret('Map')}.png` } : null })
      }),
    'scene/activate': async () =>
      some(w.any(w.of('scene').filter((s) => !w.isSecret(s.name))), (x) => cmd('scene/activate')({ sceneId: x.id })),
    'scene/remove': async () => (r() < 0.3 ? some(w.any(w.of('scene')), (x) => cmd('scene/remove')({ sceneId: x.id })) : null),
    'token/place': async () => {
      const s = scene()
      const x = c()
      return s && x ? cmd('token/place')({ sceneId: s.id, combatantId: x.id, ...atOn(s) }) : null
    },
    'token/remove': async () => (r() < 0.4 ? some(w.any(w.of('token')), (x) => cmd('token/remove')({ tokenId: x.id })) : null),
    'area/place': async () =>
      some(scene(), (s) => {
        const hidden = r() < 0.4
        return cmd('area/place')({
          sceneId: s.id,
          ...at(),
          radius: 1 + Math.round(r() * 50) / 10,
          label: hidden ? w.secret('Mine') : w.open('Blast'),
          hidden,
        })
      }),
    'area/move': async () => some(w.any(w.of('areaMark')), (x) => cmd('area/move')({ areaId: x.id, ...at() })),
    'area/edit': async () =>
      some(w.any(w.of('areaMark')), (x) =>
        cmd('area/edit')(
          w.isSecret(x.label)
            ? { areaId: x.id, label: w.secret('Mine'), radius: int(r, 1, 8) }
            : { areaId: x.id, hidden: r() < 0.5, label: w.open('Blast') },
        ),
      ),
    'area/remove': async () => (r() < 0.4 ? some(w.any(w.of('areaMark')), (x) => cmd('area/remove')({ areaId: x.id })) : null),
    'wall/add': async () =>
      some(scene(), (s) => {
        const a = at()
        // Half of them doors, so door/set has doors to open.
        const kind = r() < 0.5 ? 'door' : (['wall', 'low', 'window'] as const)[int(r, 0, 2)]!
        const points = [a, { x: a.x + 1 + int(r, 0, 6), y: a.y }, ...(r() < 0.5 ? [{ x: a.x + 8, y: a.y + 1 + int(r, 0, 4) }] : [])]
        return cmd('wall/add')(kind === 'door' ? { sceneId: s.id, kind, points, secret: r() < 0.4 } : { sceneId: s.id, kind, points })
      }),
    'wall/move': async () =>
      some(w.any(w.of('wall')), (x) => {
        const dx = int(r, -3, 3) || 1
        return cmd('wall/move')({ wallId: x.id, points: x.points.map((p) => ({ x: p.x + dx, y: p.y })) })
      }),
    'wall/split': async () =>
      some(w.any(w.of('wall').filter((x) => x.points.length > 2)), (x) => cmd('wall/split')({ wallId: x.id, at: 1 })),
    'wall/edit': async () =>
      some(w.any(w.of('wall')), (x) =>
        cmd('wall/edit')(x.kind === 'door' ? { wallId: x.id, secret: !x.secret } : { wallId: x.id, kind: r() < 0.5 ? 'door' : 'low' }),
      ),
    'door/set': async () =>
      some(w.any(w.of('wall').filter((x) => x.kind === 'door')), (x) =>
        cmd('door/set')({ wallId: x.id, door: x.kind === 'door' && x.door === 'open' ? (r() < 0.5 ? 'closed' : 'locked') : 'open' }),
      ),
    'wall/remove': async () => (r() < 0.3 ? some(w.any(w.of('wall')), (x) => cmd('wall/remove')({ wallId: x.id })) : null),
    // A map file's scene: its picture one the evening already stored (the request stores it first), named as scene/create names.
    'scene/importMap': async () =>
      some(w.any(w.of('scene').flatMap((s) => (s.image ? [s.image] : []))), (image) => {
        const a = at()
        const door = r() < 0.5 ? 'open' : 'closed'
        return cmd('scene/importMap')({
          name: w.active && r() < 0.6 ? w.secret('Shelf') : w.open('Table'),
          image: { ...image, fileName: `${w.secret('Map')}.uvtt` },
          grid: { kind: 'square', cellPx: 50, metresPerCell: 1.5, offsetX: 0, offsetY: 0 },
          walls: [
            { kind: 'wall', points: [a, { x: a.x + 3, y: a.y }, { x: a.x + 3, y: a.y + 2 }] },
            { kind: 'low', points: [a, { x: a.x, y: a.y + 2 }] },
            {
              kind: 'door',
              points: [
                { x: a.x + 1, y: a.y },
                { x: a.x + 2, y: a.y },
              ],
              door,
            },
          ],
        })
      }),
    'fog/set': async () => some(scene(), (s) => cmd('fog/set')({ sceneId: s.id, mode: r() < 0.8 ? 'areas' : 'all' })),
    'fog/reveal': async () =>
      some(scene(), (s) =>
        cmd('fog/reveal')({
          sceneId: s.id,
          rect: { x: Math.round(r() * 300) / 10, y: Math.round(r() * 200) / 10, w: 1 + int(r, 0, 15), h: 1 + int(r, 0, 15) },
        }),
      ),
    'fog/hide': async () =>
      some(scene(), (s) =>
        cmd('fog/hide')({
          sceneId: s.id,
          rect: { x: Math.round(r() * 300) / 10, y: Math.round(r() * 200) / 10, w: 1 + int(r, 0, 10), h: 1 + int(r, 0, 10) },
        }),
      ),
    'projector/set': async () =>
      cmd('projector/set')(
        pick(r, [
          { mode: pick(r, ['fit', 'follow', 'mirror', 'fixed'] as const) },
          { view: { x: int(r, 0, 40), y: int(r, 0, 30), w: int(r, 5, 40), h: int(r, 5, 30) } },
          { blank: r() < 0.3 },
        ]),
      ),
    'encounter/start': async () => cmd('encounter/start')({ name: w.open('Fight') }),
    'encounter/rollInitiative': async () => cmd('encounter/rollInitiative')({ groupByTemplate: r() < 0.3 }),
    'encounter/nextTurn': async () => cmd('encounter/nextTurn')({}),
    'encounter/previousTurn': async () => cmd('encounter/previousTurn')({}),
    'encounter/end': async () => (r() < 0.3 ? cmd('encounter/end')({}) : null),
    'dice/roll': async () => {
      // A public roll's purpose goes up on the table (issue 16); a secret one's never may.
      const expression = pick(r, ['d20', '2d6+1', '3d10', 'd100'])
      const secret = r() < 0.5
      return cmd('dice/roll')({ expression, purpose: secret ? w.secret('Roll') : w.open('Roll'), secret })
    },
    'story/dismissRecap': async () => cmd('story/dismissRecap')({}),
    'history/undo': async () => cmd('history/undo')({}),
    'history/redo': async () => cmd('history/redo')({}),
  }
}
