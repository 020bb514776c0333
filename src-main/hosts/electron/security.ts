import { app, type Session } from 'electron'
import { isAllowedNavigation, withContentSecurityPolicy } from './window-options'

/**
 * Session-wide hardening, installed before any window exists. Salvo needs no browser
 * permission at all (no camera, notifications, geolocation…), so every request and every
 * check is denied rather than listed.
 */
export function hardenSession(session: Session, csp: string, rendererRoots: readonly string[]): void {
  session.webRequest.onHeadersReceived((details, callback) => {
    // Only our own pages get the policy; anything else (devtools in development) is left alone.
    if (!isAllowedNavigation(details.url, rendererRoots)) {
      callback({})
      return
    }
    callback({ responseHeaders: withContentSecurityPolicy(details.responseHeaders, csp) })
  })
  session.setPermissionRequestHandler((_contents, _permission, callback) => callback(false))
  session.setPermissionCheckHandler(() => false)
  session.setDevicePermissionHandler(() => false)
}

/**
 * Applies to every webContents Electron creates, ours or not: no new windows, no webviews,
 * and no navigation or redirect away from our renderer pages, so script injected into a page
 * cannot swap it for one that would inherit the preload.
 */
export function guardWebContents(rendererRoots: readonly string[]): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.setWindowOpenHandler(() => ({ action: 'deny' }))
    contents.on('will-navigate', (event, url) => {
      if (!isAllowedNavigation(url, rendererRoots)) event.preventDefault()
    })
    contents.on('will-redirect', (event, url) => {
      if (!isAllowedNavigation(url, rendererRoots)) event.preventDefault()
    })
    contents.on('will-attach-webview', (event) => event.preventDefault())
  })
}
