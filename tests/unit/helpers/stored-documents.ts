/** Stored records and documents as a campaign file holds them, for tests of the document check. */

/** A document of the current format holding `records` besides the campaign, its generator and an empty history. */
export const documentWith = (...records: Record<string, unknown>[]) => ({
  schemaVersion: 2,
  journalSeq: 0,
  records: {
    campaign: { typeName: 'campaign', id: 'campaign', name: 'C', rulesetId: 'generic-d100', createdAt: '2026-11-22T19:00:00.000Z' },
    rng: { typeName: 'rng', id: 'rng', seed: 's', state: { c: 1, s0: 0.1, s1: 0.2, s2: 0.3 } },
    history: { typeName: 'history', id: 'history', undo: [], redo: [] },
    ...Object.fromEntries(records.map((r) => [r['id'] as string, r])),
  },
})

/** A scene with a picture and no grid. */
export const storedScene = {
  typeName: 'scene',
  id: 'scene:s1',
  name: 'Yard',
  image: { hash: 'a'.repeat(64), ext: 'png', width: 8, height: 8, fileName: 'yard.png' },
  grid: { kind: 'none', pxPerMetre: 10 },
  active: true,
}

/** A visible NPC as a player window holds it: numbers as a band, nothing of the GM's. */
export const npcView = {
  typeName: 'combatant',
  id: 'combatant:f',
  name: 'Foe',
  side: 'enemy',
  kind: 'npc',
  hidden: false,
  numbers: { kind: 'secret', band: 'hurt' },
  initiative: null,
  orderKey: 1,
  rules: null,
  card: null,
  conditions: [],
  delayed: false,
  standing: null,
  turn: null,
  templateId: null,
} as const
