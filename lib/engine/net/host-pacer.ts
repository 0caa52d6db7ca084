// Politeness towards one website. Three parts:
// - a pacer per job: the pages one job reads from a host start at least `gapMs` apart;
// - a pacer shared by every job of the process for hosts whose robots.txt sets a Crawl-delay: that gap
//   holds between any two of their page requests (research threads take turns from the main thread
//   by message, which books them in the store on PostgreSQL; the queue also spaces the host's jobs);
// - cool-downs shared by the whole researcher: a host that answered 429/503 with Retry-After is
//   left alone until then by every job of this process.

export class HostCooldowns {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  /** Records a Retry-After for the host of `url`. */
  set(url: string, seconds: number): void {
    const host = hostOf(url);
    if (!host) return;
    const at = this.now() + seconds * 1000;
    if (at > (this.until.get(host) ?? 0)) this.until.set(host, at);
    if (this.until.size > 5_000) this.prune();
  }

  /** Milliseconds left before the host of `url` may be asked again (0 when free). */
  remaining(url: string): number {
    const host = hostOf(url);
    const at = host ? this.until.get(host) : undefined;
    if (at === undefined) return 0;
    const left = at - this.now();
    if (left <= 0) this.until.delete(host as string);
    return Math.max(0, left);
  }

  private prune(): void {
    const now = this.now();
    for (const [host, at] of this.until) if (at <= now) this.until.delete(host);
  }
}

/** When the next request to a URL's host may start. */
export interface Pacer {
  /** Resolves when a request to the host of `url` may start; false if `maxWaitMs` would be exceeded. */
  wait(url: string, signal?: AbortSignal, maxWaitMs?: number): Promise<boolean>;
}

/**
 * Takes a turn at a host from a schedule kept elsewhere: research threads ask the main thread, which
 * keeps one for the process or books turns in the store (queue/host-turns.ts), so jobs on other
 * threads and processes share a host's Crawl-delay.
 */
export type RemoteTurns = (
  url: string,
  gapMs: number,
  maxWaitMs: number,
  signal?: AbortSignal,
) => Promise<boolean>;

export class HostPacer implements Pacer {
  private readonly next = new Map<string, number>();

  constructor(
    private readonly gapMs: number,
    private readonly cooldowns?: HostCooldowns,
    private readonly remote?: RemoteTurns,
  ) {}

  wait(url: string, signal?: AbortSignal, maxWaitMs = 10_000): Promise<boolean> {
    return this.turn(url, this.gapMs, maxWaitMs, signal);
  }

  /**
   * This schedule with its own gap: every job of a researcher reading a host whose robots.txt sets a
   * Crawl-delay takes its turns from one shared pacer this way, so the delay holds between any two of
   * our requests to the host, not just between one job's pages.
   */
  withGap(gapMs: number): Pacer {
    return { wait: (url, signal, maxWaitMs = 10_000) => this.turn(url, gapMs, maxWaitMs, signal) };
  }

  /** A turn at the host of `url`, `gapMs` after the last one booked here: what other schedules fall back to. */
  readonly turn: RemoteTurns = async (url, gapMs, maxWaitMs, signal) => {
    const host = hostOf(url);
    if (!host) return true;
    const now = Date.now();
    const cooling = this.cooldowns?.remaining(url) ?? 0;
    if (this.remote) {
      if (cooling > maxWaitMs) return false;
      if (cooling > 0) await sleep(cooling, signal);
      return this.remote(url, gapMs, maxWaitMs - cooling, signal);
    }
    const start = Math.max(now + cooling, this.next.get(host) ?? 0);
    if (start - now > maxWaitMs) return false;
    const booked = start + gapMs;
    this.next.set(host, booked);
    if (this.next.size > 5_000) for (const [h, at] of this.next) if (at <= now) this.next.delete(h);
    if (start > now) {
      try {
        await sleep(start - now, signal);
      } catch (err) {
        // Aborted before its turn (a cancelled or timed-out job): the turn goes to whoever asks next,
        // unless someone has booked after it, whose wait already counts from this one.
        if (this.next.get(host) === booked) this.next.set(host, start);
        throw err;
      }
    }
    return true;
  };
}

/** The host (with port) requests to `url` are paced by. */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
