/**
 * The address a request came from, for per-client limits: the last X-Forwarded-For entry. A proxy in
 * front appends the address it saw there (entries before it are the client's to write), and with no
 * proxy Next — and node-server.ts here — sets the header from the socket. Without a proxy a client
 * that sends the header itself chooses its address; put a proxy that appends it in front.
 */
export function clientAddress(req: Request): string {
  const hops = req.headers.get('x-forwarded-for')?.split(',');
  return hops?.[hops.length - 1]?.trim() || 'unknown';
}
