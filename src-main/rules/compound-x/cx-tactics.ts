import type { TacticHint, Tactics } from '../tactics'
import { cxSheets } from './sheet/cx-sheet'

/**
 * Compound X's hints for the autopilot (issue 17). The core's policy already weighs every attack
 * by its exact preview; what it cannot see from a preview is a weapon that cannot fire at all:
 * a jammed one (CX9: a Weapons check, DC 60, clears it) or an empty magazine (`000` Reloading).
 * Both outrank any attack, since no shot with that weapon is possible until it is done; the core
 * takes a hint only when the action list offers the act now.
 */
export const cxTactics: Tactics = {
  hints(actor) {
    const c = cxSheets.of(actor)
    if (!c) return []
    const out: TacticHint[] = []
    c.weapons.forEach((w, slot) => {
      if (w.kind !== 'ranged') return
      if (w.jammed)
        out.push({
          action: 'clear-jam',
          targetId: null,
          options: { weapon: String(slot) },
          score: 2.6 - slot * 0.01,
          reason: 'Its weapon is jammed: nothing fires until the jam is cleared (CX9, Weapons DC 60).',
        })
      else if (w.ammo === 0 && w.spareMagazines > 0 && !c.live.reloading)
        out.push({
          action: 'reload',
          targetId: null,
          options: { weapon: String(slot) },
          score: 2.5 - slot * 0.01,
          reason: `The magazine is empty and ${w.spareMagazines} spare${w.spareMagazines === 1 ? ' is' : 's are'} left: reload (000 Reloading).`,
        })
    })
    return out
  },
}
