/** The start marks live in the core, which passes most of a start's steps (persistence/start-marks.ts). */
export { markProcessStart, startMark } from '../../core/persistence/start-marks'
