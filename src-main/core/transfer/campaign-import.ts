import { fail, type Result } from '../../../src-shared/result'
import type { Ruleset } from '../../rules/ruleset'
import { readCampaignFileWithAssets, type ReadCampaign } from './campaign-file'
import { uprightCampaignPictures } from './campaign-upright'
import { rulesetDataProblem } from './ruleset-data'

/**
 * Everything an imported file must pass before any folder is made for it: the file itself,
 * a ruleset this Salvo has, and that ruleset's own check of the data it will read. What comes
 * back has its pictures upright (`uprightCampaignPictures`), ready to be written as it is.
 */
export async function checkCampaignImport(
  fileName: string,
  text: string,
  findRuleset: (id: string) => Ruleset | undefined,
): Promise<Result<ReadCampaign>> {
  const read = readCampaignFileWithAssets(fileName, text)
  if (!read.ok) return read
  const campaign = read.value.document.records['campaign']
  if (campaign?.typeName !== 'campaign') return fail('import/invalid', `${fileName}: document › records: the campaign record is missing.`)
  const ruleset = findRuleset(campaign.rulesetId)
  if (!ruleset) {
    return fail(
      'import/unknownRuleset',
      `${fileName} is a campaign for the ruleset "${campaign.rulesetId.slice(0, 60)}", which this version of Salvo does not have.`,
    )
  }
  const problem = rulesetDataProblem(read.value.document, ruleset)
  if (problem) return fail('import/invalid', `${fileName}: document › ${problem}.`)
  return uprightCampaignPictures(fileName, read.value)
}
