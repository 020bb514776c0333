import type { AttackRequest } from '../../../src-shared/attack'
import type { CombatantId } from '../../../src-shared/records'
import type { Everyone, PromptDraft, RulesCombatant } from '../ruleset'
import type { ContentLibrary } from './content/content-library'
import { previewCxAttack } from './cx-attack'
import { meleeModes, modesOf, UNARMED_ID } from './cx-attack-shared'
import { frozenAt, opportunityOptions, withJudgedDistance } from './cx-reach'
import { percent } from '../kit/format'
import { drawnWeapon } from './cx-draw'
import { opponentsOf } from './cx-engagement'
import { cxSheets, type CxCombatant } from './sheet/cx-sheet'

export interface OpportunityWeapon {
  readonly slot: number
  readonly mode: string
  readonly name: string
}

/**
 * `000` Opportunity Attack: made "with a drawn CQB weapon or a melee weapon": the weapon in
 * hand (`live.drawn`, changed by the draw action). A gun there that is not CQB, is jammed or is
 * empty cannot answer, and empty hands have nothing to answer with, so the fists do (everyone
 * has the Unarmed Strike, listed after the carried weapons).
 */
export function opportunityWeapon(c: CxCombatant, library: ContentLibrary): OpportunityWeapon | null {
  const drawn = drawnWeapon(c)
  const inHand = drawn?.carried
  if (drawn && inHand?.kind === 'melee') {
    const item = library.get('melee-weapons', inHand.itemId)
    if (item) return { slot: drawn.slot, mode: meleeModes(item)[0]!, name: item.name }
  }
  if (drawn && inHand?.kind === 'ranged' && !inHand.jammed && inHand.ammo > 0) {
    const item = library.get('ranged-weapons', inHand.itemId)
    // A single shot: the answer is one attack, whatever else the gun can fire.
    if (item?.cqb) return { slot: drawn.slot, mode: item.semi ? 'semi' : modesOf(item)[0]!, name: item.name }
  }
  const unarmed = library.get('melee-weapons', UNARMED_ID)
  return unarmed ? { slot: c.weapons.length, mode: meleeModes(unarmed)[0]!, name: unarmed.name } : null
}

/** The opponent as the attack rules see it, rebuilt from its snapshot (its health is not at hand; it was up when engaged). */
const asReactor = (o: Reactor, sheet: CxCombatant): RulesCombatant => ({
  id: o.id,
  name: o.name,
  hp: 1,
  maxHp: 1,
  rules: cxSheets.store(sheet),
  conditions: [],
})

/** Who may answer: an engaged opponent (its sheet a snapshot) or a bystander at hand (its sheet as it is now). */
export interface Reactor {
  readonly id: CombatantId
  readonly name: string
  readonly sheet: CxCombatant | null
  /** The reactor as it stands, when at hand: its odds use it rather than a rebuilt snapshot. */
  readonly now?: RulesCombatant
}

/** The attack preview's exact numbers in a few words: hit chance, expected damage, chance to down. */
export function oddsText(request: AttackRequest, reactor: RulesCombatant, target: RulesCombatant, library: ContentLibrary): string {
  const p = previewCxAttack(withJudgedDistance(request, reactor, target), reactor, target, library)
  if (!p.ok) return `odds unknown: ${p.error.message}`
  if (p.value.blocked) return `cannot hit: ${p.value.blocked}`
  const miss = p.value.outcomes.find((o) => o.label === 'Miss')?.probability ?? 0
  return `hit ${percent(1 - miss)} · expected ${p.value.expectedDamage.toFixed(1)} damage · down ${percent(p.value.downChance)}`
}

/**
 * `000` Opportunity Attack: one prompt per opponent in melee with `actor`, which has just
 * done `trigger` ("moves away from the melee"…). Each is an attack by that opponent, costing
 * it a reaction when resolved (the core's rule for acting out of turn), with the odds worked
 * out against `actor` as it is now. `skip` leaves out opponents that cannot answer (downed by
 * the very shot that set it off, out of reach on the map). `everyone` says where the opponents
 * stand: the prompt freezes how far apart the two are now (SR-CX-112).
 */
export function opportunityPrompts(
  actor: RulesCombatant,
  trigger: string,
  library: ContentLibrary,
  skip: (id: CombatantId) => boolean = () => false,
  everyone: Everyone = () => [],
): PromptDraft[] {
  const answering = opponentsOf(actor).filter((o) => o.id !== actor.id && !skip(o.id))
  const all = actor.position && answering.length ? everyone() : []
  return answering.map((o) =>
    opportunityPrompt(
      actor,
      o,
      `${actor.name} ${trigger} while in melee with ${o.name}`,
      library,
      frozenAt(
        actor,
        all.find((c) => c.id === o.id),
      ),
    ),
  )
}

/**
 * One reactor's opportunity attack on `actor`, for the reason `why`, with its odds (or a note when
 * its kit is unknown). `at`: how far apart (centre to centre) they stood when it was set off, on
 * the map (SR-CX-112); null off it.
 */
export function opportunityPrompt(
  actor: RulesCombatant,
  o: Reactor,
  why: string,
  library: ContentLibrary,
  at: number | null = null,
): PromptDraft {
  const weapon = o.sheet ? opportunityWeapon(o.sheet, library) : null
  if (!o.sheet || !weapon) {
    return {
      reactorId: o.id,
      targetId: actor.id,
      text: `${why}: ${o.name} may make an opportunity attack; its kit is not recorded, so resolve it by hand (000 Opportunity Attack)`,
      resolve: { kind: 'note' },
      odds: '',
    }
  }
  const request: AttackRequest = {
    attackerId: o.id,
    targetId: actor.id,
    weapon: weapon.slot,
    mode: weapon.mode,
    options: opportunityOptions(at),
  }
  return {
    reactorId: o.id,
    targetId: actor.id,
    text: `${why}: ${o.name} may make an opportunity attack with the ${weapon.name} (000 Opportunity Attack)`,
    resolve: { kind: 'attack', request },
    odds: oddsText(request, o.now ?? asReactor(o, o.sheet), actor, library),
  }
}
