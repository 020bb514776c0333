import sharp from 'sharp'
import type { ServerMessage } from '../../src-shared/contract'
import { fogOf, isRevealed } from '../../src-shared/fog'
import type { SceneRecord } from '../../src-shared/records'
import { pxPerMetre } from '../../src-shared/scene-scale'
import type { CombatantView, ViewRecord } from '../../src-shared/views'
import type { PlayerHolding } from './fuzz-leak-check'

/**
 * The pictures a table page could ask for, asked for the way an attacker at the table would:
 * every name the page was ever sent, and every name the GM holds (a name can be guessed,
 * remembered from an earlier fog, or read off a screen), fetched from the table's route.
 * - a name the table's projection does not hold right now must not be served at all;
 * - the scene picture it does hold is decoded, and every pixel with a point the current fog
 *   hides must be black (the GM's files used here are nowhere black, so an unmasked one shows).
 */

export interface AssetCheck {
  readonly problems: string[]
  /** Pixels under the fog that were decoded and found painted over (so the check checked something). */
  readonly hiddenPixels: number
  /** Names fetched in all. */
  readonly fetched: number
}

const imageName = (i: { hash: string; ext: string } | null | undefined) => (i ? `${i.hash}.${i.ext}` : null)

/** Every picture name in these messages (scene backgrounds and portraits). */
export function namesIn(messages: readonly ServerMessage[]): string[] {
  const out: string[] = []
  const visit = (r: ViewRecord) => {
    const n = r.typeName === 'scene' ? imageName(r.image) : r.typeName === 'combatant' ? imageName((r as CombatantView).portrait) : null
    if (n) out.push(n)
  }
  for (const m of messages) {
    if (m.kind === 'snapshot') m.snapshot.records.forEach(visit)
    else if (m.kind === 'diff') {
      m.diff.added.forEach(visit)
      for (const [, to] of m.diff.updated) visit(to)
    }
  }
  return out
}

const sampleOffsets = [0.001, 0.5, 0.999]

export async function tableAssetLeaks(
  fetchTableAsset: (name: string) => Promise<Buffer | null>,
  everSent: ReadonlySet<string>,
  holding: PlayerHolding,
  gm: readonly ViewRecord[],
): Promise<AssetCheck> {
  const problems: string[] = []
  const held = new Map<string, ViewRecord>()
  for (const json of holding.records.values()) {
    const r = JSON.parse(json) as ViewRecord
    const n = r.typeName === 'scene' ? imageName(r.image) : r.typeName === 'combatant' ? imageName((r as CombatantView).portrait) : null
    if (n) held.set(n, r)
  }
  const gmNames = gm.flatMap((r) => {
    const n = r.typeName === 'scene' ? imageName(r.image) : r.typeName === 'combatant' ? imageName((r as CombatantView).portrait) : null
    return n ? [n] : []
  })
  const inPlay = gm.find((r): r is SceneRecord => r.typeName === 'scene' && r.active) ?? null
  let hiddenPixels = 0
  const names = new Set([...everSent, ...gmNames])
  for (const name of names) {
    const bytes = await fetchTableAsset(name)
    if (!bytes) continue
    const holder = held.get(name)
    if (!holder) {
      problems.push(`asset-unnamed: the table's route served ${name}, which its projection does not name now`)
      continue
    }
    if (holder.typeName !== 'scene' || !inPlay?.image) continue
    const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })
    if (info.width !== inPlay.image.width || info.height !== inPlay.image.height) {
      problems.push(
        `asset-size: the table's picture is ${info.width}×${info.height}, the scene's ${inPlay.image.width}×${inPlay.image.height}`,
      )
      continue
    }
    const scale = pxPerMetre(inPlay.grid)
    const fog = fogOf(inPlay)
    for (let y = 0; y < info.height; y++) {
      for (let x = 0; x < info.width; x++) {
        const hidden = sampleOffsets.some((dx) =>
          sampleOffsets.some((dy) => !isRevealed(fog, { x: (x + dx) / scale, y: (y + dy) / scale })),
        )
        if (!hidden) continue
        const i = (y * info.width + x) * 3
        if (data[i] !== 0 || data[i + 1] !== 0 || data[i + 2] !== 0) {
          problems.push(`asset-under-fog: pixel ${x},${y} of ${name} shows what the fog hides`)
          return { problems, hiddenPixels, fetched: names.size }
        }
        hiddenPixels++
      }
    }
  }
  return { problems, hiddenPixels, fetched: names.size }
}
