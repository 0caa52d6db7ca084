import { describe, expect, it } from 'vitest';
import { HostCooldowns, HostPacer } from './host-pacer';

// These run beside other test files on two busy cores, where a timer fires late and a continuation
// runs late by tens of milliseconds. So every time is measured from a clock reading taken before the
// pacer was asked (a lower bound on when it booked the turn), never from when an earlier wait was
// seen to resolve, which can be late; and "not held up" is an ordering, not a bound on a time. A
// turn can then only look later than the pacer made it, never earlier: the lower bounds keep only
// TICK for the clocks' rounding (timers count whole milliseconds of their own monotonic clock,
// Date.now() rounds the wall clock).
const GAP = 400;
const TICK = 5;

/** A wait that ends at the first timer: a turn given at once comes before it. */
const tick = () => new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 1));

/** Each wait's start, in ms after a clock reading taken before any was asked, in the order they were asked. */
const startsOf = async (waits: (() => Promise<boolean>)[]) => {
  const t0 = Date.now();
  const order: number[] = [];
  const starts = await Promise.all(
    waits.map(async (w, i) => {
      const ok = await w();
      order.push(i);
      return ok ? Date.now() - t0 : -1;
    }),
  );
  return { starts, order };
};

describe('HostPacer', () => {
  it('a job pacer spaces its own requests to a host; other pacers do not wait for it', async () => {
    const a = new HostPacer(GAP);
    const b = new HostPacer(GAP);
    const url = 'https://x.example/1';
    const { starts, order } = await startsOf([() => a.wait(url), () => a.wait(url), () => b.wait(url)]);
    // a's second request is booked a gap after its first, which was booked no earlier than t0.
    expect(starts[1]).toBeGreaterThanOrEqual(GAP - TICK);
    // a's first and b's first go at once; b's is not held behind a's second.
    expect(order).toEqual([0, 2, 1]);
  });

  it('jobs taking turns from one shared pacer (a Crawl-delay) are spaced between each other', async () => {
    const shared = new HostPacer(0);
    const job1 = shared.withGap(GAP);
    const job2 = shared.withGap(GAP);
    const url = 'https://slow.example/a';
    const { starts, order } = await startsOf([
      () => job1.wait(url),
      () => job2.wait(url),
      () => job1.wait(url),
      tick,
    ]);
    // The first goes at once (before a 1 ms timer); the others a gap after the one before.
    expect(order).toEqual([0, 3, 1, 2]);
    expect(starts[1]).toBeGreaterThanOrEqual(GAP - TICK);
    expect(starts[2]).toBeGreaterThanOrEqual(2 * GAP - TICK);
    // Other hosts are not held up: a turn there comes at once, while this host's next is a gap away.
    expect((await startsOf([() => job2.wait('https://other.example/'), tick])).order).toEqual([0, 1]);
  });

  it('a job aborted while waiting gives its turn back, unless a later turn is booked after it', async () => {
    const shared = new HostPacer(0);
    const url = 'https://abort.example/a';
    const take = (signal?: AbortSignal) => shared.turn(url, GAP, 5_000, signal);
    const t0 = Date.now();
    // Due between one gap and two: the freed turn (one gap) comes before it, a turn not given back
    // (two gaps) after it. Timers fire in the order they are due, however late the loop wakes.
    const beforeTwoGaps = new Promise<'two gaps'>((r) => setTimeout(() => r('two gaps'), 2 * GAP - GAP / 4));
    expect(await take()).toBe(true); // the first turn: now
    const gone = new AbortController();
    const second = take(gone.signal); // booked a gap after the first
    gone.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    // The next job takes the freed turn a gap after the first, not two.
    expect(await Promise.race([take(), beforeTwoGaps])).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(GAP - TICK);
    // Aborted with a turn booked after it: the schedule keeps counting from that later turn, so a new
    // job comes a gap after it, not in the aborted job's place (which would be a gap before it).
    const held = new AbortController();
    const third = take(held.signal); // two gaps after the first
    const fourth = take(); // three
    held.abort(new Error('timed out'));
    await expect(third).rejects.toThrow('timed out');
    const fifth = take(); // four
    const ended: string[] = [];
    await Promise.all([fourth.then(() => ended.push('fourth')), fifth.then(() => ended.push('fifth'))]);
    expect(ended).toEqual(['fourth', 'fifth']);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(4 * GAP - TICK);
  });

  it('refuses a turn further away than maxWaitMs, and waits out a cool-down', async () => {
    const shared = new HostPacer(0, new HostCooldowns());
    const job = shared.withGap(10_000);
    expect(await job.wait('https://y.example/', undefined, 1_000)).toBe(true);
    expect(await job.wait('https://y.example/', undefined, 1_000)).toBe(false);
    const cooldowns = new HostCooldowns();
    const before = Date.now(); // read before the cool-down is set: no later than its start
    cooldowns.set('https://z.example/', 0.2);
    expect(await new HostPacer(0, cooldowns).wait('https://z.example/p')).toBe(true);
    expect(Date.now() - before).toBeGreaterThanOrEqual(200 - TICK);
  });

  it('with a remote schedule, waits out its own cool-down and then asks the remote for the turn', async () => {
    const asked: [string, number, number][] = [];
    const remote = async (url: string, gapMs: number, maxWaitMs: number) => {
      asked.push([url, gapMs, maxWaitMs]);
      return true;
    };
    const cooldowns = new HostCooldowns();
    const pacer = new HostPacer(0, cooldowns, remote).withGap(1_000);
    expect(await pacer.wait('https://r.example/a', undefined, 5_000)).toBe(true);
    expect(asked).toEqual([['https://r.example/a', 1_000, 5_000]]);
    cooldowns.set('https://r.example/', 10);
    expect(await pacer.wait('https://r.example/b', undefined, 5_000)).toBe(false); // the cool-down is too long
    expect(asked).toHaveLength(1);
  });
});
