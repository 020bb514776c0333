import type { JsonValue } from '../../../src-shared/json'
import { cxGearProblems } from './sheet/cx-gear'
import { cxTactics } from './cx-tactics'
import { CX_CHECK_COST_NOTE, cxCheckCost } from './cx-check-cost'
import { cxMapMove } from './cx-map-move'
import { cxMovementCost } from './cx-move'
import { fail, ok, type Result } from '../../../src-shared/result'
import type { Everyone, InitiativeEntrant, ParsedRules, QuickNpc, Ruleset } from '../ruleset'
import { modifier, type Modifier } from '../kit/modifier'
import { initiativeModifiers, rollCompoundXInitiative } from './turns/initiative'
import { ContentLibrary } from './content/content-library'
import { emptyEntries, isPackSection, parseEntry, parseSectionText, type ContentPack, type PackEntries } from './content/content-pack'
import type { PackSection } from './content/pack-schema'
import { toJson } from '../kit/stored-sheet'
import { cxAction, cxActionList, performCxAction } from './cx-actions'
import { cxCard } from './cx-card'
import { cxTableMarks } from './cx-table-marks'
import { CX_CHECK_MODES, cxCheckChance, cxCheckList, rollCxCheck } from './cx-checks'
import { evaSuitRefusal } from './sheet/eva-suit'
import { CX_CONDITIONS } from './cx-conditions'
import { ACTIONS_POOL, REACTIONS_POOL } from './cx-costs'
import { cxStanding } from './cx-standing'
import { ACTIONS_PER_TURN } from './turns/action-costs'
import { MAX_HELD_ACTIONS, REACTIONS_PER_ROUND } from './turns/turn-budget'
import { aimEndsOnAct, aimEndsOnAttack, aimEndsOnDamage } from './cx-aim-end'
import { cxEndOfEncounter, cxStartOfEncounter, cxStartOfTurn } from './cx-edges'
import { cxEndOfTurn } from './cx-cloak-edges'
import { applyCxDamage, CX_DAMAGE_TYPES } from './cx-damage'
import { previewCxAttackInMelee, resolveCxAttackInMelee, struckBy } from './cx-attack-flow'
import { strayAimOf } from './cx-stray-victims'
import { withJudgedDistance } from './cx-reach'
import { cxMaxHealth, freshLive } from './sheet/cx-derived'
import { cxCombatantSchema, cxSheets, type CxCombatant } from './sheet/cx-sheet'
import { cxSheetForm, cxSheetFromForm } from './sheet/cx-sheet-form'
import { featRefusal } from './feats/feat-rules'
import { cxQuickNpcs } from './sheet/cx-quick-npcs'
import { secretNpcChecks } from '../secrecy'
import { cxActionOdds } from './odds/cx-action-odds'

/** Called without a campaign behind it (a test, a preview): no one else to look at. */
const NOBODY: Everyone = () => []

/** Every item id a sheet names must exist in the loaded content; the error names the field. */
function checkItems(c: CxCombatant, library: ContentLibrary): string | null {
  const missing = (section: PackSection, id: string | null, field: string) =>
    id !== null && !library.get(section, id)
      ? `${field}: no ${section.replace(/s$/, '').replace(/-/g, ' ')} "${id}" in the content packs`
      : null
  return (
    missing('classes', c.classId, 'classId') ??
    missing('species', c.speciesId, 'speciesId') ??
    missing('armour-materials', c.armour.materialId, 'armour.materialId') ??
    missing('shields', c.shieldId, 'shieldId') ??
    missing('cloaking-modules', c.cloakId, 'cloakId') ??
    c.armour.rigIds.map((id, i) => missing('armour-rigs', id, `armour.rigIds.${i}`)).find((x) => x) ??
    evaSuitRefusal(c, library) ?? // SR-CX-102: not with armour rigs (`000` EVA Suits)
    c.weapons
      .flatMap((w, i) => [
        missing(w.kind === 'ranged' ? 'ranged-weapons' : 'melee-weapons', w.itemId, `weapons.${i}.itemId`),
        ...w.attachmentIds.map((a, j) => missing('attachments', a, `weapons.${i}.attachmentIds.${j}`)),
      ])
      .find((x) => x) ??
    null
  )
}

function parse(input: unknown, library: ContentLibrary): Result<ParsedRules> {
  const parsed = cxCombatantSchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    return fail('rules/invalid', `Compound X sheet: ${issue.path.join('.') || 'sheet'} ${issue.message}`)
  }
  const sheet = parsed.data
  const c: CxCombatant = { ...sheet, live: sheet.live ?? freshLive(sheet, library) }
  const problem = checkItems(c, library)
  if (problem) return fail('rules/unknownItem', `Compound X sheet: ${problem}`)
  // SR-CX-81, 03_Feats: the CHA feat the stats allow, Upgrade twice at most (SR-CX-80's allowance is only flagged).
  const feats = featRefusal(c)
  if (feats) return fail('rules/feats', `Compound X sheet: ${feats}`)
  return ok({ data: cxSheets.store(c), maxHp: cxMaxHealth(c) })
}

/** CX19: the class's initiative modifiers (Soldier +15) and feats (Fight Fiercely First +10), plus the GM's own modifier if any. */
function entrantModifiers(e: InitiativeEntrant, library: ContentLibrary): Modifier[] {
  const sheet = cxSheets.read(e.rules ?? null)
  const classId = sheet?.classId
  const cls = classId ? (library.get('classes', classId) ?? null) : null
  const mods = initiativeModifiers(cls, sheet?.feats ?? [])
  return e.initiativeModifier ? [...mods, modifier('GM modifier', e.initiativeModifier, 'GM')] : mods
}

/** The GM's own items as a pack layered over the shipped one (same ids override). */
function customPack(shipped: ContentPack, items: readonly { section: string; entry: JsonValue }[]): ContentPack {
  const entries = emptyEntries()
  for (const { section, entry } of items) if (isPackSection(section)) addCustom(entries, section, entry)
  return { manifest: shipped.manifest, entries }
}

/**
 * Items were checked when the GM added them (and again when a campaign file is opened), so
 * each reads; parsing here is what types it, and an item that somehow does not read is left
 * out rather than handed to the rules half-formed.
 */
function addCustom<S extends PackSection>(entries: PackEntries, section: S, entry: JsonValue): void {
  const item = parseEntry(section, entry)
  if (item) entries[section].push(item)
}

/** Compound X behind the ruleset interface, with the shipped content and the campaign's own. */
export function createCompoundXRuleset(shipped: ContentPack, custom: readonly { section: string; entry: JsonValue }[] = []): Ruleset {
  const library = new ContentLibrary([shipped, customPack(shipped, custom)])
  let quickNpcs: QuickNpc[] | null = null
  return {
    id: 'compound-x',
    name: 'Compound X',
    // Built on first use: a start that never opens the roster does not parse six sheets.
    get quickNpcs() {
      return (quickNpcs ??= cxQuickNpcs(library, (input) => parse(input, library)))
    },
    rollInitiative: (entrants, dice) =>
      rollCompoundXInitiative(
        entrants.map((e) => ({ ...e, modifiers: entrantModifiers(e, library) })),
        dice,
      ),
    combatantRules: {
      // CX health: FORT, level and species set it (cxMaxHealth); the GM never types it.
      derivesMaxHp: true,
      parse: (input) => parse(input, library),
      card: (rules) => {
        const c = cxSheets.read(rules)
        return c ? cxCard(c, library) : []
      },
      marks: (rules) => {
        const c = cxSheets.read(rules)
        return c ? cxTableMarks(c) : []
      },
      gear: (rules) => {
        const c = cxSheets.read(rules)
        return c ? cxGearProblems(c, library) : []
      },
      form: (rules) => cxSheetForm(cxSheets.read(rules), library),
      fromForm: (values, current) => cxSheetFromForm(values, cxSheets.read(current), library),
    },
    // CX20: at most 2 actions may be held for a trigger.
    holdAtMost: MAX_HELD_ACTIONS,
    // CX20: 4 actions a turn, up to 3 reactions a round; an act out of turn draws on the reactions.
    economy: () => [
      { key: ACTIONS_POOL, label: 'Actions', count: ACTIONS_PER_TURN, per: 'turn' },
      { key: REACTIONS_POOL, label: 'Reactions', count: REACTIONS_PER_ROUND, per: 'round', reaction: true },
    ],
    onMapMove: (mover, path, areas, onScene = []) => cxMapMove(mover, path, areas, library, onScene),
    movementCost: (rc, metres) => {
      const c = cxSheets.of(rc)
      return c ? cxMovementCost(c, library, metres) : { spend: [], label: 'no sheet' }
    },
    conditions: CX_CONDITIONS,
    standing: cxStanding,
    // Our default (the `001` rules are silent on secret rolls): an NPC's Stealth, Spotting, Investigation and Insight.
    secrecy: secretNpcChecks(/^skill:(Stealth|Spotting|Investigation|Insight)\b/),
    checks: {
      list: (c) => cxCheckList(c, library),
      roll: (r, c, dice) => rollCxCheck(r, c, dice, library),
      chance: (r, c) => cxCheckChance(r, c, library),
      modes: CX_CHECK_MODES,
      cost: cxCheckCost,
      costNote: CX_CHECK_COST_NOTE,
    },
    edges: {
      startOfTurn: (c, dice) => cxStartOfTurn(c, dice, library),
      endOfTurn: (c) => cxEndOfTurn(c, library),
      startOfEncounter: (c, dice) => cxStartOfEncounter(c, dice),
      endOfEncounter: (c) => cxEndOfEncounter(c, library),
    },
    damage: {
      types: CX_DAMAGE_TYPES,
      apply: (c, amount, type, dice, everyone = NOBODY) => {
        const r = applyCxDamage(c, amount, type, library, dice)
        // 000 Aiming (SR-CX-72): a fall ends every aim at the one hurt, in the same command.
        return r.ok ? ok(aimEndsOnDamage(r.value, c, everyone)) : r
      },
    },
    content: {
      parseFile: (fileName, text) => {
        const r = parseSectionText(fileName, text)
        if (!r.ok) return r
        return ok(r.value.entries.map((e) => ({ section: r.value.section, itemId: e.id, name: e.name, entry: toJson(e) })))
      },
      withCustom: (items) => createCompoundXRuleset(shipped, items),
    },
    actions: {
      list: (actor) => cxActionList(actor, library),
      offer: (actor, key) => cxAction(actor, library, key),
      perform: (request, actor, target, dice, onScene = [], area, everyone = NOBODY, walls) => {
        const r = performCxAction(request, actor, target, library, dice, onScene, area, walls)
        // 000 Aiming (SR-CX-72): an act that fells someone (a Kill, a fall) ends every aim at them.
        return r.ok ? ok(aimEndsOnAct(r.value, actor, target, everyone)) : r
      },
      odds: (request, actor, target, onScene, area, walls) => cxActionOdds(request, actor, target, library, onScene, area, walls),
    },
    tactics: cxTactics,
    attacks: {
      // CX5 brackets read one distance: the tokens' on the map, else the typed one (SR-CX-113).
      preview: (request, attacker, target, aimAt) =>
        previewCxAttackInMelee(withJudgedDistance(request, attacker, target), attacker, target, library, aimAt),
      resolve: (request, attacker, target, dice, everyone, aimAt) => {
        // SR-CX-180: a stray is drawn among those the core places (else the campaign's list as it stands).
        const strayAim = strayAimOf(aimAt, everyone)
        const all = everyone ?? NOBODY
        const judged = withJudgedDistance(request, attacker, target)
        const r = resolveCxAttackInMelee(judged, attacker, target, library, dice, all, strayAim)
        // 000 Aiming (SR-CX-72): a fall ends every aim at the one hit, in the same command.
        return r.ok ? ok(aimEndsOnAttack(r.value, attacker, struckBy(r.value, target, strayAim), all)) : r
      },
    },
  }
}
