import { beforeAll, describe, expect, it } from 'vitest'
import { unreachedRuleCode } from './rule-reachability'

/*
 * Issue 14: no rule code is unreachable. Every top-level function and value under
 * src-main/rules/ must be named, directly or through other live code, from the core or the
 * hosts; what no command reaches is wired or deleted.
 *
 * PENDING lists what is not reached yet, each with the issue-14 item that wires or deletes it
 * (docs/plans/issue-14-inventory.md). It may only shrink: an entry that is now reached fails
 * the test until it is taken off, so the list never hides live code and always shows that the
 * walk finds dead code.
 */
// Issue 31 emptied it: the d20 and 2d6 reach took up mapGap, the d10 and Compound X scattered grenades underArea.
const PENDING: Readonly<Record<string, string>> = {}

describe('rule code is reached from a command or request path', () => {
  let unreached: string[] = []
  // One type-checked walk of the whole program: seconds, not milliseconds.
  beforeAll(() => {
    unreached = unreachedRuleCode().map((u) => `${u.file.replace('src-main/rules/', '')}#${u.name}`)
  }, 120_000)

  it('every top-level function and value under src-main/rules/ is named by live code, or is pending', () => {
    expect(unreached.filter((key) => !(key in PENDING))).toEqual([])
  })

  it('the pending list only names code that is still unreached (take an entry off once it is wired or deleted)', () => {
    expect(Object.keys(PENDING).filter((key) => !unreached.includes(key))).toEqual([])
  })
})
