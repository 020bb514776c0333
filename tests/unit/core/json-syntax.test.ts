import { describe, expect, it } from 'vitest'
import { findJsonSyntaxProblem } from '../../../src-main/core/transfer/json-syntax'

const parses = (t: string) => {
  try {
    JSON.parse(t)
    return true
  } catch {
    return false
  }
}

describe('finding where JSON goes wrong', () => {
  const samples = [
    '{}',
    '[]',
    '0',
    '-0.5e+3',
    '"a\\u00e9\\n"',
    'true',
    ' null ',
    '{"a":[1,2,{"b":false}],"c":"x"}',
    '[1,]',
    '{"a":1,}',
    '{a:1}',
    "{'a':1}",
    '01',
    '1.',
    '.5',
    '-',
    '1e',
    '"\\x"',
    '"\\u12"',
    '"a\nb"',
    'tru',
    'nul',
    '[1 2]',
    '{"a" 1}',
    '{"a":1}}',
    '{"a":1} x',
    '',
    '   ',
    '[',
    '{"a":',
    '"abc',
    '[[[[]]]]',
    '{"a":{"b":{"c":[[]]}}}',
    'NaN',
    '\u00a0{}',
    '{"a":1\n,\n"b":2}',
  ]
  it.each(samples)('agrees with JSON.parse on %j', (text) => {
    expect(findJsonSyntaxProblem(text) === null).toBe(parses(text))
  })

  it('names the line and column, and tells a cut-off text from a mistyped one', () => {
    expect(findJsonSyntaxProblem('{\n  "a": 1,\n  "b" 2\n}')).toMatchObject({
      line: 3,
      column: 7,
      truncated: false,
      problem: 'unexpected "2" where ":" after the property name should be',
    })
    expect(findJsonSyntaxProblem('{\n  "a": [1, 2')).toMatchObject({ line: 2, column: 13, truncated: true })
    expect(findJsonSyntaxProblem('\u0000')).toMatchObject({ problem: 'unexpected U+0000 where a value should be' })
  })

  it('copes with nesting far deeper than the call stack', () => {
    const deep = '['.repeat(1_000_000)
    expect(findJsonSyntaxProblem(deep)).toMatchObject({ truncated: true, line: 1, column: 1_000_001 })
  })
})
