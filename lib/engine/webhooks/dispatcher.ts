import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookAttempts, webhookDeliveries } from '../db/schema';
import { isFetchError } from '../net/fetch-error';
import { createGuardedFetch, type GuardedFetcher } from '../net/guarded-fetch';
import type { Resolver } from '../net/guarded-lookup';
import { checkUrl } from '../net/url-guard';
import { buildPayload } from './payload';
import { createSigner, type Signer } from './sign';

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export interface DeliveryEvent {
  deliveryId: string;
  batchId: string;
  kind: string;
  part: number;
  parts: number;
  /** State after this attempt: delivered, pending (will retry) or failed (gave up). */
  state: 'delivered' | 'pending' | 'failed';
  attempts: number;
  statusCode: number | null;
  error: string | null;
}

export interface WebhookDispatcherOptions {
  db: Db;
  /**
   * Standard Webhooks secret, `whsec_<base64>`, or a function read before every attempt, so a secret
   * rotated in the dashboard applies at once on every process.
   */
  secret: string | (() => string | Promise<string>);
  allowPrivate: boolean;
  /** DNS resolver for the connect-time address check; tests inject one. */
  resolve?: Resolver;
  timeoutMs?: number;
  maxAttempts?: number;
  /** Delay before the next try, given how many attempts have failed so far (1-based). */
  backoffMs?: (attempt: number) => number;
  concurrency?: number;
  pollMs?: number;
  /** Called after every recorded attempt; errors it throws are logged and ignored. */
  onDelivered?: (event: DeliveryEvent) => void;
  /**
   * Bodies of deliveries other than a batch's result parts, by kind (the monitors' change events):
   * given by the engine, so this folder does not import the folders that queue them.
   */
  payloads?: Record<string, (db: Db, delivery: DeliveryRow) => Promise<unknown>>;
}

export interface WebhookDispatcher {
  start(): void;
  stop(): Promise<void>;
  wake(): void;
  /** Sends everything due now (and whatever falls due meanwhile); resolves with the number of attempts made. */
  deliverDue(): Promise<number>;
}

const SCHEDULE_MS = [2_000, 10_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000];
// The receiver's answer is only kept as a 500-character excerpt; a few KB covers any UTF-8 text.
const MAX_RESPONSE_BYTES = 4_096;
const EXCERPT_CHARS = 500;

/** 2 s, 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h (then 2 h), ±20 % so retries of many parts spread out. */
export function defaultBackoffMs(attempt: number): number {
  const base = SCHEDULE_MS[Math.min(Math.max(attempt, 1), SCHEDULE_MS.length) - 1] ?? 7_200_000;
  return Math.round(base * (0.8 + Math.random() * 0.4));
}

interface Outcome {
  statusCode: number | null;
  excerpt: string | null;
  error: string | null;
  durationMs: number | null;
  ok: boolean;
  /** No retry can help: the address is refused by the SSRF guard. */
  permanent: boolean;
}

export function createWebhookDispatcher(opts: WebhookDispatcherOptions): WebhookDispatcher {
  const { db, allowPrivate } = opts;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxAttempts = Math.max(1, opts.maxAttempts ?? 8);
  const backoff = opts.backoffMs ?? defaultBackoffMs;
  const concurrency = Math.max(1, opts.concurrency ?? 4);
  const pollMs = opts.pollMs ?? 1_000;
  // The lease must outlive one send plus building its payload, or another process would re-send it.
  const leaseMs = Math.max(60_000, timeoutMs + 30_000);
  const readSecret = typeof opts.secret === 'function' ? opts.secret : () => opts.secret as string;
  let signer: { secret: string; sign: Signer } | null = null;
  // Validate a fixed secret at creation, as before: a bad one is a configuration error.
  if (typeof opts.secret === 'string') signer = { secret: opts.secret, sign: createSigner(opts.secret) };
  async function currentSigner(): Promise<Signer> {
    const secret = await readSecret();
    if (signer?.secret !== secret) signer = { secret, sign: createSigner(secret) };
    return signer.sign;
  }

  let fetcher: GuardedFetcher | null = null;
  let timer: NodeJS.Timeout | null = null;
  let loop: Promise<void> | null = null;
  let again = false;
  let started = false;
  let closing = false;
  const inflight = new Set<Promise<void>>();

  function getFetcher(): GuardedFetcher {
    fetcher ??= createGuardedFetch({
      allowPrivate,
      timeoutMs,
      maxBytes: MAX_RESPONSE_BYTES,
      userAgent: 'Quarry-Webhooks/1',
      resolve: opts.resolve,
    });
    return fetcher;
  }

  /** Claims up to `limit` due deliveries; a `delivering` row whose lease ran out belongs to a process that died. */
  async function claim(limit: number): Promise<DeliveryRow[]> {
    return db.transaction(async (tx) => {
      const due = tx
        .select({ id: webhookDeliveries.id })
        .from(webhookDeliveries)
        .where(
          or(
            and(eq(webhookDeliveries.state, 'pending'), lte(webhookDeliveries.nextAttemptAt, sql`now()`)),
            and(eq(webhookDeliveries.state, 'delivering'), lt(webhookDeliveries.leaseUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(webhookDeliveries.nextAttemptAt), asc(webhookDeliveries.part))
        .limit(limit)
        .for('update', { skipLocked: true });
      return (
        tx
          .update(webhookDeliveries)
          // Millisecond precision so the JS Date we get back compares equal when we finish (our lease token).
          .set({
            state: 'delivering',
            leaseUntil: sql`date_trunc('milliseconds', now()) + make_interval(secs => ${leaseMs / 1000})`,
          })
          .where(inArray(webhookDeliveries.id, due))
          .returning()
      );
    });
  }

  async function send(d: DeliveryRow): Promise<Outcome> {
    const check = checkUrl(d.url, { allowPrivate });
    if (!check.ok) return failure(`refused by the address guard: ${check.reason}`, null, true);
    let body: string;
    let sign: Signer;
    try {
      const build = opts.payloads?.[d.kind] ?? buildPayload;
      body = JSON.stringify(await build(db, d));
    } catch (err) {
      return failure(`could not build the payload: ${messageOf(err)}`, null, false);
    }
    try {
      sign = await currentSigner();
    } catch (err) {
      return failure(`could not read the signing secret: ${messageOf(err)}`, null, false);
    }
    const t0 = performance.now();
    try {
      const res = await getFetcher()(check.url.href, {
        method: 'POST',
        headers: sign(d.id, body),
        body,
        throwHttpErrors: false,
        followRedirects: false,
      });
      const durationMs = performance.now() - t0;
      const excerpt = res.body.toString('utf8').slice(0, EXCERPT_CHARS);
      const ok = res.status >= 200 && res.status < 300;
      let error: string | null = null;
      if (res.status >= 300 && res.status < 400) {
        const to = res.headers.location ? ` to ${res.headers.location}` : '';
        error = `HTTP ${res.status} redirect${to} not followed; a webhook address must answer 2xx itself`;
      } else if (!ok) {
        error = `HTTP ${res.status}`;
      }
      return { statusCode: res.status, excerpt, error, durationMs, ok, permanent: false };
    } catch (err) {
      // A name that resolves to a private address is refused at connect time: as final as a bad URL.
      const permanent = isFetchError(err) && err.kind === 'blocked';
      return failure(messageOf(err), performance.now() - t0, permanent);
    }
  }

  async function attemptOne(d: DeliveryRow): Promise<void> {
    const out = await send(d);
    const attempts = d.attempts + 1;
    const state: DeliveryEvent['state'] = out.ok
      ? 'delivered'
      : out.permanent || attempts >= maxAttempts
        ? 'failed'
        : 'pending';
    const delay = state === 'pending' ? Math.max(0, backoff(attempts)) : 0;
    await db.transaction(async (tx) => {
      await tx.insert(webhookAttempts).values({
        deliveryId: d.id,
        statusCode: out.statusCode,
        responseExcerpt: out.excerpt,
        error: out.error,
        durationMs: out.durationMs,
      });
      // Guarded by our lease: if it ran out and another process took the row over, its result wins.
      await tx
        .update(webhookDeliveries)
        .set({
          state,
          attempts,
          lastStatus: out.statusCode,
          leaseUntil: null,
          deliveredAt: state === 'delivered' ? sql`now()` : null,
          nextAttemptAt:
            state === 'pending' ? sql`now() + make_interval(secs => ${delay / 1000})` : undefined,
        })
        .where(
          and(
            eq(webhookDeliveries.id, d.id),
            eq(webhookDeliveries.state, 'delivering'),
            d.leaseUntil ? eq(webhookDeliveries.leaseUntil, d.leaseUntil) : undefined,
          ),
        );
    });
    try {
      opts.onDelivered?.({
        deliveryId: d.id,
        batchId: d.batchId,
        kind: d.kind,
        part: d.part,
        parts: d.parts,
        state,
        attempts,
        statusCode: out.statusCode,
        error: out.error,
      });
    } catch (err) {
      console.error('[quarry] webhook onDelivered callback failed:', messageOf(err));
    }
  }

  function track(p: Promise<void>): Promise<void> {
    const tracked = p.catch((err) =>
      console.error('[quarry] webhook attempt failed to record:', messageOf(err)),
    );
    inflight.add(tracked);
    void tracked.finally(() => inflight.delete(tracked));
    return tracked;
  }

  async function deliverDue(): Promise<number> {
    let count = 0;
    // A rolling pool: a slow receiver holds one slot, not a whole round of `concurrency` sends.
    const mine = new Set<Promise<void>>();
    for (;;) {
      const free = concurrency - mine.size;
      const claimed = free > 0 && !closing ? await claim(free) : [];
      for (const d of claimed) {
        count++;
        const p = track(attemptOne(d));
        mine.add(p);
        void p.finally(() => mine.delete(p));
      }
      if (mine.size === 0) return count;
      if (claimed.length === 0 || mine.size >= concurrency) await Promise.race(mine);
    }
  }

  function tick(): void {
    if (!started) return;
    if (loop) {
      // Already running: run once more right after, so a wake() during a pass is not lost.
      again = true;
      return;
    }
    loop = (async () => {
      do {
        again = false;
        try {
          await deliverDue();
        } catch (err) {
          console.error('[quarry] webhook dispatcher pass failed:', messageOf(err));
        }
      } while (again && started);
    })().finally(() => {
      loop = null;
    });
  }

  return {
    start() {
      if (started) return;
      started = true;
      closing = false;
      timer = setInterval(tick, pollMs);
      // The HTTP server or worker keeps the process alive; the poller alone should not.
      timer.unref();
      tick();
    },
    async stop() {
      started = false;
      closing = true;
      if (timer) clearInterval(timer);
      timer = null;
      await loop;
      await Promise.all([...inflight]);
      const f = fetcher;
      fetcher = null;
      await f?.close();
      closing = false;
    },
    wake: tick,
    deliverDue,
  };
}

function failure(error: string, durationMs: number | null, permanent: boolean): Outcome {
  return { statusCode: null, excerpt: null, error, durationMs, ok: false, permanent };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
