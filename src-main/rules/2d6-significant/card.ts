import type { ExplanationLine, ExplanationSection } from '../../../src-shared/attack'
import { inHandLine } from '../kit/drawn-weapons'
import { CHARACTERISTIC_LABELS, CHARACTERISTICS, characteristicDm, DM_SOURCE } from './characteristics'
import { signed } from '../kit/format'
import { progressText } from './actions/extended-task'
import { drawnSlots } from './sheet/drawn'
import { maxHitsOf } from './sheet/sheet-access'
import { ammoKey, LIVE_KEYS } from './sheet/sheet-form'
import type { Sheet, Weapon } from './sheet/sheet-schema'
import { UNSKILLED_DM } from './sheet/skills'
import { plural } from '../kit/format'

const edit = (key: string, value: number, min: number, max: number) => ({ key, kind: 'number' as const, value, min, max })

function damageText(w: Weapon): string {
  return `${w.damageDice}d6${w.damageBonus ? signed(w.damageBonus) : ''}`
}

function weaponLine(w: Weapon, slot: number, skills: Sheet['skills']): ExplanationLine {
  const rating = `${w.kind === 'melee' ? 'heft' : 'recoil'} ${signed(w.rating)}`
  const auto = w.auto ? ` · auto ${w.auto}` : ''
  const ammo = w.magazine > 0 ? ` · ${w.ammo}/${w.magazine} rds, ${plural(w.spareMagazines, 'mag')}` : ''
  // Its skill untrained: the attack takes the unskilled DM, said here as on the sheet (sheet/gear.ts).
  const untrained = Object.hasOwn(skills, w.skill) ? '' : ` · untrained ${UNSKILLED_DM}`
  return {
    label: `${w.name} (${w.skill})`,
    value: `${damageText(w)} · ${rating}${auto}${ammo}${untrained}`,
    source: 'T6',
    ...(w.magazine > 0 ? { edit: edit(ammoKey(slot), w.ammo, 0, w.magazine) } : {}),
  }
}

/** What the GM needs at the table: DMs, what initiative owes, aim, weapons, armour, skills and any task. */
export function card(s: Sheet): ExplanationSection[] {
  const live = s.live
  const characteristics: ExplanationLine[] = CHARACTERISTICS.map((k) => ({
    label: CHARACTERISTIC_LABELS[k],
    value: `${s.characteristics[k]} (DM ${signed(characteristicDm(s.characteristics[k]))})`,
    source: DM_SOURCE,
    edit: edit(k, s.characteristics[k], 0, 18),
  }))
  const turn: ExplanationLine[] = [
    {
      label: 'Initiative',
      value: `2d6 ${signed(characteristicDm(s.characteristics.dex))} (DEX DM)${s.ambusher ? ' · ambusher: counts as 12' : ''}`,
      source: 'T2',
    },
    {
      label: 'Owed to heft/recoil',
      value: live.pendingInitiative ? `−${live.pendingInitiative} initiative next round` : 'nothing',
      source: 'T6',
      edit: edit(LIVE_KEYS.pendingInitiative, live.pendingInitiative, 0, 60),
    },
    ...(live.reactionsThisRound ? [{ label: 'Reactions this round', value: String(live.reactionsThisRound), source: 'T3' }] : []),
    ...(live.aim ? [{ label: 'Aiming at', value: `${live.aim.name} +${live.aim.dm}`, source: 'T5' }] : []),
    ...(s.weapons.length ? [inHandLine(s.weapons, drawnSlots(s), '004 Drawing and Reloading (SR-2D6-10)')] : []),
    { label: 'Stance / cover', value: `${live.stance}${live.cover ? ', in cover (dodge −2)' : ''}`, source: '004 Change Stance, T4' },
    ...(live.extended ? [{ label: 'Task', value: progressText(live.extended), source: 'T7' }] : []),
  ]
  const skills = Object.entries(s.skills).sort(([a], [b]) => a.localeCompare(b))
  return [
    { title: 'Turn', lines: turn },
    {
      title: 'Weapons',
      lines: s.weapons.length
        ? s.weapons.map((w, i) => weaponLine(w, i, s.skills))
        : [{ label: 'Unarmed only', value: '1d6', source: 'classic 2d6 unarmed (004 is silent)' }],
    },
    {
      title: 'Protection',
      lines: [
        {
          label: 'Armour',
          value: s.armour ? `${s.armour.name}: −${s.armour.rating} damage per hit` : 'none',
          source: 'damage dice minus armour',
        },
        { label: 'Hits', value: `${maxHitsOf(s)} (STR + DEX + END)`, source: 'our reading: 004 gives no damage track' },
      ],
    },
    { title: 'Characteristics', lines: characteristics },
    {
      title: 'Skills',
      lines: [
        { label: skills.length ? skills.map(([k, v]) => `${k}-${v}`).join(', ') : 'none (all checks at −3)', value: '', source: 'T1' },
      ],
    },
  ]
}
