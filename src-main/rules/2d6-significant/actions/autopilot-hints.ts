import type { TacticHint, Tactics } from '../../tactics'
import { twoD6Sheets } from '../sheet/sheet-access'

/**
 * The 2d6 system's hint for the autopilot (issue 17): an empty magazine with a spare left is
 * reloaded (`004 Drawing and Reloading`) before anything else, since no shot with that weapon is
 * possible until then. The core takes it only when the action list offers the reload now.
 */
export const twoD6Tactics: Tactics = {
  hints(actor) {
    const s = twoD6Sheets.of(actor)
    if (!s) return []
    return s.weapons.flatMap((w, slot): TacticHint[] =>
      w.magazine > 0 && w.ammo === 0 && w.spareMagazines > 0
        ? [
            {
              action: 'reload',
              targetId: null,
              options: { weapon: String(slot) },
              score: 2.5 - slot * 0.01,
              reason: `The ${w.name} is empty and a spare magazine is left: reload (004 Drawing and Reloading).`,
            },
          ]
        : [],
    )
  },
}
