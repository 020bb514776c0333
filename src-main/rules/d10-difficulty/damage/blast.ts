import { touchesArea, type Footprint, type Point } from '../../../../src-shared/geometry'
import { areaReachesBase, type WallIndex } from '../../../../src-shared/wall-geometry'

/*
 * `002 Grenades`: "Everyone within the _effective_ radius, that is not protected by grenade proof
 * cover, dies. Within the _casualty_ radius a grenade deals enough damage to kill or incapacitate
 * all of the targets." What that is in hit points is our ruling (SR-D10-37).
 */

/** A grenade's two radii in metres (SR-D10-35). */
export type BlastRadii = { readonly effective: number; readonly casualty: number }

export type BlastZone = 'effective' | 'casualty' | 'outside'

/**
 * SR-D10-36: which ring a token is in — the innermost whose circle round the burst touches its
 * base, rims included. The same test (`touchesArea`) puts it under the template (SR-CORE-10), so
 * a token whose base a casualty-sized template touches is never left "untouched". With the scene's
 * walls, a ring counts only where the burst reaches the base through them (SR-CORE-32, SR-D10-50),
 * as the core judged the template.
 */
export function blastZone(burst: Point, token: Footprint, radii: BlastRadii, walls?: WallIndex): BlastZone {
  const ring = (radius: number) => {
    const area = { x: burst.x, y: burst.y, radius }
    return walls ? areaReachesBase(walls, burst, token, area) : touchesArea(area, token)
  }
  if (ring(radii.effective)) return 'effective'
  if (ring(radii.casualty)) return 'casualty'
  return 'outside'
}

/**
 * SR-D10-37: health after the blast. Killed (the effective radius): a whole health bar below 0;
 * incapacitated (the casualty radius): 0, down. Never raises health. Grenade-proof cover shelters
 * from both (SR-D10-38).
 */
export function healthAfterBlast(hp: number, maxHp: number, zone: BlastZone, covered: boolean): number {
  if (covered || zone === 'outside') return hp
  return zone === 'effective' ? Math.min(hp, -Math.max(1, maxHp)) : Math.min(hp, 0)
}

export const BLAST_LABELS: Readonly<Record<BlastZone, string>> = {
  effective: 'killed (effective radius)',
  casualty: 'incapacitated (casualty radius)',
  outside: 'untouched (beyond the casualty radius)',
}

/**
 * SR-D10-41: grenades deal bludgeoning (the shock wave) and piercing (the shrapnel); with the
 * shrapnel stopped by full cover or full body armour, only the shock wave is left, which does one
 * ring less: killed becomes incapacitated, incapacitated becomes untouched.
 */
export function shockWaveOnly(zone: BlastZone): BlastZone {
  return zone === 'effective' ? 'casualty' : 'outside'
}
