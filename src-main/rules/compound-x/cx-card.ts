import type { ExplanationLine, ExplanationSection } from '../../../src-shared/attack'
import type { ContentLibrary } from './content/content-library'
import { drawnWeapon, weaponName } from './cx-draw'
import { deathWithinTurns, wakesByRollChance } from './dying/dying-odds'
import { rangedMissChance } from './ranged/miss-chance'
import { thrownBrackets } from './ranged/throw-profile'
import type { FireMode } from './ranged/ranged-setup'
import { featCardSection } from './feats/feat-card'
import { armourSummary, cxNaniteMaximum, shieldOf } from './sheet/cx-derived'
import type { CxCombatant } from './sheet/cx-sheet'
import { metresPerTwoActions, shockSave } from './stats/derived-stats'
import { flawSummaries, moveCap } from './stats/stat-flaws'
import type { GearProblem } from '../../../src-shared/gear'
import { ammoKey, ARMOUR_FIELD, LIVE_KEYS, magazinesKey, SKILL_FIELD } from './sheet/cx-sheet-form'
import { countEdit } from '../kit/card-edit'
import { percent } from '../kit/format'
import { evaCardLines } from './sheet/eva-suit'
import { cxGearProblems } from './sheet/cx-gear'

/** The weapon's miss chance per bracket and mode as written on a sheet (aimed, no situation). */
function missChances(c: CxCombatant, index: number, library: ContentLibrary): string[] {
  const carried = c.weapons[index]!
  const weapon = library.get('ranged-weapons', carried.itemId)
  if (!weapon) return []
  const attachments = carried.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined)
  const modes: FireMode[] = [
    ...(weapon.semi ? ['semi' as const] : []),
    ...(weapon.burst ? ['burst' as const] : []),
    ...(weapon.auto ? ['auto' as const] : []),
  ]
  return modes.map((mode) => {
    const values = weapon.brackets.map((b) => {
      const r = rangedMissChance({
        weapon,
        attachments,
        mode,
        aim: 'aimed',
        distance: b.maxRange,
        shooter: { stats: c.stats, suppressed: false, sprinted: false, prone: false, stealth: false },
        target: { cover: 'none', stance: 'standing' },
      })
      return r.canHit ? String(r.missChance) : '–'
    })
    return `${mode}: ${values.join(' / ')} (to ${weapon.brackets.map((b) => `${b.maxRange}`).join('/')} m)`
  })
}

/** `001` Cloaking: the module worn, and whether it is on (with the turns left), charging or ready. */
function cloakLine(c: CxCombatant, library: ContentLibrary): ExplanationLine[] {
  const module = c.cloakId ? library.get('cloaking-modules', c.cloakId) : undefined
  const state = c.live.cloak
  const onWith = state?.on ? library.get('cloaking-modules', state.on.moduleId) : undefined
  const shown = onWith ?? module
  if (!shown) return []
  const on = state?.on
  const value = on
    ? `CLOAKED · ${on.turnsLeft === null ? 'no turn limit' : `${on.turnsLeft} turn${on.turnsLeft === 1 ? '' : 's'} left`} · upkeep ${shown.upkeepNanites}`
    : state && state.chargeActions > 0
      ? `charging (${state.chargeActions} action${state.chargeActions === 1 ? '' : 's'} from this turn's start)`
      : `off · ${shown.activationNanites} nanites to cloak`
  return [{ label: shown.name, value, source: '001 Cloaking' }]
}

/** How far ahead the card's death odds look: a downed combatant's next three DSTs. */
const ODDS_TURNS = 3

function conditionText(c: CxCombatant): string {
  const d = c.live.dying.condition
  switch (d.kind) {
    case 'up':
      return 'up'
    case 'downed': {
      // CX27/CX28: what the next turns hold for it if nobody stabilises it.
      const dies = deathWithinTurns({ ...c.live.dying, condition: d }, ODDS_TURNS)
      return `downed: ${d.failures}/${c.live.dying.capacity} failed DSTs · unaided, dies within ${ODDS_TURNS} turns: ${percent(dies)}`
    }
    case 'unconscious':
      return d.cause === 'shock'
        ? `knocked out (${d.wakeRollsLeft} wake rolls left · wakes by a roll: ${percent(wakesByRollChance(shockSave(c.stats), d.wakeRollsLeft))})`
        : 'unconscious (past the revival limit)'
    case 'dead':
      return 'dead'
  }
}

/**
 * What a GM card shows for a Compound X combatant during a fight: protection, nanites, stance,
 * and each weapon's state and miss chances. Health, conditions and the action pips are the
 * generic card's; stats live on the sheet form. The running numbers carry inline-edit keys of
 * the sheet form (sheet/cx-sheet-form.ts).
 */
export function cxCard(c: CxCombatant, library: ContentLibrary): ExplanationSection[] {
  const armour = armourSummary(c, library)
  const shield = shieldOf(c, library)
  const live = c.live
  const naniteMax = cxNaniteMaximum(c, library)
  const protection: ExplanationLine[] = [
    armour
      ? {
          label: 'Armour',
          value: `${live.armourPoints}/${armour.strength} AP · APL ${armour.apl} · ${armour.coverage}%`,
          source: 'CX11–CX12',
          edit: countEdit(LIVE_KEYS.armourPoints, live.armourPoints, armour.strength),
        }
      : { label: 'Armour', value: 'none' },
    shield
      ? {
          label: shield.name,
          value:
            live.shieldDownTurns !== null
              ? `down (${live.shieldDownTurns} turn${live.shieldDownTurns === 1 ? '' : 's'})`
              : `${live.shieldStrength}/${shield.strength}`,
          source: 'CX14',
          edit: countEdit(LIVE_KEYS.shieldStrength, live.shieldStrength, shield.strength),
        }
      : { label: 'Shield', value: 'none' },
    {
      label: 'Nanites',
      value: naniteMax !== null ? `${live.nanites}/${naniteMax}` : String(live.nanites),
      source: 'CX22',
      edit: countEdit(LIVE_KEYS.nanites, live.nanites, naniteMax ?? undefined),
    },
    ...cloakLine(c, library),
    { label: 'Stance / cover', value: `${live.stance} / ${live.cover}` },
    ...(live.aim ? [{ label: 'Aiming at', value: live.aim.name, source: '000 Aiming' }] : []),
    moveLine(c.stats, metresPerTwoActions(c.stats, armour?.movementPenalty ?? 0)),
    ...(live.loseFirstAction ? [{ label: 'Hit the dirt', value: 'loses the first action of its next turn', source: 'CX21' }] : []),
    ...evaCardLines(c, library, LIVE_KEYS.suitHits), // `000` EVA Suits (SR-CX-103)
    ...(live.plasmaBurn ? [{ label: 'Plasma burn', value: `×${live.plasmaBurn}, ${live.plasmaBurnTurns} turn(s)`, source: 'CX13' }] : []),
    ...(live.dying.condition.kind !== 'up' ? [{ label: 'Condition', value: conditionText(c), source: 'CX15, CX27' }] : []),
    ...(live.dying.capacity < 3 ? [{ label: 'Death-save capacity', value: String(live.dying.capacity), source: 'CX28' }] : []),
  ]
  // What it carries but cannot use, said beside the item (the same checks the throws make).
  const problems = cxGearProblems(c, library)
  const cannot = (name: string) =>
    problems
      .filter((p) => p.item === name)
      .map((p) => ` · ${p.message}`)
      .join('')
  const weapons = c.weapons.flatMap((w, i): ExplanationLine[] => {
    if (w.kind === 'melee') {
      const item = library.get('melee-weapons', w.itemId)
      return item ? [{ label: item.name, value: `melee${cannot(item.name)}` }] : []
    }
    const item = library.get('ranged-weapons', w.itemId)
    if (!item) return []
    return [
      {
        label: item.name,
        value: `${w.ammo} rds · ${w.spareMagazines} mags${w.jammed ? ' · JAMMED (CX9)' : ''}${cannot(item.name)}`,
        edit: countEdit(ammoKey(i), w.ammo),
      },
      { label: '  spare mags', value: String(w.spareMagazines), edit: countEdit(magazinesKey(i), w.spareMagazines) },
      ...missChances(c, i, library).map((m) => ({ label: '  miss chance', value: m, source: 'CX5–CX7' })),
    ]
  })
  // SR-CX-50: the thrown weapons carried, how many, and their brackets as the item list gives them.
  const thrown = c.thrown.flatMap((l): ExplanationLine[] => {
    const item = library.get('thrown-weapons', l.itemId)
    if (!item) return []
    const b = thrownBrackets(item)
    const miss = b.length ? ` · miss ${b.map((x) => x.missChance).join(' / ')} (to ${b.map((x) => x.maxRange).join('/')} m)` : ''
    return [{ label: item.name, value: `${l.count} to throw${miss}${cannot(item.name)}`, source: '000 Thrown Weapons' }]
  })
  // SR-CX-20: the grenades carried and how many, so the GM sees them without opening the sheet.
  const grenades = c.grenades.map((g): ExplanationLine => {
    const name = library.get('thrown-weapons', g.itemId)?.name ?? g.itemId
    return { label: name, value: `${g.count} grenade${g.count === 1 ? '' : 's'}${cannot(name)}`, source: '000 Grenades' }
  })
  // SR-CX-191, SR-CX-192, SR-CX-194: rigs, shield and cloak the loadout denies, said where the protection is.
  const loadout = problems
    .filter((p) => p.field === 'armourFamily' || p.field === 'shieldId' || p.field === 'cloakId')
    .map((p): ExplanationLine => ({ label: p.item, value: p.message }))
  // Which weapon is in hand matters only when there is a choice (or the hands are empty).
  const drawn = drawnWeapon(c)
  const inHand: ExplanationLine[] =
    c.weapons.length > 1 || (c.weapons.length > 0 && !drawn)
      ? [{ label: 'In hand', value: drawn ? weaponName(drawn.carried, library) : 'nothing', source: '000 Actions' }]
      : []
  return [
    { title: 'Protection', lines: [...protection, ...loadout] },
    { title: 'Weapons', lines: [...inHand, ...weapons, ...thrown, ...grenades] },
    ...featCardSection(c),
    ...flawSection(c, problems),
  ]
}

/** `001` Primary Stat Details: the sheet's stat-1 flaws, and where the sheet breaks them (SR-CX-172, SR-CX-173). */
function flawSection(c: CxCombatant, problems: readonly GearProblem[]): ExplanationSection[] {
  const breaches = problems
    .filter((p) => p.field === ARMOUR_FIELD || p.field?.startsWith(SKILL_FIELD))
    .map((p) => ({ label: p.item, value: p.message }))
  const lines = [...flawSummaries(c.stats), ...breaches]
  return lines.length ? [{ title: 'Stat flaws', lines }] : []
}

/** `000` Movement, with STR 1's ceiling where it bites (SR-CX-173). */
function moveLine(stats: CxCombatant['stats'], speed: number) {
  const cap = moveCap(stats)
  const capped = cap ? Math.min(speed, cap.metresPerAction * 2) : speed
  if (capped === speed) return { label: 'Move', value: `${speed} m per 2 actions`, source: '000 Movement' }
  return { label: 'Move', value: `${capped} m per 2 actions (${cap!.label})`, source: `000 Movement, ${cap!.source}` }
}
