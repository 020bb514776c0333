import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { COMMAND_TYPES, commandMetaSchema, commandPayloadSchemas, isUndoable, type CommandType } from '../../../src-shared/commands'
import { PLAYER_REQUESTS, REQUEST_NAMES, type RequestName } from '../../../src-shared/contract'
import { requestInputSchemas } from '../../../src-shared/request-schemas'
import { requestSemantics, rulesTheRulesetRefuses, unknownIds } from '../../support/fuzz-commands'
import { envelope, fuzzFixture, type FuzzFixture } from '../../support/fuzz-fixture'
import { liveExample, liveRequest } from '../../support/fuzz-live-examples'
import { describeCase, int, mutate, pick, sitesOf, type Rng, type SemanticHook, type Site } from '../../support/fuzz-mutate'
import { allRefused, CASES, refusalProblem, type FuzzCase } from '../../support/fuzz-run'

/**
 * Every command of the contract, sent to the real core (a campaign on disk with one of
 * everything) with payloads broken on purpose: wrong types, oversized strings, deep nesting,
 * unknown and prototype keys, NaN and infinities, numbers out of range, keys left out, arrays
 * for objects, null, ids of records that do not exist — and with broken envelopes and metas.
 * Each must come back as a typed refusal and change nothing. 1,000 cases a command in
 * `npm test`, 10,000 under SALVO_STRESS=1; a failure names its seed and case.
 */

let f: FuzzFixture
beforeAll(async () => {
  f = await fuzzFixture()
}, 60_000)
afterAll(async () => f?.close())

/** The fixture's state refuses these examples whatever the payload: the mutations still must be refused. */
const REFUSED_BY_STATE = {
  'prompt/resolve': 'prompt/notFound',
  'prompt/dismiss': 'prompt/notFound',
  'campaign/setRulesetSetting': 'settings/unknown',
  'plan/start': 'encounter/alreadyRunning',
  'encounter/start': 'encounter/alreadyRunning',
  // The fixture's fight is still running: there is no recap on the table to dismiss.
  'story/dismissRecap': 'story/noRecap',
}

const semantic: SemanticHook = (path, schema, valid) => [...unknownIds(path, schema, valid), ...rulesTheRulesetRefuses(path, schema, valid)]

/** The envelope around a valid payload, broken: its type, its meta, or a key too many. */
function brokenEnvelope(type: CommandType, payload: unknown, metaSites: readonly Site[], rng: Rng): { value: unknown; what: string } {
  const roll = rng()
  if (roll < 0.3) {
    const t = pick(rng, [
      `${type} `,
      type.toUpperCase(),
      `${type}/x`,
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'x'.repeat(int(rng, 65, 5000)),
      42,
      null,
      ['history/undo'],
    ])
    return { value: { type: t, payload, meta: { commandId: 'fz-1' } }, what: `type ${JSON.stringify(t).slice(0, 40)}` }
  }
  if (roll < 0.45) {
    // Valid in form, but not the campaign that is open: refused as meant for another.
    return {
      value: { type, payload, meta: { commandId: 'fz-2', campaignId: `fz-other-${int(rng, 0, 999)}` } },
      what: 'meta.campaignId of another campaign',
    }
  }
  if (roll < 0.6) {
    const extra = pick(rng, ['__proto__', 'constructor', 'extra', 'version'])
    const value = { type, payload, meta: { commandId: 'fz-3' } }
    Object.defineProperty(value, extra, { value: { polluted: true }, enumerable: true })
    return { value, what: `an envelope key "${extra}"` }
  }
  if (roll < 0.7) return { value: pick(rng, [null, [], 'history/undo', 7, { type, payload }]), what: 'no envelope' }
  const m = mutate({ commandId: 'fz-4' }, metaSites, rng, int(rng, 1, 2))
  return { value: { type, payload, meta: m.value }, what: `meta: ${describeCase(m.mutations, m.value)}` }
}

describe('malformed commands are refused with a typed error and change nothing', () => {
  const metaSites = sitesOf(commandMetaSchema, { commandId: 'fz-4' }, { strict: true })

  it("starts every command from a payload the campaign takes, so each refusal is the mutation's doing", async () => {
    // On a copy of the fixture: each example is dispatched for real, then undone.
    const copy = await fuzzFixture()
    try {
      const outcomes: Record<string, string> = {}
      for (const type of COMMAND_TYPES) {
        const r = await copy.gm.request('dispatch', envelope(type, liveExample(type, copy.ids)))
        outcomes[type] = r.ok ? 'ok' : r.error.code
        if (r.ok && isUndoable(type)) await copy.gm.must('dispatch', envelope('history/undo', {}))
      }
      expect(outcomes).toEqual({ ...Object.fromEntries(COMMAND_TYPES.map((t) => [t, 'ok'])), ...REFUSED_BY_STATE })
    } finally {
      await copy.close()
    }
  }, 60_000)

  for (const type of COMMAND_TYPES) {
    it(`${type}: ${CASES} cases`, async () => {
      const base = liveExample(type, f.ids)
      const sites = sitesOf(commandPayloadSchemas[type] as z.ZodType, base, { semantic, strict: true })
      expect(sites.length).toBeGreaterThan(0)
      const make = (rng: Rng): FuzzCase => {
        if (rng() < 0.15) {
          const e = brokenEnvelope(type, base, metaSites, rng)
          return { what: e.what, send: () => f.gm.request('dispatch', e.value as never) }
        }
        const { value, mutations } = mutate(base, sites, rng, pick(rng, [1, 1, 2, 3]))
        return { what: describeCase(mutations, value), send: () => f.gm.request('dispatch', envelope(type, value)) }
      }
      expect(await allRefused(f, `command:${type}`, CASES, make)).toEqual([])
    })
  }
})

describe('the refusal check itself', () => {
  it('calls an accepted command, a caught crash and a wordless error what they are', () => {
    expect(refusalProblem({ ok: true, value: 1 })).toBe('accepted')
    expect(
      refusalProblem({ ok: false, error: { code: 'core/failed', message: 'Salvo hit an unexpected problem handling dispatch: x' } }),
    ).toMatch(/unexpected/)
    expect(refusalProblem({ ok: false, error: { code: 'combatant/notFound', message: '' } })).toMatch(/no message/)
    expect(refusalProblem({ ok: false, error: { code: 'oops', message: 'A sentence long enough.' } })).toMatch(/malformed code/)
    expect(
      refusalProblem({ ok: false, error: { code: 'combatant/notFound', message: 'No combatant combatant:x in this campaign.' } }),
    ).toBeNull()
  })

  it('notices an accepted command among the cases (a campaign rename sent as a "bad" case)', async () => {
    const failures = await allRefused(f, 'check', 3, (_rng, i) => ({
      what: `rename ${i}`,
      send: () => f.gm.request('dispatch', envelope('campaign/rename', { name: i === 1 ? 'Fuzz renamed' : '' })),
    }))
    expect(failures.join('\n')).toMatch(/accepted — check #1: rename 1/)
    await f.gm.must('dispatch', envelope('history/undo', {}))
    f.expected = await f.state()
  })

  it('notices a case that reaches Object.prototype', async () => {
    const proto = Object.prototype as Record<string, unknown>
    const failures = await allRefused(f, 'pollute', 1, () => ({
      what: 'pollute',
      send: async () => {
        proto['polluted'] = true
        return { ok: false, error: { code: 'test/refused', message: 'Refused, but too late.' } }
      },
    }))
    delete proto['polluted']
    expect(failures).toEqual(['Object.prototype was polluted during pollute'])
  })
})

describe('malformed requests are refused with a typed error and change nothing', () => {
  const names = REQUEST_NAMES.filter((n): n is Exclude<RequestName, 'dispatch'> => n !== 'dispatch')
  let campaign: { id: string; backup: string; export: string }
  beforeAll(async () => {
    campaign = {
      id: f.campaignId,
      backup: (await f.gm.must('listBackups', undefined))[0]!.name,
      export: (await f.gm.must('exportCampaign', undefined)).text,
    }
  })

  for (const name of names) {
    it(`${name}: ${CASES} cases`, async () => {
      const base = liveRequest(name, f.ids, campaign)
      const sites = sitesOf(requestInputSchemas[name] as z.ZodType, base, { semantic: requestSemantics, strict: true, hugeCap: 4_000_000 })
      expect(sites.length).toBeGreaterThan(0)
      const make = (rng: Rng): FuzzCase => {
        const { value, mutations } = mutate(base, sites, rng, pick(rng, [1, 1, 2]))
        return { what: describeCase(mutations, value), send: () => f.gm.request(name, value as never) }
      }
      expect(await allRefused(f, `request:${name}`, CASES, make)).toEqual([])
    })
  }

  it(`the player window: ${CASES} requests it may not make, well formed or not, all forbidden`, async () => {
    const gmOnly = names.filter((n) => !PLAYER_REQUESTS.has(n))
    const make = (rng: Rng): FuzzCase => {
      const name = pick(rng, [...gmOnly, 'dispatch'] as const)
      const input = name === 'dispatch' ? envelope('campaign/rename', { name: 'Mine now' }) : liveRequest(name, f.ids, campaign)
      return { what: name, send: () => f.player.request(name, input as never), code: 'request/forbidden' }
    }
    expect(await allRefused(f, 'player', CASES, make)).toEqual([])
  })

  it(`${CASES} requests that do not exist, prototype names among them`, async () => {
    const make = (rng: Rng): FuzzCase => {
      const name = pick(rng, [
        '__proto__',
        'constructor',
        'toString',
        'hasOwnProperty',
        'valueOf',
        'dispatch ',
        'Snapshot',
        'x'.repeat(int(rng, 1, 5000)),
        `fz${int(rng, 0, 1e6)}`,
      ])
      const role = pick(rng, [f.gm, f.player])
      return {
        what: `${name.slice(0, 40)} (${role === f.gm ? 'gm' : 'player'})`,
        send: () => role.request(name as never, pick(rng, [undefined, {}, null]) as never),
        code: 'request/unknown',
      }
    }
    expect(await allRefused(f, 'unknown-request', CASES, make)).toEqual([])
  })
})
