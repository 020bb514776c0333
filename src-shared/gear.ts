/**
 * Something a combatant carries that its ruleset will not let it use, or lets it use only
 * worse: the sheet panel shows it beside the item's field, and the card beside the item.
 */
export interface GearProblem {
  /** The sheet form's key of the item's field (the panel's warning goes beside it), or null when no field shows it. */
  readonly field: string | null
  /** The item's name. */
  readonly item: string
  /** Short, with the reason and the rule ("Explosives 0: cannot throw (000 Grenades: needs 6)"). */
  readonly message: string
  /** `cannot`: the rules refuse its use; `worse`: it may be used, with a penalty; `extra`: a number the gear sets that the GM typed over. */
  readonly severity: 'cannot' | 'worse' | 'extra'
}
