import type { ExplanationSection } from '../../../src-shared/attack'
import type { ContentLibrary } from './content/content-library'
import { STAT_NAMES } from './content/pack-schema'
import { rangedMissChance } from './ranged/miss-chance'
import type { FireMode } from './ranged/ranged-setup'
import { armourSummary, shieldOf } from './sheet/cx-derived'
import type { CxCombatant } from './sheet/cx-sheet'
import { criticalBand, maxHealth, metresPerTwoActions, naniteMaximum, reflexSave, shockSave, willSave } from './stats/derived-stats'
import { STAT_LABELS, statBonus } from './stats/stat-block'

const signed = (n: number) => (n >= 0 ? `+${n}` : `${n}`)

/** The weapon's miss chance per bracket and mode as written on a sheet (aimed, no situation). */
function missChances(c: CxCombatant, index: number, library: ContentLibrary): string[] {
  const carried = c.weapons[index]!
  const weapon = library.get('ranged-weapons', carried.itemId)
  if (!weapon) return []
  const attachments = carried.attachmentIds.map((id) => library.get('attachments', id)).filter((x) => x !== undefined)
  const modes: FireMode[] = [...(weapon.semi ? ['semi' as const] : []), ...(weapon.burst ? ['burst' as const] : []), ...(weapon.auto ? ['auto' as const] : [])]
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

function conditionText(c: CxCombatant): string {
  const d = c.live.dying.condition
  switch (d.kind) {
    case 'up':
      return 'up'
    case 'downed':
      return `downed: ${d.failures}/${c.live.dying.capacity} failed DSTs`
    case 'unconscious':
      return d.cause === 'shock' ? `knocked out (${d.wakeRollsLeft} wake rolls left)` : 'unconscious (past the revival limit)'
    case 'dead':
      return 'dead'
  }
}

/** What a GM card shows for a Compound X combatant, every number already explained. */
export function cxCard(c: CxCombatant, library: ContentLibrary): ExplanationSection[] {
  const cls = c.classId ? library.get('classes', c.classId) : undefined
  const armour = armourSummary(c, library)
  const shield = shieldOf(c, library)
  const sections: ExplanationSection[] = [
    {
      title: 'Stats',
      lines: STAT_NAMES.map((s) => ({ label: STAT_LABELS[s], value: `${c.stats[s]} (${signed(statBonus(c.stats[s]))})`, source: 'CX2' })),
    },
    {
      title: 'Derived',
      lines: [
        { label: 'Max health', value: String(maxHealth(c.stats)), source: 'CX23' },
        { label: 'Will / Shock / Reflex', value: `${signed(willSave(c.stats))} / ${signed(shockSave(c.stats))} / ${signed(reflexSave(c.stats))}`, source: 'CX23' },
        { label: 'Nanites', value: cls ? `${c.live.nanites} / ${naniteMaximum(c.stats, cls.primaryAttribute)}` : String(c.live.nanites), source: 'CX22' },
        { label: 'Move per 2 actions', value: `${metresPerTwoActions(c.stats, armour?.movementPenalty ?? 0)} m`, source: '000 Movement' },
        { label: 'Critical on', value: criticalBand(c.stats.luck).join(', '), source: 'CX10' },
      ],
    },
  ]
  sections.push({
    title: 'Protection',
    lines: [
      armour
        ? { label: 'Armour', value: `${c.live.armourPoints}/${armour.strength} AP · APL ${armour.apl} · ${armour.coverage}%`, source: 'CX11–CX12' }
        : { label: 'Armour', value: 'none' },
      shield
        ? { label: shield.name, value: c.live.shieldDownTurns !== null ? `down (${c.live.shieldDownTurns} turns)` : `${c.live.shieldStrength}/${shield.strength}`, source: 'CX14' }
        : { label: 'Shield', value: 'none' },
      ...(c.live.plasmaBurn ? [{ label: 'Plasma burn', value: `×${c.live.plasmaBurn}, ${c.live.plasmaBurnTurns} turn(s)`, source: 'CX13' }] : []),
      ...(c.live.dying.condition.kind !== 'up' ? [{ label: 'Condition', value: conditionText(c), source: 'CX15, CX27' }] : []),
      ...(c.live.dying.capacity < 3 ? [{ label: 'Death-save capacity', value: String(c.live.dying.capacity), source: 'CX28' }] : []),
      { label: 'Stance / cover', value: `${c.live.stance} / ${c.live.cover}` },
    ],
  })
  sections.push({
    title: 'Weapons',
    lines: c.weapons.flatMap((w, i) => {
      const item = w.kind === 'ranged' ? library.get('ranged-weapons', w.itemId) : library.get('melee-weapons', w.itemId)
      if (!item) return []
      const head = { label: item.name, value: w.kind === 'ranged' ? `${w.ammo} rds · ${w.spareMagazines} mags${w.jammed ? ' · JAMMED' : ''}` : 'melee' }
      return [head, ...(w.kind === 'ranged' ? missChances(c, i, library).map((m) => ({ label: '  miss', value: m, source: 'CX5–CX6' })) : [])]
    }),
  })
  return sections
}
