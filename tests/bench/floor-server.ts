import { createServer } from 'node:http'
import { WebSocketServer, type WebSocket } from 'ws'

/*
 * The paint bench's floor: two blank pages and a server that only echoes a click over a
 * WebSocket to every page, with no application at all. Timed the same way as the desk, it shows
 * what any page on this machine pays from an input to the frame that shows its echo: the
 * socket round trip through a second process and the wait for the next frame. Started like
 * browser mode (`--port 0`), and it prints its address the same way so `WebProcess` can run it.
 */

/*
 * The GM's blank page has one control per input path the desk's commands use (paint-input.ts):
 * a field that sends on Enter's keydown, a button that sends on click, and a box that sends when
 * a drag over it is dropped; and a button that changes its own page with no socket.
 */
const page = (withControls: boolean) => `<!doctype html><html><head><meta charset="utf-8"><title>floor</title>
<style>body{font:16px sans-serif;margin:40px} button,input{font-size:20px;margin-right:12px}
#drag{width:240px;height:120px;margin-top:24px;background:#ccd;touch-action:none;user-select:none}</style></head><body>
${withControls ? '<input id="field" value="1"> <button id="act">Act</button> <button id="local">Local</button><div id="drag">drag</div>' : ''}
<p>Count: <span id="value">0</span></p>
<script>
  const value = document.getElementById('value')
  const socket = new WebSocket('ws://' + location.host + '/ws')
  socket.onmessage = (e) => { value.textContent = String(e.data) }
  socket.onopen = () => document.body.dataset.ready = 'yes'
  let local = 0
  document.getElementById('field')?.addEventListener('keydown', (e) => { if (e.key === 'Enter') socket.send('act') })
  document.getElementById('act')?.addEventListener('click', () => socket.send('act'))
  document.getElementById('local')?.addEventListener('click', () => { value.textContent = 'local ' + ++local })
  const drag = document.getElementById('drag')
  let from = null
  drag?.addEventListener('pointerdown', (e) => { from = e.clientX; drag.setPointerCapture(e.pointerId) })
  drag?.addEventListener('pointerup', (e) => { if (from !== null && Math.abs(e.clientX - from) > 4) socket.send('act'); from = null })
</script></body></html>`

const pages: Record<string, string> = { '/': page(true), '/player': page(false) }

const server = createServer((req, res) => {
  const body = pages[req.url ?? '']
  res.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' })
  res.end(body ?? 'not found')
})
const sockets = new Set<WebSocket>()
let count = 0
new WebSocketServer({ server, path: '/ws', maxPayload: 64 }).on('connection', (socket) => {
  sockets.add(socket)
  socket.on('close', () => sockets.delete(socket))
  socket.on('message', () => {
    count++
    for (const s of sockets) s.send(String(count))
  })
})
server.listen(0, '127.0.0.1', () => {
  const address = server.address()
  if (address && typeof address === 'object') console.log(`GM console: http://127.0.0.1:${address.port}/`)
})
