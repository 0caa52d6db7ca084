import { BlockList, isIP } from 'node:net';
import { PEER_HEADER } from './peer-header';

// Who sent a request, for per-client limits (dashboard sign-in, failed API keys) and the audit log. The peer is the socket's
// address (stamped by peer-header.ts). X-Forwarded-For is believed only when that peer is one of
// QUARRY_TRUSTED_PROXIES, and then read from the right: the first address that is not a trusted proxy
// is the client (entries to its left were written by the client and prove nothing).

let cached: { source: string; list: BlockList } | undefined;

function trustedList(entries: readonly string[]): BlockList {
  const source = entries.join(',');
  if (cached?.source === source) return cached.list;
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, Number(bits), family);
  }
  cached = { source, list };
  return list;
}

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is 10.0.0.1. */
function normalize(address: string): string {
  const trimmed = address.trim().replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(trimmed);
  return mapped?.[1] ?? trimmed;
}

function isTrusted(list: BlockList, address: string): boolean {
  const family = isIP(address);
  return family !== 0 && list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export function clientAddress(req: Request, trustedProxies: readonly string[]): string {
  const peer = normalize(req.headers.get(PEER_HEADER) ?? '');
  // Without the stamp (a server that did not install it) nothing about the client can be believed.
  if (!peer) return 'unknown';
  const list = trustedList(trustedProxies);
  if (!isTrusted(list, peer)) return peer;
  const hops = (req.headers.get('x-forwarded-for') ?? '').split(',').map(normalize).filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (!isTrusted(list, hop)) return hop;
  }
  return hops[0] ?? peer;
}
