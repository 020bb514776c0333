/** Types for `test-processes.mjs` (see there). */
export interface MarkedProcess {
  readonly pid: number
  readonly command: string
}
export declare const RUN_MARK: 'SALVO_TEST_RUN'
export declare function marked(runId: string): MarkedProcess[]
export declare function leftBehind(runId: string, options?: { settleMs?: number }): Promise<MarkedProcess[]>
export declare function endProcesses(processes: readonly MarkedProcess[], options?: { graceMs?: number }): Promise<MarkedProcess[]>
