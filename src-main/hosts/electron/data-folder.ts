import { join } from 'node:path'

/**
 * Where Salvo keeps a GM's campaigns. Electron derives `userData` from the app's name, which
 * is package.json's `productName` when there is one and its `name` otherwise; giving the app a
 * product name for the installers would then move the folder and campaigns would seem to
 * vanish. The folder name is fixed here instead, to the name every earlier build used.
 */
export const DATA_FOLDER_NAME = 'salvo'

/** The pinned `userData` path under the platform's application-data folder. */
export function pinnedUserDataPath(appDataDir: string): string {
  return join(appDataDir, DATA_FOLDER_NAME)
}

/** The campaigns and journal, inside `userData` (as every build so far has put them). */
export function campaignDataDir(userDataDir: string): string {
  return join(userDataDir, 'salvo-data')
}

/** Logs sit beside the data, so "Open data folder" and a GM's backup both find them. */
export function logsDir(userDataDir: string): string {
  return join(userDataDir, 'logs')
}

/**
 * The folder Electron itself would choose for a given package.json, were nothing pinned:
 * used by the tests to show what the pin guards against.
 */
export function electronDefaultUserData(appDataDir: string, manifest: { name?: unknown; productName?: unknown }): string {
  const pick = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null)
  return join(appDataDir, pick(manifest.productName) ?? pick(manifest.name) ?? 'Electron')
}
