import { describe, expect, it } from 'vitest'
import { DEFAULT_PROJECTOR, ribbonNextOf } from '../../../src-shared/records'
import { projectorSchema } from '../../../src-main/core/persistence/scene-schemas'
import { ProjectionContext, projectRecord } from '../../../src-main/core/projection/project-record'
import { CampaignHarness } from '../helpers/campaign-harness'
import { tempDir } from '../helpers/temp-dir'

describe("the table ribbon's setting (issue 16)", () => {
  it('defaults to fit all, is set by projector/set, reaches the table and survives a reopen', async () => {
    const h = await CampaignHarness.create('ribbon', tempDir())
    expect(ribbonNextOf(DEFAULT_PROJECTOR)).toBe('fit')
    h.must('projector/set', { ribbonNext: 3 })
    const p = h.campaign.store.get('projector')!
    expect(p).toMatchObject({ ribbonNext: 3, mode: 'fit', blank: false })
    expect(projectRecord(p, new ProjectionContext(h.campaign.store, 'player'))).toEqual(p)
    expect(h.run('projector/set', { ribbonNext: 3 })).toMatchObject({ ok: false, error: { code: 'projector/noChange' } })
    // Other projector changes keep it.
    h.must('projector/set', { blank: true })
    expect(h.campaign.store.get('projector')).toMatchObject({ ribbonNext: 3, blank: true })
    expect((await h.reopen()).ok).toBe(true)
    expect(h.campaign.store.get('projector')).toMatchObject({ ribbonNext: 3 })
    h.must('projector/set', { ribbonNext: 'fit' })
    expect(h.campaign.store.get('projector')).toMatchObject({ ribbonNext: 'fit' })
  })

  it('refuses a window the ribbon cannot show, with a clear error', async () => {
    const h = await CampaignHarness.create('ribbon-bad', tempDir())
    for (const bad of [0, -1, 13, 2.5, 'all', null, 1e9]) {
      const r = h.run('projector/set', { ribbonNext: bad } as never)
      expect(r.ok, String(bad)).toBe(false)
    }
    const p = h.campaign.store.get('projector')
    expect(ribbonNextOf(p?.typeName === 'projector' ? p : DEFAULT_PROJECTOR)).toBe('fit')
  })

  it('a projector saved before the setting existed still opens, and fits', () => {
    const old = { typeName: 'projector', id: 'projector', mode: 'follow', view: null, blank: false }
    const parsed = projectorSchema.safeParse(old)
    expect(parsed.success).toBe(true)
    expect(ribbonNextOf(parsed.data!)).toBe('fit')
    expect(projectorSchema.safeParse({ ...old, ribbonNext: 40 }).success).toBe(false)
  })
})
