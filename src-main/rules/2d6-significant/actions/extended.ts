import type { ActionDefinition } from '../../../../src-shared/attack'
import { fail, ok, type Result } from '../../../../src-shared/result'
import type { Dice } from '../../dice'
import type { ActionResolution, RulesCombatant } from '../../ruleset'
import type { Sheet } from '../sheet/sheet-schema'
import { SKILL_CHARACTERISTIC } from '../sheet/skills'
import { acted, offer } from './resolution'
import { progressText, startTask, workRound } from './extended-task'

const skillChoices = (s: Sheet) =>
  [...new Set([...Object.keys(s.skills), ...Object.keys(SKILL_CHARACTERISTIC)])].sort().map((k) => ({ value: k, label: k }))

/** T7: start a task that outlasts a round, work a round at it, or give it up. */
export function extendedDefinitions(actor: RulesCombatant, s: Sheet): ActionDefinition[] {
  const task = s.live.extended
  const skills = skillChoices(s)
  return [
    offer(
      actor,
      'significant',
      {
        key: 'task-start',
        label: 'Start an extended task (2d6 rounds; this round is the first)',
        target: 'none',
        options: [{ key: 'skill', label: 'Skill', kind: 'choice', value: skills[0]?.value ?? 'Mechanic', choices: skills }],
      },
      task ? `already working at ${progressText(task)}` : null,
    ),
    offer(
      actor,
      'significant',
      { key: 'task-work', label: task ? `Work at the task (${progressText(task)})` : 'Work at the task', target: 'none', options: [] },
      task ? null : 'no task under way',
    ),
    offer(actor, 'free', { key: 'task-drop', label: 'Give up the task', target: 'none', options: [] }, task ? null : 'no task under way'),
  ]
}

export function performExtended(
  action: string,
  actor: RulesCombatant,
  s: Sheet,
  options: Readonly<Record<string, unknown>>,
  dice: Dice,
): Result<ActionResolution> {
  const task = s.live.extended
  if (action === 'task-start') {
    const skill = typeof options['skill'] === 'string' && options['skill'] ? options['skill'] : null
    if (!skill) return fail('task/noSkill', 'Pick the skill the task uses.')
    if (task) return fail('task/busy', `${actor.name} is already working at ${progressText(task)}; give it up first.`)
    const rounds = dice.roll({ count: 2, sides: 6, modifier: 0 }, `${actor.name}: how many rounds the ${skill} task takes (T7)`)
    const next = startTask(skill, rounds.total)
    return ok(
      acted(
        actor,
        { ...s, live: { ...s.live, extended: next } },
        'significant',
        `${actor.name} starts a ${skill} task: ${rounds.total} rounds, 1 done (T7)`,
        { rolls: [rounds] },
      ),
    )
  }
  if (!task) return fail('task/none', `${actor.name} is not working at a task.`)
  if (action === 'task-drop')
    return ok(
      acted(
        actor,
        { ...s, live: { ...s.live, extended: null } },
        'free',
        `${actor.name} gives up the ${task.skill} task (${task.roundsDone}/${task.roundsNeeded} rounds done)`,
      ),
    )
  const step = workRound(task)
  switch (step.kind) {
    case 'already':
      return fail('task/already', `${actor.name} has already worked at the task this round (one round of work per round, T7).`)
    case 'done':
      return ok(
        acted(
          actor,
          { ...s, live: { ...s.live, extended: null } },
          'significant',
          `${actor.name} finishes the ${task.skill} task after ${task.roundsNeeded} rounds (T7)`,
        ),
      )
    case 'lost':
      return ok(
        acted(
          actor,
          s,
          'significant',
          `${actor.name} works at the ${task.skill} task, but this round's work was lost to damage: ${progressText(step.task)} (T7)`,
        ),
      )
    case 'progress':
      return ok(
        acted(
          actor,
          { ...s, live: { ...s.live, extended: step.task } },
          'significant',
          `${actor.name} works at the task: ${progressText(step.task)} (T7)`,
        ),
      )
  }
}
