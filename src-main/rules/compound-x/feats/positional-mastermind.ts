import { modifier, type Modifier } from '../../kit/modifier'
import type { Cover } from '../ranged/ranged-setup'
import type { StatBlock } from '../stats/stat-block'
import { hasGranted, POSITIONAL_MASTERMIND } from './feat-rules'

/**
 * 03_Feats "Positional Mastermind" (CHA 9+, `001` Charisma): an enemy targeting the holder takes
 * −1 accuracy while the holder has any defence bonus from cover — only a living (non-robotic)
 * enemy at CHA 9–11, any enemy from CHA 12. −1 accuracy is +1 miss chance (CX5: accuracy
 * modifiers count against the miss chance), folded in with the bracket's fractions.
 * SR-CX-85: "living" is the shooter's species type: all but a mechanical species (a sheet with
 * no species counts as living); a defence bonus from cover is partial or full cover.
 */
export function positionalMastermind(
  target: { readonly stats: StatBlock; readonly feats: readonly string[] },
  cover: Cover,
  shooterMechanical: boolean,
): Modifier | null {
  if (!hasGranted(target.stats, target.feats, POSITIONAL_MASTERMIND) || cover === 'none') return null
  if (shooterMechanical && target.stats.cha < 12) return null
  return modifier('Target’s Positional Mastermind', 1, '03_Feats Positional Mastermind, SR-CX-85')
}
