import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { BenchGoal, ReportRow } from './report'

export interface ReportInput {
  readonly machine: string
  readonly storage: string
  readonly startedAt: Date
  readonly seconds: number
  readonly rows: readonly ReportRow[]
  readonly goals: readonly BenchGoal[]
  /** Everything the bench printed, for the detail behind each row. */
  readonly console: readonly string[]
}

/** Pipes would end a cell early. */
const cell = (text: string): string => text.replace(/\|/g, '\\|')

export function markdownTable(rows: readonly ReportRow[]): string {
  return [
    '| Measure | Salvo | Baseline (same run) | Ratio |',
    '| --- | --- | --- | --- |',
    ...rows.map((r) => `| ${cell(r.measure)} | ${cell(r.salvo)} | ${cell(r.baseline)} | ${cell(r.ratio)} |`),
  ].join('\n')
}

export function goalTable(goals: readonly BenchGoal[]): string {
  return [
    '| Goal | Measured | Met |',
    '| --- | --- | --- |',
    ...goals.map((g) => `| ${cell(g.name)} | ${cell(g.measured)} | ${g.met ? 'yes' : '**NO**'} |`),
  ].join('\n')
}

/** bench/report.md: the table first, then the run's full console output. */
export function writeReport(file: string, input: ReportInput): void {
  const text = [
    '# Salvo benchmark report',
    '',
    `Written by \`npm run bench\` on ${input.startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC; the run took ${input.seconds.toFixed(0)} s.`,
    '',
    `- Machine: ${input.machine}`,
    `- Campaign folders: ${input.storage}`,
    '',
    'Every figure stands beside a baseline measured in the same run on the same machine, so the',
    'ratio is the result; the absolute times only say what machine produced them (a 2-core',
    'development machine, possibly busy with other work). Ratios are large ÷ small for the',
    '6-vs-300 rows, Salvo : baseline for the rest.',
    '',
    markdownTable(input.rows),
    '',
    '## Goals',
    '',
    'Each goal is checked in the run that measured it; `npm run bench` exits non-zero when one is missed.',
    '',
    goalTable(input.goals),
    '',
    '## The run, as printed',
    '',
    '```text',
    ...input.console,
    '```',
    '',
  ].join('\n')
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
}
