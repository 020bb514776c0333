import type { ActionOdds, ActionRequest } from '../../../../src-shared/attack'
import { ok, type Result } from '../../../../src-shared/result'
import type { RulesCombatant } from '../../ruleset'
import { actOdds } from '../../kit/act-odds'
import { bandsOf, everyRoll } from '../../kit/every-roll'
import { modifier } from '../../kit/modifier'
import { plural } from '../../kit/format'
import { successChance } from '../checks/d100-check'
import type { ContentLibrary } from '../content/content-library'
import { JAM_CLEAR_DC } from '../cx-upkeep-actions'
import { weaponSlot } from '../cx-upkeep-actions'
import { stabiliseOdds } from '../dying/dying-odds'
import { isDowned } from '../dying/dying-state'
import { cxSheets } from '../sheet/cx-sheet'
import { statBonus } from '../stats/stat-block'
import { rollReload } from '../turns/reload'

/*
 * The odds of the Compound X upkeep acts that roll a CX1 d100 check: a reload's Weapons check
 * (`000 Reloading`), clearing a jam (CX9, DC 60) and stabilising the downed (CX29). The checks
 * are set up as the acts set them up (cx-upkeep-actions.ts).
 */

/** `000 Reloading`: a success reloads in the weapon's actions, a critical in half, a failure in twice as many. */
function reloadOdds(request: ActionRequest, actor: RulesCombatant, library: ContentLibrary): Result<ActionOdds> | null {
  const c = cxSheets.of(actor)
  const carried = c?.weapons[weaponSlot(request)]
  const item = carried?.kind === 'ranged' ? library.get('ranged-weapons', carried.itemId) : undefined
  if (!c || !item) return null
  const modifiers = [modifier('DEX bonus', statBonus(c.stats.dex), 'CX2'), modifier('Weapons ranks', c.skills['Weapons'] ?? 0, 'CX1')]
  const check = { weapon: item, modifiers, mode: 'normal' as const, criticalsAllowed: !c.live.blackCat.noCriticals }
  // `000 Reloading`: the check played once for each face of its d100; no check, no dice, one way.
  const ways = everyRoll((dice) => rollReload(check, dice))!
  const bands = bandsOf(ways, (r) => `${r.outcome === 'no-check' ? 'no check' : r.outcome}: ${plural(r.actions, 'action')}`)
  return ok(
    actOdds(bands, [
      {
        title: `Reload the ${item.name} (000 Reloading, CX1)`,
        lines: [{ label: 'Weapons check against', value: `DC ${item.reloadDc ?? '—'}`, source: '000 Reloading' }],
      },
    ]),
  )
}

/** CX9: INT bonus + Weapons ranks on d100 must beat 60. */
function clearJamOdds(request: ActionRequest, actor: RulesCombatant): Result<ActionOdds> | null {
  const c = cxSheets.of(actor)
  if (!c?.weapons[weaponSlot(request)]?.jammed) return null
  const modifiers = [modifier('INT bonus', statBonus(c.stats.int), 'CX2'), modifier('Weapons ranks', c.skills['Weapons'] ?? 0, 'CX1')]
  const p = successChance({ modifiers, mode: 'normal' }, JAM_CLEAR_DC)
  return ok(
    actOdds(
      [
        { label: 'jam cleared', probability: p },
        { label: 'still jammed', probability: 1 - p },
      ],
      [{ title: 'Clear a jam (CX9)', lines: [{ label: 'Weapons check beats', value: `DC ${JAM_CLEAR_DC}`, source: 'CX9, CX1' }] }],
    ),
  )
}

/** CX29: the stabilise check's exact odds, as the act itself reports them after the roll. */
function stabiliseActOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
): Result<ActionOdds> | null {
  const c = cxSheets.of(actor)
  const patient = target ? cxSheets.of(target) : null
  if (!c || !patient || !isDowned(patient.live.dying)) return null
  const kind = patient.speciesId && library.get('species', patient.speciesId)?.type === 'mechanical' ? 'mechanical' : 'organic'
  const o = stabiliseOdds({
    healer: {
      stats: c.stats,
      skillRanks: c.skills[kind === 'organic' ? 'Medicine' : 'Repair'] ?? 0,
      critsBlocked: c.live.blackCat.noCriticals,
    },
    patient: { kind, fort: patient.stats.fort, record: patient.live.dying },
    support: { assistant: false, kit: request.options['kit'] !== false ? 'healer-spends' : 'none' },
  })
  return ok(
    actOdds(
      [
        { label: 'stabilised', probability: o.stabilised },
        { label: 'still downed', probability: o.stillDowned },
        { label: 'dies (a fumble’s extra death save)', probability: o.died },
      ],
      [
        {
          title: 'Stabilise (CX29)',
          lines: [{ label: 'Of the stabilised, a critical', value: `${Math.round(o.critical * 1000) / 10}%`, source: 'CX29' }],
        },
      ],
    ),
  )
}

export function cxUpkeepOdds(
  request: ActionRequest,
  actor: RulesCombatant,
  target: RulesCombatant | null,
  library: ContentLibrary,
): Result<ActionOdds> | null {
  switch (request.action) {
    case 'reload':
      return reloadOdds(request, actor, library)
    case 'clear-jam':
      return clearJamOdds(request, actor)
    case 'stabilise':
      return stabiliseActOdds(request, actor, target, library)
    default:
      return null
  }
}
