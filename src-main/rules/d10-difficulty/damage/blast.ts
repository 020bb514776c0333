/*
 * `002 Grenades`: "Everyone within the _effective_ radius, that is not protected by grenade proof
 * cover, dies. Within the _casualty_ radius a grenade deals enough damage to kill or incapacitate
 * all of the targets." What that is in hit points is our ruling (SR-D10-37).
 */

/** A grenade's two radii in metres (SR-D10-35). */
export type BlastRadii = { readonly effective: number; readonly casualty: number }

export type BlastZone = 'effective' | 'casualty' | 'outside'

/** SR-D10-36: which ring a token stands in, by the distance of its centre from where the grenade landed (rims count). */
export function blastZone(distance: number, radii: BlastRadii): BlastZone {
  if (distance <= radii.effective) return 'effective'
  if (distance <= radii.casualty) return 'casualty'
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
