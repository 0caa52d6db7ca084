import dc from 'node:diagnostics_channel';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

// Route handlers (Next's, and node-server.ts's Web Requests) never see the socket, and `next start` only fills X-Forwarded-For from it
// when the client sent none (`??=` in next/dist/server/base-server.js), so a client can name any
// address it likes there. Node publishes every incoming request on this channel before the server's
// 'request' listeners (Next's) run: stamping the socket's address into our own header at that point,
// over whatever the client sent under the same name, gives the route handlers the real peer.

export const PEER_HEADER = 'x-quarry-peer';

let installed = false;

export function installPeerHeader(): void {
  if (installed) return;
  installed = true;
  dc.subscribe('http.server.request.start', (message) => {
    const { request, socket } = message as { request: IncomingMessage; socket: Socket };
    if (socket.remoteAddress) request.headers[PEER_HEADER] = socket.remoteAddress;
    else delete request.headers[PEER_HEADER];
  });
}
