import type { ViewState } from '../../../src-shared/diff'
import { partySightOfRecords, type PartySight } from '../../../src-shared/sight-fog'
import type { SceneView } from '../../../src-shared/views'

/**
 * The projector preview's scenes and the party sight they were judged by: the preview holds only
 * what the table sees (no wall out of sight), so its fog is drawn with the sight worked out from
 * the GM's records, not from what it holds.
 */
const previewSights = new WeakMap<SceneView, PartySight | null>()

export function rememberPreviewSight(scene: SceneView, sight: PartySight | null): void {
  previewSights.set(scene, sight)
}

/** The party's sight to shade a map with (issue 34): the GM's window holds every token and wall, so it is the core's. */
export function shadeSight(scene: SceneView, view: ViewState): PartySight | null {
  if (previewSights.has(scene)) return previewSights.get(scene)!
  return partySightOfRecords(scene, view.records.values())
}
