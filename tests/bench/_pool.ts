import { resolve } from 'node:path'
import { createRulesetRegistry } from '../../src-main/rules/ruleset-registry'
import { quickNpcFight, TROOPER_FIGHT } from './forecast-fights'
import { poolRuns } from './forecast-pool'
const fights = [TROOPER_FIGHT, ...(await createRulesetRegistry(resolve('resources')).all()).flatMap((r) => quickNpcFight(r) ?? [])]
for (const f of fights) {
  if (process.argv[2] && !f.rulesetId.startsWith(process.argv[2])) continue
  const r = await poolRuns(Number(process.argv[3] ?? 1000), 1, f)
  for (const x of [r!.cold, ...r!.warm])
    console.log(
      f.label,
      `first ${x.firstMs.toFixed(0)} tight ${x.tightMs?.toFixed(0)} (${x.tightFights}) done ${x.doneMs.toFixed(0)} p=${x.partyWins.toFixed(3)}`,
    )
}
