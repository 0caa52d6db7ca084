import { KEY_CHANNEL, forgetKeys, listenerState } from './key-cache';

export interface RevocationListener {
  close(): Promise<void>;
}

/**
 * On PostgreSQL, hears every process's key revocations (NOTIFY from revokeKey) and drops this
 * process's cached keys, so a revoked key stops working on every API process at once. One connection
 * of its own, kept open; when it drops (the server restarting) the cache falls back to its short TTL
 * and the listener reconnects with backoff, dropping the cache again once back (it may have missed a
 * revocation meanwhile).
 */
export async function listenForRevocations(databaseUrl: string): Promise<RevocationListener> {
  const pg = (await import('pg')).default;
  let stopped = false;
  let client: InstanceType<typeof pg.Client> | null = null;
  let connected = false;
  let retry: NodeJS.Timeout | null = null;
  let failures = 0;

  /** Forget the current connection: no longer heard, and its late errors must not crash the process. */
  const detach = () => {
    const c = client;
    if (connected) listenerState(false);
    connected = false;
    client = null;
    c?.removeAllListeners();
    c?.on('error', () => undefined);
    return c;
  };

  const lost = () => {
    detach();
    if (stopped || retry) return;
    retry = setTimeout(
      () => {
        retry = null;
        void connect();
      },
      Math.min(5_000, 200 * 2 ** failures++),
    );
    retry.unref();
  };

  const connect = async () => {
    const c = new pg.Client({
      connectionString: databaseUrl,
      // A connection that died without a word (a dropped network) is noticed in minutes rather than the
      // OS default of hours; until then the cache's minute-long trust bounds how stale it can be.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      application_name: 'quarry key revocations',
    });
    client = c;
    c.on('notification', (n) => {
      if (n.channel === KEY_CHANNEL) forgetKeys();
    });
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      await c.query(`LISTEN ${KEY_CHANNEL}`);
    } catch (err) {
      if (!stopped && failures === 0)
        console.error('[quarry] key revocation listener:', (err as Error).message);
      if (client === c) lost();
      await c.end().catch(() => undefined);
      return;
    }
    if (stopped) return void (await c.end().catch(() => undefined));
    failures = 0;
    connected = true;
    listenerState(true);
  };

  await connect();
  return {
    async close() {
      stopped = true;
      if (retry) clearTimeout(retry);
      await detach()
        ?.end()
        .catch(() => undefined);
    },
  };
}
