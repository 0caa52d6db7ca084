// A model endpoint that is down: every request answers 500. The fallback measurement points the
// model planner at it, so each case must come back from the offline planner.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export async function startFailingModel(): Promise<{
  baseUrl: string;
  requests: () => number;
  close: () => Promise<void>;
}> {
  let count = 0;
  const server = createServer((req, res) => {
    count++;
    req.resume();
    res.writeHead(500, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ error: { message: 'model unavailable (bench: failing endpoint)' } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => count,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
