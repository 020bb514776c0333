import type { CommandInput, CommandType } from '../../../src-shared/commands'
import { formatDiceExpression, parseDiceExpression } from '../../../src-shared/dice'
import type { CombatantId, TemplateId } from '../../../src-shared/records'
import { fuzzyRank, type FuzzyMatch } from './fuzzy'
import { keysFor } from './shortcuts'

export type DeskCommand = { [T in CommandType]: { readonly type: T; readonly payload: CommandInput<T> } }[CommandType]

/**
 * What a palette entry (or a shortcut) does, as data: the builder stays pure and testable,
 * and GmApp is the one place that turns these into commands and focus changes.
 */
export type DeskAction =
  | { readonly kind: 'send'; readonly command: DeskCommand }
  | { readonly kind: 'hp'; readonly combatantId: CombatantId; readonly sign: '-' | '+' }
  | { readonly kind: 'attackWith'; readonly combatantId: CombatantId }
  | { readonly kind: 'roll'; readonly expression: string; readonly purpose: string | null; readonly secret: boolean }
  | { readonly kind: 'rollMode' }
  | { readonly kind: 'searchRoster' }
  | { readonly kind: 'squadBuilder' }
  | { readonly kind: 'switchCampaign' }
  | { readonly kind: 'help' }
  | { readonly kind: 'forecast' }
  | { readonly kind: 'suggest' }
  | { readonly kind: 'runNpcTurns' }
  /** Asks "End the fight?" first: the palette never ends one in a keystroke. */
  | { readonly kind: 'endEncounter' }

export interface PaletteEntry {
  /** Stable across rebuilds, so the highlighted row survives a state change under it. */
  readonly id: string
  readonly label: string
  /** The shortcut that does the same, if any. */
  readonly keys: string
  readonly action: DeskAction
}

/** What the palette needs to know about the console: plain data, no Svelte state. */
export interface PaletteContext {
  readonly hasCampaign: boolean
  readonly encounter: { readonly round: number; readonly currentCombatantId: CombatantId | null } | null
  /** In acting order. */
  readonly combatants: readonly { readonly id: CombatantId; readonly name: string; readonly hidden: boolean }[]
  readonly templates: readonly { readonly id: TemplateId; readonly name: string }[]
  readonly undoLabel: string | null
  readonly redoLabel: string | null
  /** Whether the attack panel is on screen (an encounter with two or more combatants). */
  readonly canAttack: boolean
  /** Whether the ruleset can open a fight with a surprise round; absent, it is not offered. */
  readonly surpriseRound?: boolean
}

export type PaletteMode = 'commands' | 'roll'

const send = (command: DeskCommand): DeskAction => ({ kind: 'send', command })

function generalEntries(ctx: PaletteContext): PaletteEntry[] {
  const out: PaletteEntry[] = []
  const e = ctx.encounter
  if (e && e.round > 0) {
    out.push({ id: 'next-turn', label: 'Next turn', keys: keysFor('nextTurn'), action: send({ type: 'encounter/nextTurn', payload: {} }) })
    out.push({
      id: 'previous-turn',
      label: 'Previous turn',
      keys: keysFor('previousTurn'),
      action: send({ type: 'encounter/previousTurn', payload: {} }),
    })
  }
  if (ctx.undoLabel)
    out.push({ id: 'undo', label: `Undo ${ctx.undoLabel}`, keys: keysFor('undo'), action: send({ type: 'history/undo', payload: {} }) })
  if (ctx.redoLabel)
    out.push({ id: 'redo', label: `Redo ${ctx.redoLabel}`, keys: keysFor('redo'), action: send({ type: 'history/redo', payload: {} }) })
  out.push({ id: 'roll-mode', label: 'Roll dice…', keys: keysFor('roll'), action: { kind: 'rollMode' } })
  if (!e) {
    out.push({
      id: 'start-encounter',
      label: 'Start encounter',
      keys: '',
      action: send({ type: 'encounter/start', payload: { name: 'Encounter' } }),
    })
  } else {
    const first = e.round === 0
    // Only the first roll has a key: a stray I must never reshuffle a fight in progress.
    out.push({
      id: 'roll-initiative',
      label: first ? 'Roll initiative' : 'Re-roll initiative',
      keys: first ? keysFor('rollInitiative') : '',
      action: send({ type: 'encounter/rollInitiative', payload: {} }),
    })
    // The surprise is asked with the first roll only (issue 14 E5).
    if (first && ctx.surpriseRound)
      for (const [by, who] of [
        ['party', 'the party'],
        ['enemy', 'the enemies'],
      ] as const)
        out.push({
          id: `roll-initiative-surprise-${by}`,
          label: `Roll initiative: ${who} surprise (surprise round)`,
          keys: '',
          action: send({ type: 'encounter/rollInitiative', payload: { surpriseBy: by } }),
        })
    out.push({ id: 'end-encounter', label: 'End encounter…', keys: '', action: { kind: 'endEncounter' } })
  }
  out.push({ id: 'forecast', label: 'Forecast the fight', keys: keysFor('forecast'), action: { kind: 'forecast' } })
  if (e && e.round > 0) {
    out.push({ id: 'autopilot-suggest', label: 'Autopilot: suggest an act', keys: keysFor('suggest'), action: { kind: 'suggest' } })
    out.push({ id: 'autopilot-run', label: 'Autopilot: run NPC turns', keys: '', action: { kind: 'runNpcTurns' } })
  }
  out.push({ id: 'search-roster', label: 'Search the roster', keys: keysFor('search'), action: { kind: 'searchRoster' } })
  out.push({ id: 'squad-builder', label: 'Build a squad…', keys: '', action: { kind: 'squadBuilder' } })
  out.push({ id: 'switch-campaign', label: 'Switch campaign', keys: '', action: { kind: 'switchCampaign' } })
  out.push({ id: 'help', label: 'Help: quick start and keys', keys: keysFor('help'), action: { kind: 'help' } })
  return out
}

function combatantEntries(ctx: PaletteContext): PaletteEntry[] {
  const acting = ctx.encounter?.currentCombatantId ?? null
  // The acting combatant first: it is who the GM most often means.
  const ordered = [...ctx.combatants].sort((a, b) => Number(b.id === acting) - Number(a.id === acting))
  const out: PaletteEntry[] = []
  for (const c of ordered) {
    const isActing = c.id === acting
    out.push({
      id: `damage:${c.id}`,
      label: `Damage ${c.name}…`,
      keys: isActing ? keysFor('damage') : '',
      action: { kind: 'hp', combatantId: c.id, sign: '-' },
    })
    out.push({
      id: `heal:${c.id}`,
      label: `Heal ${c.name}…`,
      keys: isActing ? keysFor('heal') : '',
      action: { kind: 'hp', combatantId: c.id, sign: '+' },
    })
    if (ctx.canAttack) {
      out.push({
        id: `attack:${c.id}`,
        label: `Attack with ${c.name}`,
        keys: isActing ? keysFor('attack') : '',
        action: { kind: 'attackWith', combatantId: c.id },
      })
    }
    out.push({
      id: `${c.hidden ? 'reveal' : 'hide'}:${c.id}`,
      label: c.hidden ? `Reveal ${c.name} to the players` : `Hide ${c.name} from the players`,
      keys: '',
      action: send({ type: 'combatant/setHidden', payload: { combatantId: c.id, hidden: !c.hidden } }),
    })
  }
  return out
}

function templateEntries(ctx: PaletteContext): PaletteEntry[] {
  return ctx.templates.map((t) => ({
    id: `spawn:${t.id}`,
    label: `Spawn ${t.name}`,
    keys: '',
    action: send({ type: 'template/spawn', payload: { templateId: t.id, count: 1 } }),
  }))
}

/** Every command the palette can offer right now, in the order it lists them before any typing. */
export function paletteEntries(ctx: PaletteContext): PaletteEntry[] {
  if (!ctx.hasCampaign) {
    return [
      { id: 'switch-campaign', label: 'Switch campaign', keys: '', action: { kind: 'switchCampaign' } },
      { id: 'help', label: 'Help: quick start and keys', keys: keysFor('help'), action: { kind: 'help' } },
    ]
  }
  return [...generalEntries(ctx), ...combatantEntries(ctx), ...templateEntries(ctx)]
}

export interface DiceQuery {
  readonly expression: string
  /** What the roll is for, from the words after the dice ("2d6 morale"); null for a plain roll. */
  readonly purpose: string | null
}

/**
 * "2d6+1", "roll d100", "r 3d6 - 2 morale" → the normalised expression and what it is for;
 * anything that does not start with dice → null.
 */
export function diceInQuery(query: string): DiceQuery | null {
  const text = query.trim().replace(/^(?:roll|r)\s+/i, '')
  // The longest leading run that reads as dice; the words after it name the roll.
  for (let end = text.length; end > 0; end--) {
    if (end < text.length && !/\s/.test(text[end]!)) continue
    const parsed = parseDiceExpression(text.slice(0, end))
    if (!parsed) continue
    const purpose = text
      .slice(end)
      .trim()
      .replace(/^for\s+/i, '')
      .slice(0, 60)
      .trim()
    return { expression: formatDiceExpression(parsed), purpose: purpose || null }
  }
  return null
}

export function rollEntries(dice: DiceQuery): PaletteEntry[] {
  const what = `Roll ${dice.expression}${dice.purpose ? ` for ${dice.purpose}` : ''}`
  const roll = (secret: boolean): DeskAction => ({ kind: 'roll', expression: dice.expression, purpose: dice.purpose, secret })
  return [
    { id: 'roll', label: what, keys: 'Enter', action: roll(false) },
    { id: 'roll-secret', label: `${what} secretly (GM only)`, keys: 'Shift+Enter', action: roll(true) },
  ]
}

export interface PaletteResult {
  readonly entry: PaletteEntry
  /** Null for entries the query did not have to match (the dice rolls it spelled). */
  readonly match: FuzzyMatch | null
}

/**
 * What the palette shows for a query. A query that reads as dice puts its rolls on top; in
 * roll mode nothing else is listed. The rest are fuzzy-ranked.
 */
export function paletteResults(ctx: PaletteContext, mode: PaletteMode, query: string): PaletteResult[] {
  const dice = ctx.hasCampaign ? diceInQuery(query) : null
  const rolls = dice ? rollEntries(dice).map((entry) => ({ entry, match: null })) : []
  if (mode === 'roll') return rolls
  const ranked = fuzzyRank(query, paletteEntries(ctx), (e) => e.label).map(({ item, match }) => ({ entry: item, match }))
  return [...rolls, ...ranked]
}
