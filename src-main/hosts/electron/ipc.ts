import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron'
import { MESSAGE_CHANNEL, REQUEST_NAMES, requestChannel, type RequestName, type ServerMessage } from '../../../src-shared/contract'
import { fail, type Result } from '../../../src-shared/result'
import type { ViewRole } from '../../../src-shared/views'
import type { Connection, SalvoCore } from '../../core/app/salvo-core'
import { SenderRegistry, isTrustedSenderUrl } from './sender-registry'

export interface IpcBridge {
  /** Gives a window its role and its own core connection, for as long as its webContents lives. */
  attach(contents: WebContents, role: ViewRole): void
  /** Removes every handler and closes every connection (used on quit). */
  dispose(): void
}

/**
 * The Electron twin of browser mode's WebSocket server: one `ipcMain.handle` per request,
 * each forwarding to the calling window's connection. The role is looked up from the
 * sender, never taken from the message, and every path answers with a Result, because an
 * exception thrown in a handler reaches the renderer as a bare, unstructured rejection.
 */
export function installIpc(core: SalvoCore, rendererRoots: readonly string[]): IpcBridge {
  const registry = new SenderRegistry()
  const connections = new Map<number, Connection>()

  const handle = async (name: RequestName, event: IpcMainInvokeEvent, input: unknown): Promise<Result<unknown>> => {
    try {
      const id = event.sender.id
      const role = registry.roleOf(id)
      const connection = connections.get(id)
      if (role === null || connection === undefined) {
        return fail('ipc/unknownSender', 'This window is not a Salvo window, so Salvo ignored its request.')
      }
      // senderFrame is null once the frame has navigated away or gone; a subframe (parent set)
      // is not a page we loaded, even inside our own window.
      const frame = event.senderFrame
      if (frame === null || frame.parent !== null || !isTrustedSenderUrl(frame.url, rendererRoots)) {
        return fail('ipc/untrustedFrame', 'The request came from a page Salvo did not load, so it was refused.')
      }
      return await connection.request(name, input)
    } catch (e) {
      return fail('ipc/failed', `Salvo could not handle ${name}: ${(e as Error).message}`)
    }
  }

  for (const name of REQUEST_NAMES) {
    ipcMain.handle(requestChannel(name), (event, input: unknown) => handle(name, event, input))
  }

  const detach = (id: number) => {
    connections.get(id)?.close()
    connections.delete(id)
    registry.unregister(id)
  }

  return {
    attach(contents, role) {
      // Read once: a destroyed webContents throws on property access.
      const id = contents.id
      registry.register(id, role)
      const send = (message: ServerMessage) => {
        if (contents.isDestroyed()) return
        try {
          contents.send(MESSAGE_CHANNEL, message)
        } catch (e) {
          // The core pushes to every window in one loop; one failing window must not stop the rest.
          console.error(`Salvo could not update the ${role} window: ${(e as Error).message}`)
        }
      }
      connections.set(id, core.connect(role, send))
      contents.once('destroyed', () => detach(id))
    },
    dispose() {
      for (const name of REQUEST_NAMES) ipcMain.removeHandler(requestChannel(name))
      for (const id of [...connections.keys()]) detach(id)
    },
  }
}
