import type { DomainEvent } from '../../../src-shared/events'
import {
  FRESH_TURN_STATE,
  type CombatantId,
  type CombatantRecord,
  type EncounterId,
  type EncounterRecord,
} from '../../../src-shared/records'
import type { Draft } from '../state/draft'
import { EMPTY_STORY } from '../../../src-shared/table-story'
import { applyStory } from './story-apply'
import { EMPTY_HISTORY, type HistoryRecord, type RecordChange } from '../state/stored-records'

/** An event that cannot apply to the state it meets: a bug, or a damaged journal. */
export class ApplyError extends Error {}

function combatant(draft: Draft, id: CombatantId): CombatantRecord {
  const r = draft.get(id)
  if (r?.typeName !== 'combatant') throw new ApplyError(`no combatant ${id}`)
  return r
}

function encounter(draft: Draft, id: EncounterId): EncounterRecord {
  const r = draft.get(id)
  if (r?.typeName !== 'encounter') throw new ApplyError(`no encounter ${id}`)
  return r
}

function history(draft: Draft): HistoryRecord {
  const r = draft.get('history')
  return r?.typeName === 'history' ? r : EMPTY_HISTORY
}

function restore(draft: Draft, changes: readonly RecordChange[], side: 'from' | 'to'): void {
  for (const c of changes) {
    const value = c[side]
    if (value === null) draft.remove(c.id)
    else draft.put(value)
  }
}

/**
 * Applies one event to the draft. Pure with respect to everything but the draft: no clock,
 * no randomness, no I/O — replaying a journal through it reproduces the state exactly.
 */
export function applyEvent(draft: Draft, event: DomainEvent): void {
  switch (event.type) {
    case 'combatant/added':
      if (draft.get(event.record.id)) throw new ApplyError(`${event.record.id} exists already`)
      // Journals written before turn state existed carry combatants without it.
      draft.put({ ...FRESH_TURN_STATE, ...event.record })
      return
    case 'combatant/turnStateChanged':
      draft.put({ ...combatant(draft, event.combatantId), ...event.patch })
      return
    case 'campaign/rulesetSettingChanged': {
      const c = draft.get('campaign')
      if (c?.typeName !== 'campaign') throw new ApplyError('the campaign record is missing')
      draft.put({ ...c, rulesetSettings: { ...c.rulesetSettings, [event.key]: event.value } })
      return
    }
    case 'campaign/renamed': {
      const c = draft.get('campaign')
      if (c?.typeName !== 'campaign') throw new ApplyError('the campaign record is missing')
      draft.put({ ...c, name: event.name })
      return
    }
    case 'template/put':
    case 'plan/put':
    case 'prompt/put':
    case 'scene/put':
    case 'token/put':
    case 'areaMark/put':
    case 'wall/put':
    case 'projector/put':
      draft.put(event.record)
      return
    case 'template/removed':
    case 'plan/removed':
    case 'prompt/removed':
    case 'scene/removed':
    case 'token/removed':
    case 'areaMark/removed':
    case 'wall/removed': {
      const kind = event.type.slice(0, event.type.indexOf('/'))
      if (draft.get(event.id)?.typeName !== kind) throw new ApplyError(`no ${kind} ${event.id}`)
      draft.remove(event.id)
      return
    }
    case 'combatant/edited': {
      const c = combatant(draft, event.combatantId)
      const next = { ...c, ...event.changes }
      draft.put({ ...next, hp: Math.min(next.hp, next.maxHp) })
      return
    }
    case 'combatant/removed': {
      const removed = combatant(draft, event.combatantId)
      draft.remove(event.combatantId)
      // A token without its combatant has nothing to show.
      for (const t of draft.ofType('token')) if (t.combatantId === event.combatantId) draft.remove(t.id)
      for (const e of draft.ofType('encounter')) {
        if (e.currentCombatantId === event.combatantId) {
          draft.put({ ...e, currentCombatantId: null, turnAnchor: removed.orderKey })
        }
      }
      return
    }
    case 'combatant/hpChanged':
      draft.put({ ...combatant(draft, event.combatantId), hp: event.hp })
      return
    case 'combatant/portraitChanged': {
      const { portrait: _, ...rest } = combatant(draft, event.combatantId)
      draft.put(event.portrait ? { ...rest, portrait: event.portrait } : rest)
      return
    }
    case 'combatant/visibilityChanged':
      draft.put({ ...combatant(draft, event.combatantId), hidden: event.hidden })
      return
    case 'combatant/rulesChanged': {
      const c = combatant(draft, event.combatantId)
      const maxHp = event.maxHp ?? c.maxHp
      // Someone at full health stays at full when the sheet changes the maximum; wounds are kept.
      const hp = c.hp >= c.maxHp ? maxHp : Math.min(c.hp, maxHp)
      draft.put({ ...c, rules: event.rules, maxHp, hp })
      return
    }
    case 'content/put':
      draft.put(event.record)
      return
    case 'content/removed':
      if (draft.get(event.id)?.typeName !== 'content') throw new ApplyError(`no content item ${event.id}`)
      draft.remove(event.id)
      return
    case 'encounter/started':
      if (draft.get(event.record.id)) throw new ApplyError(`${event.record.id} exists already`)
      draft.put(event.record)
      return
    case 'initiative/rolled': {
      encounter(draft, event.encounterId)
      for (const r of event.results) {
        draft.put({ ...combatant(draft, r.combatantId), initiative: r.initiative, orderKey: r.orderKey })
      }
      return
    }
    case 'turn/changed': {
      const e = encounter(draft, event.encounterId)
      draft.put({ ...e, round: event.round, currentCombatantId: event.combatantId, turnAnchor: null })
      return
    }
    case 'encounter/surpriseSet': {
      const e = encounter(draft, event.encounterId)
      draft.put({ ...e, surprise: event.surprise })
      return
    }
    case 'encounter/ended': {
      const e = encounter(draft, event.encounterId)
      draft.put({ ...e, status: 'ended', currentCombatantId: null, turnAnchor: null })
      for (const c of draft.ofType('combatant')) {
        // Conditions outlive the fight (a burn keeps burning); the turn's bookkeeping does not.
        if (c.initiative !== null || c.orderKey !== null || c.delayed || c.held || Object.keys(c.spent).length)
          draft.put({ ...c, initiative: null, orderKey: null, delayed: false, held: null, spent: {} })
      }
      return
    }
    case 'story/told': {
      const current = draft.get('story')
      draft.put(applyStory(current?.typeName === 'story' ? current : EMPTY_STORY, event))
      return
    }
    case 'log/written':
      if (draft.get(event.entry.id)) throw new ApplyError(`${event.entry.id} exists already`)
      draft.put(event.entry)
      return
    case 'rng/advanced': {
      const rng = draft.get('rng')
      if (rng?.typeName !== 'rng') throw new ApplyError('the campaign has no random generator record')
      draft.put({ ...rng, state: event.state })
      return
    }
    case 'history/undone': {
      const h = history(draft)
      const mark = h.undo.at(-1)
      if (!mark || mark.commandId !== event.commandId) throw new ApplyError(`nothing to undo for ${event.commandId}`)
      restore(draft, [...mark.changes].reverse(), 'from')
      draft.put({ ...h, undo: h.undo.slice(0, -1), redo: [...h.redo, mark] })
      return
    }
    case 'history/redone': {
      const h = history(draft)
      const mark = h.redo.at(-1)
      if (!mark || mark.commandId !== event.commandId) throw new ApplyError(`nothing to redo for ${event.commandId}`)
      restore(draft, mark.changes, 'to')
      draft.put({ ...h, redo: h.redo.slice(0, -1), undo: [...h.undo, mark] })
      return
    }
  }
}
