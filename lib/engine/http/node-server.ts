import http from 'node:http';
import { Readable } from 'node:stream';
import type { AddressInfo } from 'node:net';
import { errorResponse } from './envelope';
import { PEER_HEADER } from './peer-header';
import { matchRoute } from './routes';
import { EngineError } from '../errors';

/**
 * Serve the engine's route table on plain node:http. The app/** route files serve the same handlers
 * under Next; this adapter lets the engine suite and benchmarks run against real HTTP on loopback
 * without a Next build.
 */
export async function serveEngineHttp(port = 0, host = '127.0.0.1') {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? host}`);
      const method = req.method ?? 'GET';
      const { match, pathMatched } = matchRoute(method, url.pathname);
      let response: Response;
      if (!match) {
        const err = pathMatched
          ? new EngineError(
              'method_not_allowed',
              'Method not allowed',
              `${method} is not supported on ${url.pathname}`,
            )
          : new EngineError('not_found', 'Not found', `no endpoint at ${url.pathname}`);
        const version = url.pathname.startsWith('/v0.1/')
          ? 'v0.1'
          : url.pathname.startsWith('/v0/')
            ? 'v0'
            : 'none';
        response = errorResponse(err, version, 'req_none');
      } else {
        const hasBody = method !== 'GET' && method !== 'HEAD';
        const request = new Request(url, {
          method,
          // The socket's address, over anything the client sent under that name, as peer-header.ts
          // stamps it under Next.
          headers: { ...req.headers, [PEER_HEADER]: req.socket.remoteAddress ?? '' } as unknown as Record<
            string,
            string
          >,
          body: hasBody ? (Readable.toWeb(req) as unknown as ReadableStream) : undefined,
          // @ts-expect-error -- undici needs duplex for streamed request bodies
          duplex: 'half',
        });
        response = await match.route.handler(request, { params: Promise.resolve(match.params) });
      }
      // A handler may answer before reading the whole body (413, 401…): drain the rest so the client
      // gets the response instead of a connection reset.
      res.on('finish', () => {
        if (req.complete) return;
        // Detach the web stream (it would apply backpressure and stall) and throw the rest away.
        req.removeAllListeners('data');
        req.on('data', () => undefined);
        req.resume();
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      if (response.body) {
        const body = Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
        body.on('error', () => res.destroy());
        body.pipe(res);
      } else res.end();
    } catch (err) {
      console.error('[quarry] adapter error:', err);
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end();
    }
  });
  server.keepAliveTimeout = 5000;
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  const addr = server.address() as AddressInfo;
  return {
    url: `http://${host}:${addr.port}`,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
