/**
 * What stands between two places on a battle map (issue 34): walls, low cover, windows and doors,
 * as every rule with a line, a "can see" or an area reads them — attacks, cover, zones, blasts,
 * fog by sight, the autopilot and the forecast. One module to import, so the line the GM sees
 * blocked and the rules' verdict cannot disagree; its parts live beside it by job: the segments
 * and their index (wall-index.ts), cover (wall-cover.ts), and areas cut by walls (wall-areas.ts).
 */

export * from './wall-index'
export * from './wall-cover'
export * from './wall-areas'
