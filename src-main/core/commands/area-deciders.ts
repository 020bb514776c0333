import { areaMarkLabel } from '../../../src-shared/area-marks'
import type { AreaMarkId, AreaMarkRecord } from '../../../src-shared/records'
import { fail, ok, type Result } from '../../../src-shared/result'
import { findScene, type DecideContext, type Decider, type Decision } from './decide-context'

/** More templates than any table lays; past it a placement is refused rather than the map drowning. */
export const MAX_AREA_MARKS_PER_SCENE = 100

function findMark(ctx: DecideContext, id: AreaMarkId): Result<AreaMarkRecord> {
  const r = ctx.state.get(id)
  return r?.typeName === 'areaMark' ? ok(r) : fail('area/notFound', 'That area template is no longer on the map.')
}

/** The log reads like the map: public for a template the table sees, the GM's for a hidden one. */
const logged = (m: AreaMarkRecord) => ({ visibility: m.hidden ? ('gm' as const) : ('all' as const) })

function put(ctx: DecideContext, record: AreaMarkRecord, label: string, text: string): Result<Decision> {
  return ok({ label, events: [{ type: 'areaMark/put', record }, ctx.log(text, logged(record))] })
}

export const placeArea: Decider<'area/place'> = (ctx, p) => {
  const s = findScene(ctx.state, p.sceneId)
  if (!s.ok) return s
  const count = ctx.state.ofType('areaMark').filter((m) => m.sceneId === s.value.id).length
  if (count >= MAX_AREA_MARKS_PER_SCENE)
    return fail('area/full', `"${s.value.name}" already holds ${MAX_AREA_MARKS_PER_SCENE} area templates: remove some first.`)
  const record: AreaMarkRecord = {
    typeName: 'areaMark',
    id: ctx.newId('areaMark'),
    sceneId: s.value.id,
    x: p.x,
    y: p.y,
    radius: p.radius,
    label: p.label,
    hidden: p.hidden,
  }
  const name = areaMarkLabel(record)
  return put(ctx, record, `Place ${name}`, `${name} placed on "${s.value.name}"${record.hidden ? ' (hidden from the table)' : ''}`)
}

export const moveArea: Decider<'area/move'> = (ctx, p) => {
  const m = findMark(ctx, p.areaId)
  if (!m.ok) return m
  const name = areaMarkLabel(m.value)
  if (m.value.x === p.x && m.value.y === p.y) return fail('area/noChange', `${name} is already there.`)
  const metres = Math.hypot(p.x - m.value.x, p.y - m.value.y)
  return put(ctx, { ...m.value, x: p.x, y: p.y }, `Move ${name}`, `${name} moved ${metres.toFixed(1)} m`)
}

export const editArea: Decider<'area/edit'> = (ctx, p) => {
  const m = findMark(ctx, p.areaId)
  if (!m.ok) return m
  const before = m.value
  const record: AreaMarkRecord = {
    ...before,
    radius: p.radius ?? before.radius,
    label: p.label ?? before.label,
    hidden: p.hidden ?? before.hidden,
  }
  const changes: string[] = []
  if (record.label !== before.label || record.radius !== before.radius) changes.push(`now ${areaMarkLabel(record)}`)
  if (record.hidden !== before.hidden) changes.push(record.hidden ? 'hidden from the table' : 'shown to the table')
  if (changes.length === 0) return fail('area/noChange', `${areaMarkLabel(before)} is already like that.`)
  return put(ctx, record, `Edit ${areaMarkLabel(before)}`, `${areaMarkLabel(before)}: ${changes.join(', ')}`)
}

export const removeArea: Decider<'area/remove'> = (ctx, p) => {
  const m = findMark(ctx, p.areaId)
  if (!m.ok) return m
  const name = areaMarkLabel(m.value)
  return ok({
    label: `Remove ${name}`,
    events: [{ type: 'areaMark/removed', id: m.value.id }, ctx.log(`${name} removed`, logged(m.value))],
  })
}
