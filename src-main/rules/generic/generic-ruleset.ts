import type { Ruleset } from '../ruleset'
import { rollGenericInitiative } from './generic-initiative'

export const genericRuleset: Ruleset = {
  id: 'generic-d100',
  name: 'Generic (d100 + modifier initiative)',
  rollInitiative: rollGenericInitiative,
  economy: () => [{ key: 'turn', label: 'Turn', count: 1, per: 'turn' }],
  conditions: [],
}
