import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import { describeNonPublicAddress } from './ip-address';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}
/** Resolves a host name to every address; injectable so tests can point a public-looking name at loopback. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKEDADDRESS';
  constructor(
    readonly hostname: string,
    readonly reason: string,
  ) {
    super(`${hostname} resolves to a non-public address (${reason})`);
    this.name = 'BlockedAddressError';
  }
}

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

/**
 * A `lookup` for net/tls.connect: the socket connects only to addresses this returns, so checking
 * them here closes the DNS-rebinding gap a check before fetching would leave. Any non-public answer
 * refuses the whole name, since the connector could pick any of them.
 */
export function createGuardedLookup(opts: {
  allowPrivate: boolean;
  resolve?: Resolver;
  allowHosts?: string[];
}): LookupFunction {
  const resolve = opts.resolve ?? systemResolver;
  const allowHosts = new Set((opts.allowHosts ?? []).map((h) => h.toLowerCase()));
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        if (!opts.allowPrivate && !allowHosts.has(hostname.toLowerCase())) {
          for (const a of found) {
            const reason = describeNonPublicAddress(a.address);
            if (reason) return callback(new BlockedAddressError(hostname, reason), '', 0);
          }
        }
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = wanted ? found.filter((a) => a.family === wanted) : found;
        const first = usable[0];
        if (!first) {
          const err: NodeJS.ErrnoException = new Error(`getaddrinfo ENOTFOUND ${hostname}`);
          err.code = 'ENOTFOUND';
          return callback(err, '', 0);
        }
        if (options.all) return callback(null, usable);
        return callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
