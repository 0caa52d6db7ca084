import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngineError } from '@/lib/engine/errors';
import { createSharedRateLimiter } from '@/lib/engine/http/rate-limit';
import { apiClient } from '../support/api';
import { scratchPostgres, TEST_KEY } from '../support/engine-harness';
import { startScript, stopProcess, type Started } from '../support/processes';

// Issue 6: with several API processes on one PostgreSQL, a key's allowance is one allowance, not one
// per process. Runs only when the suite runs against PostgreSQL (npm test does both stores).
const onPostgres = Boolean(process.env.DATABASE_URL);

async function outcome(p: void | Promise<void>): Promise<'ok' | 'limited'> {
  try {
    await p;
    return 'ok';
  } catch (e) {
    if (e instanceof EngineError && e.status === 429) return 'limited';
    throw e;
  }
}

describe.skipIf(!onPostgres)('per-key rate limit shared through PostgreSQL', () => {
  let scratch: Awaited<ReturnType<typeof scratchPostgres>>;
  beforeAll(async () => {
    scratch = await scratchPostgres('quarry-rl-');
  });
  afterAll(() => scratch?.cleanup());
  const open = () => scratch.open();

  it('two processes taking grants spend one allowance between them', async () => {
    const perMinute = 3000; // grants of 30; refills 50 a second
    const a = createSharedRateLimiter((await open()).db, perMinute);
    const b = createSharedRateLimiter((await open()).db, perMinute);
    const t0 = Date.now();
    const results: ('ok' | 'limited')[] = [];
    for (let round = 0; round < 100; round++) {
      const calls = Array.from({ length: 40 }, (_, i) => outcome((i % 2 ? a : b).check('key-1')));
      results.push(...(await Promise.all(calls)));
    }
    const seconds = (Date.now() - t0) / 1000;
    const ok = results.filter((r) => r === 'ok').length;
    // Each limiter alone would allow all 3,000 (6,000 together). Shared: the allowance plus what refilled
    // meanwhile, less at most one unspent grant per process.
    expect(ok).toBeLessThanOrEqual(perMinute + Math.ceil(seconds * 50) + 1);
    expect(ok).toBeGreaterThanOrEqual(perMinute - 2 * 30);
    expect(results.at(-1)).toBe('limited');
    // Another key has its own allowance.
    expect(await outcome(a.check('key-2'))).toBe('ok');
  });

  it('counts alone while the store cannot be reached, rather than failing requests', async () => {
    const store = await open();
    const limiter = createSharedRateLimiter(store.db, 5);
    await store.close();
    const results = [];
    for (let i = 0; i < 6; i++) results.push(await outcome(limiter.check('key-3')));
    expect(results).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'limited']);
  });

  describe('two API processes', () => {
    const procs: Started[] = [];
    afterAll(async () => {
      for (const p of procs) await stopProcess(p, 'SIGKILL');
    });

    it('a key gets one allowance across both; the next request on either is 429 with Retry-After', async () => {
      const env = scratch.apiEnv({ QUARRY_RATE_LIMIT_PER_MIN: '10' });
      for (let i = 0; i < 2; i++)
        procs.push(await startScript('scripts/serve-engine.ts', env, /listening on (http:\/\/\S+)/));
      const [one, two] = procs.map((p) => apiClient(p.url!, TEST_KEY));
      for (let i = 0; i < 5; i++) {
        expect((await one!.get('/v0/tasks')).status).toBe(200);
        expect((await two!.get('/v0/tasks')).status).toBe(200);
      }
      for (const api of [one!, two!]) {
        const limited = await api.get('/v0/tasks');
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
        expect(limited.body).toMatchObject({ status: 'error', error: { code: 429 } });
      }
    }, 60_000);
  });
});
