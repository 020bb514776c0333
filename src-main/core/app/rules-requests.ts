import type { ActionRequest, FormField, AttackRequest } from '../../../src-shared/attack'
import { previewActionOdds } from './action-odds'
import type { RequestInputs, RequestResults } from '../../../src-shared/contract'
import { damageTypesOf } from '../commands/damage-deciders'
import { mapMoveOutcome } from '../commands/map-move'
import { moveCharge } from '../commands/move-charge'
import { occupantInTheWay, occupiedWords } from '../commands/move-occupied'
import { wallInTheWay } from '../commands/move-walls'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { RulesCombatant, Ruleset } from '../../rules/ruleset'
import { placedRulesCombatant, rulesCombatantsOnScene } from '../state/rules-combatants'
import { aimAtFrom, placeAct } from '../geometry/act-placement'
import { noLineOfFireMessage, sceneWallIndex, wallBetween } from '../geometry/line-of-fire'
import { withPromptOdds } from '../state/prompt-odds'
import { silencedReactor } from '../state/reactor-standing'
import type { RecordReader } from '../state/record-store'
import { sceneInPlay } from '../state/scene-in-play'
import { checkAction } from './check-action'
import type { CombatantId } from '../../../src-shared/records'

/** How long the reach marks' previews run before letting a waiting command in (issue 36). */
export const REACH_SLICE_MS = 8

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** A reaction's owner by name, so the GM reads whose it is before the move is made (issue 32). */
function reactorName(store: RecordReader, id: CombatantId): string {
  const r = store.get(id)
  return r?.typeName === 'combatant' ? r.name : ''
}

/**
 * The reads a GM window makes of the campaign's ruleset: sheet forms, the odds of an attack,
 * what a combatant can do, the conditions there are. None is journaled or draws a die.
 */
export class RulesRequests {
  constructor(
    private readonly store: RecordReader | null,
    private readonly ruleset: Ruleset | null,
  ) {}

  sheetForm(combatantId: string | null): Result<RequestResults['sheetForm']> {
    const rules = this.ruleset?.combatantRules
    if (!rules) return fail('rules/unsupported', "This campaign's ruleset has no character sheets.")
    const record = combatantId ? this.store?.get(combatantId) : null
    if (combatantId && record?.typeName !== 'combatant') return fail('combatant/notFound', `No combatant ${combatantId}.`)
    return ok(rules.form(record?.typeName === 'combatant' ? record.rules : null))
  }

  /** Exact odds before an attack. */
  previewAttack(request: AttackRequest): Result<RequestResults['previewAttack']> {
    const attacks = this.ruleset?.attacks
    if (!this.store || !attacks) return fail('attack/unsupported', 'Open a campaign whose ruleset resolves attacks.')
    const attacker = this.store.get(request.attackerId)
    const target = this.store.get(request.targetId)
    if (attacker?.typeName !== 'combatant' || target?.typeName !== 'combatant') {
      return fail('combatant/notFound', 'Pick an attacker and a target from this encounter.')
    }
    // Placed as the attack would be: a typed distance that is not the map's is refused here too.
    const placement = placeAct(this.store, request.options, attacker, target)
    if (!placement.ok) return placement
    return attacks.preview(
      { ...request, options: placement.value.options },
      placement.value.actor,
      placement.value.target!,
      aimAtFrom(this.store, request.options, attacker),
    )
  }

  /** Exact odds of an act (not an attack) before it is rolled, or that it rolls no dice. */
  previewAction(request: ActionRequest): Result<RequestResults['previewAction']> {
    if (!this.store || !this.ruleset) return fail('campaign/none', 'Open a campaign first.')
    return previewActionOdds(this.store, this.ruleset, request)
  }

  /**
   * One preview per other token on the scene in play, for the map's "out of reach" marks: asked
   * once per attacker, weapon and change of the campaign, never per frame. Only the verdict
   * travels (the odds stay here), and which targets are out is the ruleset's call alone.
   *
   * Issue 36: at 3,000 tokens the previews take a few hundred milliseconds, which held up the
   * GM's next command. The campaign is read in one go (records are immutable values, so what was
   * read stays true to that moment), then the previews run in slices of `REACH_SLICE_MS`, each on
   * its own turn of the event loop; the GM's requests of this kind wait outside the command queue
   * (`salvo-core.ts`), so a command sent meanwhile is answered between two slices.
   */
  async previewReach(input: RequestInputs['previewReach']): Promise<Result<RequestResults['previewReach']>> {
    const attacks = this.ruleset?.attacks
    if (!this.store || !attacks) return fail('attack/unsupported', 'Open a campaign whose ruleset resolves attacks.')
    const store = this.store
    const attacker = store.get(input.attackerId)
    if (attacker?.typeName !== 'combatant') return fail('combatant/notFound', 'Pick an attacker from this encounter.')
    const scene = sceneInPlay(store)
    const tokens = scene ? store.ofType('token').filter((t) => t.sceneId === scene.id) : []
    if (!scene || !tokens.some((t) => t.combatantId === attacker.id)) return ok({ sceneId: scene?.id ?? null, targets: [] })
    // Everyone's place read once, not once a token (this took 2.8 s at 3,000 tokens).
    const placed = new Map(rulesCombatantsOnScene(store).map((c) => [c.id, c]))
    const walls = sceneWallIndex(store, scene)!
    const from = placed.get(attacker.id)!
    type Verdict = { readonly targetId: CombatantId; blocked: string | null; readonly ask: RulesCombatant | null }
    const verdicts: Verdict[] = []
    for (const t of tokens) {
      const target = t.combatantId === attacker.id ? undefined : store.get(t.combatantId)
      const to = placed.get(t.combatantId)
      if (target?.typeName !== 'combatant' || !to?.position) continue
      // SR-CORE-30: behind a wall is out of reach whatever the weapon, in the core's own words.
      // Cover is not asked: it changes the odds, never whether the act can be made (SR-CORE-31).
      const wall = wallBetween(store, walls, from.position!, to.position)
      verdicts.push({ targetId: target.id, blocked: wall ? noLineOfFireMessage(attacker, target, wall.by) : null, ask: wall ? null : to })
    }
    const targets: { targetId: CombatantId; blocked: string | null }[] = []
    let since = performance.now()
    for (const v of verdicts) {
      if (performance.now() - since >= REACH_SLICE_MS) {
        await nextTurn()
        since = performance.now()
      }
      if (!v.ask) {
        targets.push({ targetId: v.targetId, blocked: v.blocked })
        continue
      }
      const p = attacks.preview(
        { attackerId: attacker.id, targetId: v.targetId, weapon: input.weapon, mode: input.mode, options: {} },
        from,
        v.ask,
      )
      if (p.ok) targets.push({ targetId: v.targetId, blocked: p.value.blocked })
    }
    return ok({ sceneId: scene.id, targets })
  }

  /** The ruleset's actions for this combatant, then its skill checks, in one list for the actions flow. */
  listActions(actorId: string): Result<RequestResults['listActions']> {
    const actor = this.store?.get(actorId)
    if (actor?.typeName !== 'combatant') return fail('combatant/notFound', 'Pick a combatant from this campaign.')
    if (!this.ruleset) return ok([])
    const c = placedRulesCombatant(this.store!, actor)
    return ok([...(this.ruleset.actions?.list(c) ?? []), ...checkAction(this.ruleset, c)])
  }

  /** The reactions a drop would draw (a suppressor firing on a target breaking cover…), shown before the GM commits it. */
  previewMove(input: RequestInputs['previewMove']): Result<RequestResults['previewMove']> {
    const mover = this.store?.get(input.combatantId)
    if (!this.store || !this.ruleset || mover?.typeName !== 'combatant')
      return fail('combatant/notFound', 'Pick a combatant from this campaign.')
    const scene = this.store.get(input.sceneId)
    if (scene?.typeName !== 'scene') return fail('scene/notFound', `No scene ${input.sceneId} in this campaign.`)
    const token = this.store.ofType('token').find((t) => t.sceneId === input.sceneId && t.combatantId === mover.id)
    if (!token) return ok({ metres: 0, cost: null, refusal: null, summary: null, prompts: [] })
    const metres = Math.hypot(input.x - token.x, input.y - token.y)
    const cost = this.ruleset.movementCost?.(placedRulesCombatant(this.store, mover), metres)?.label ?? null
    // Priced as the drop would pay it: a move the turn cannot pay for waits for the GM to waive it.
    const charge = moveCharge({ state: this.store, ruleset: this.ruleset }, mover, metres, false)
    // A wall or someone in the way refuses the drop as it would the command; confirming it then
    // makes it a free move, the GM's logged override (SR-CORE-33, SR-CORE-34).
    const to = { x: input.x, y: input.y }
    const walled = wallInTheWay(this.store, scene, mover, token, to, false)
    const occupant = occupantInTheWay(this.store, this.ruleset, scene, mover, token, to)
    const refusal = !walled.ok ? walled.error.message : occupant ? occupiedWords(mover, occupant) : charge.ok ? null : charge.error.message
    const outcome = mapMoveOutcome(this.store, this.ruleset, mover, token, { x: input.x, y: input.y })
    if (outcome && !outcome.ok) return outcome
    const r = outcome?.value ?? null
    const { store, ruleset } = this
    const prompts = (r?.prompts ?? [])
      .filter((p) => !silencedReactor(store, ruleset, p))
      .map((p) => ({ reactor: reactorName(store, p.reactorId), text: p.text, odds: withPromptOdds(store, ruleset, p).odds }))
    return ok({ metres, cost, refusal, summary: r?.summary ?? null, prompts })
  }

  listConditions(): Result<RequestResults['listConditions']> {
    return ok(this.ruleset?.conditions ?? [])
  }

  /** The ruleset's settings as this campaign has them, its ready-made NPCs for the roster, and the damage types the GM can type. */
  rulesetSetup(): Result<RequestResults['rulesetSetup']> {
    if (!this.store || !this.ruleset) return fail('campaign/none', 'Open a campaign first.')
    const campaign = this.store.get('campaign')
    const chosen = campaign?.typeName === 'campaign' ? (campaign.rulesetSettings ?? {}) : {}
    const settings = (this.ruleset.settings?.defaults ?? []).map((o) => {
      const value = chosen[o.key]
      return value === undefined ? o : ({ ...o, value } as FormField)
    })
    return ok({
      settings,
      quickNpcs: this.ruleset.quickNpcs ?? [],
      damageTypes: damageTypesOf(this.ruleset),
      surpriseRound: this.ruleset.surprise !== undefined,
      derivesMaxHp: this.ruleset.combatantRules?.derivesMaxHp === true,
    })
  }

  /** Priced the way a dropped token's move is logged, so the map's drag shows what the log will say. */
  movementCost(combatantId: string, metres: number): Result<RequestResults['movementCost']> {
    const c = this.store?.get(combatantId)
    if (c?.typeName !== 'combatant') return fail('combatant/notFound', `No combatant ${combatantId}.`)
    const cost = this.ruleset?.movementCost?.(placedRulesCombatant(this.store!, c), metres)
    return ok(cost ? { label: cost.label } : null)
  }
}
