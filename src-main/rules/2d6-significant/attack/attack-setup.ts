import { coveredByMap } from '../../kit/covered-by-map'
import type { FormField, AttackRequest } from '../../../../src-shared/attack'
import type { RulesCombatant } from '../../ruleset'
import { characteristicDm, DM_SOURCE } from '../characteristics'
import { modifier, type Modifier } from '../../kit/modifier'
import { skillDm, characteristicFor } from '../sheet/skills'
import type { Sheet, Weapon } from '../sheet/sheet-schema'
import { twoD6Sheets } from '../sheet/sheet-access'
import { reactedDm } from '../turns/conditions'
import { whyNot } from '../turns/economy'
import { heftPenalty, type Heft } from './heft'
import { optionBool, optionNumber, optionOneOf } from '../../kit/options'
import { isReady } from '../sheet/drawn'
import { withinTouch } from './reach'

export type FireMode = 'single' | 'burst' | 'auto'
export type Defence =
  | { readonly kind: 'none' }
  | {
      readonly kind: 'dodge'
      readonly dm: number
      /** The map put the target in cover: what and where, for the breakdown (SR-2D6-21). */
      readonly coverWords?: string
    }
  | { readonly kind: 'parry'; readonly dms: readonly Modifier[] }

/** Everything an attack's odds and its resolution read, settled once from the request. */
export interface AttackSetup {
  readonly weapon: Weapon
  readonly slot: number
  readonly mode: FireMode
  /** DMs on each attack roll before any reaction. */
  readonly dms: readonly Modifier[]
  /** Attack rolls: one, or the auto score on full auto. */
  readonly attacks: number
  readonly defence: Defence
  readonly damageDice: number
  readonly damageDms: readonly Modifier[]
  /** The attack's effect is added to each hit's damage (a setting). */
  readonly effectAdds: boolean
  readonly armour: number
  readonly heft: Heft
  readonly ammoUse: number
  /** T7: the DMs of the target's forced check if damage lands while it works at a task (before the damage DM). */
  readonly workCheck: { readonly skill: string; readonly dms: readonly Modifier[] } | null
}

/** Everyone can strike bare-handed: 1d6, never heavy enough to cost initiative (classic 2d6 unarmed; `004` is silent). */
export const UNARMED: Weapon = {
  name: 'Unarmed',
  itemId: null,
  kind: 'melee',
  skill: 'Melee',
  damageDice: 1,
  damageBonus: 0,
  rating: -4,
  auto: 0,
  magazine: 0,
  ammo: 0,
  spareMagazines: 0,
  reload: 1,
}

/** The carried weapons, then bare hands in the slot after them. */
export const armsOf = (s: Sheet): Weapon[] => [...s.weapons, UNARMED]

export const modesOf = (w: Weapon): FireMode[] => (w.kind === 'ranged' && w.auto > 0 ? ['single', 'burst', 'auto'] : ['single'])

/** Rounds a mode fires: one, the auto score for a burst, three times it on full auto (classic 2d6 counts; `004` is silent). */
export const roundsFor = (w: Weapon, mode: FireMode): number => (mode === 'single' ? 1 : mode === 'burst' ? w.auto : 3 * w.auto)

/** The characteristic DM on an attack (`004` Sample Attacks): melee STR or DEX at the attacker's choice; shooting and throwing DEX. */
function characteristicDmFor(s: Sheet, w: Weapon, choice: unknown): Modifier {
  const str = characteristicDm(s.characteristics.str)
  const dex = characteristicDm(s.characteristics.dex)
  if (w.kind !== 'melee') return modifier('DEX DM', dex, `004 Sample Attacks; ${DM_SOURCE}`)
  const useStr = choice === 'str' ? true : choice === 'dex' ? false : str >= dex
  return useStr
    ? modifier('STR DM (melee, attacker’s choice)', str, '004 Sample Attacks')
    : modifier('DEX DM (melee, attacker’s choice)', dex, '004 Sample Attacks')
}

/** `004` Parrying: the defender's melee check — 2d6 + Melee + its better of STR and DEX DM, less its own reaction DMs. */
export function parryDms(defender: RulesCombatant, s: Sheet): Modifier[] {
  const best = Math.max(characteristicDm(s.characteristics.str), characteristicDm(s.characteristics.dex))
  return [
    modifier('Melee skill', skillDm(s.skills, 'Melee'), 'T4'),
    modifier('better of STR/DEX DM', best, '004 Sample Attacks'),
    ...reactedDm(defender.conditions),
  ]
}

export interface SetupInput {
  readonly request: AttackRequest
  readonly attacker: RulesCombatant
  readonly target: RulesCombatant
  readonly effectAdds: boolean
}

export type SetupResult =
  | { readonly kind: 'ok'; readonly setup: AttackSetup }
  /** `code`: the failure a resolve returns (`attack/blocked` unless the refusal has its own). */
  | { readonly kind: 'blocked'; readonly reason: string; readonly code?: string }

const blocked = (reason: string, code?: string): SetupResult => ({ kind: 'blocked', reason, ...(code ? { code } : {}) })

/** The request's options read against both sheets: T1 attack DMs, T4 reactions, T5 aim, T6 heft. */
export function attackSetup({ request, attacker, target, effectAdds }: SetupInput): SetupResult {
  const a = twoD6Sheets.of(attacker)
  if (!a) return blocked(`${attacker.name} has no character sheet yet.`)
  const t = twoD6Sheets.of(target)
  if (attacker.id === target.id) return blocked(`${attacker.name} cannot attack itself.`)
  const weapon = armsOf(a)[request.weapon]
  if (!weapon) return blocked(`${attacker.name} carries no weapon in slot ${request.weapon + 1}.`)
  // `004 Drawing and Reloading`: a weapon not in hand is drawn first, a minor action (SR-2D6-10).
  if (!isReady(a, request.weapon))
    return blocked(
      `The ${weapon.name} is not drawn: ${attacker.name} must draw it first (a minor action, 004 Drawing and Reloading).`,
      'attack/notDrawn',
    )
  // The panel sends no mode until the GM picks one, and keeps a mode the next weapon may lack: both mean the weapon's first.
  const modes = modesOf(weapon)
  const mode = modes.find((m) => m === request.mode) ?? modes[0]!
  const ammoUse = weapon.magazine > 0 ? roundsFor(weapon, mode) : 0
  if (ammoUse > weapon.ammo)
    return blocked(`The ${weapon.name} has ${weapon.ammo} round(s) loaded; ${mode} fire needs ${ammoUse}. Reload (a minor action).`)
  // Issue 31: a melee blow needs the target within reach (SR-2D6-20), judged before whose turn it is so
  // the map marks each target out of reach with its own distance. `004` gives shots and throws no range.
  const reach = weapon.kind === 'melee' ? withinTouch(attacker, target, `A melee attack with the ${weapon.name}`) : null
  if (reach && !reach.ok) return blocked(reach.error.message, reach.error.code)
  const turn = whyNot('significant', attacker)
  if (turn) return blocked(`An attack is a significant action: ${turn}.`)
  const o = request.options
  const aim = a.live.aim?.targetId === target.id ? [modifier(`aimed ${a.live.aim.dm} minor action(s)`, a.live.aim.dm, 'T5')] : []
  const gmDm = optionNumber(o, 'dm') ?? 0
  const situational = gmDm !== 0 ? [modifier('situational DM (GM)', gmDm, 'GM')] : []
  const dms = [
    modifier(`${weapon.skill} skill`, skillDm(a.skills, weapon.skill), 'T1'),
    characteristicDmFor(a, weapon, o['stat']),
    ...aim,
    ...reactedDm(attacker.conditions),
    ...situational,
  ]
  const { cover, words } = dodgeCover(request, target, t?.live.cover ?? false)
  // T4: only a melee attack can be parried; the panel offers no parry otherwise, so a parry left
  // set from an earlier melee attack reads as no reaction, as the panel then shows it.
  const asked = o['defence']
  const defence: Defence =
    asked === 'dodge'
      ? { kind: 'dodge', dm: cover ? -2 : -1, ...(words ? { coverWords: words } : {}) }
      : asked === 'parry' && weapon.kind === 'melee' && t
        ? { kind: 'parry', dms: parryDms(target, t) }
        : { kind: 'none' }
  const damageDms = [
    ...(weapon.damageBonus !== 0 ? [modifier('weapon damage bonus', weapon.damageBonus, 'weapon')] : []),
    // Classic 2d6 burst fire adds the auto score to damage (our reading; `004` only names its recoil).
    ...(mode === 'burst' ? [modifier(`burst (auto ${weapon.auto})`, weapon.auto, 'classic 2d6 burst')] : []),
  ]
  const work = t?.live.extended
  return {
    kind: 'ok',
    setup: {
      weapon,
      slot: request.weapon,
      mode,
      dms,
      attacks: mode === 'auto' ? weapon.auto : 1,
      defence,
      damageDice: weapon.damageDice,
      damageDms,
      effectAdds,
      armour: t?.armour?.rating ?? 0,
      heft: heftPenalty(a, weapon, mode),
      ammoUse,
      workCheck: work && t ? { skill: work.skill, dms: workDms(target, t, work.skill) } : null,
    },
  }
}

/** T7: the forced check while working — the task's skill, its usual characteristic, the worker's reaction DMs (the damage DM comes later). */
export function workDms(worker: RulesCombatant, s: Sheet, skill: string): Modifier[] {
  const stat = characteristicFor(skill)
  return [
    modifier(`${skill} skill`, skillDm(s.skills, skill), 'T7'),
    modifier(`${stat.toUpperCase()} DM`, characteristicDm(s.characteristics[stat]), DM_SOURCE),
    ...reactedDm(worker.conditions),
  ]
}

/**
 * `004` Dodge: "If the character is in cover or has an obstruction to duck or dodge behind, the DM
 * to hit him is increased to –2." SR-2D6-21: the GM's tick, else the map's cover (a quarter of the
 * base hidden: kit/covered-by-map.ts), else the sheet's.
 */
function dodgeCover(request: AttackRequest, target: RulesCombatant, sheet: boolean): { cover: boolean; words: string | null } {
  const ticked = optionBool(request.options, 'cover')
  if (ticked !== undefined) return { cover: ticked, words: null }
  const map = coveredByMap(target)
  return map ? { cover: map.covered, words: map.words } : { cover: sheet, words: null }
}

/** The attack panel's options for this pair, with their current values. */
export function attackOptions(weapon: Weapon | undefined, target: RulesCombatant, request: AttackRequest): FormField[] {
  const t = twoD6Sheets.of(target)
  const o = request.options
  const defences = [
    { value: 'none', label: 'no reaction' },
    { value: 'dodge', label: 'dodge if hit (−1 DM, −2 in cover)' },
    ...(weapon?.kind === 'melee' ? [{ value: 'parry', label: 'parry if hit (melee check must beat the attack)' }] : []),
  ]
  const defenceValue = optionOneOf(
    o,
    'defence',
    defences.map((d) => d.value),
    'none',
  )
  return [
    ...(weapon?.kind === 'melee'
      ? [
          {
            key: 'stat',
            label: 'Melee characteristic',
            kind: 'choice' as const,
            value: o['stat'] === 'str' || o['stat'] === 'dex' ? o['stat'] : 'best',
            choices: [
              { value: 'best', label: 'the better DM' },
              { value: 'str', label: 'STR' },
              { value: 'dex', label: 'DEX' },
            ],
          },
        ]
      : []),
    { key: 'defence', label: `${target.name} reacts`, kind: 'choice', value: defenceValue, choices: defences },
    {
      key: 'cover',
      label: `${target.name} in cover (dodge −2)`,
      kind: 'toggle',
      value: dodgeCover(request, target, t?.live.cover ?? false).cover,
    },
    { key: 'dm', label: 'Situational DM', kind: 'number', value: optionNumber(o, 'dm') ?? 0, min: -12, max: 12 },
  ]
}
