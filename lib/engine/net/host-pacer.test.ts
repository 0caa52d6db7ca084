import { describe, expect, it } from 'vitest';
import { HostCooldowns, HostPacer } from './host-pacer';

// Gaps are long and bounds loose: these run beside other test files on two busy cores, where a timer
// can fire tens of milliseconds late. What is checked is who waits for whom, not exact timing.
const GAP = 400;

const startsOf = async (waits: (() => Promise<boolean>)[]) => {
  const t0 = Date.now();
  return Promise.all(waits.map(async (w) => ((await w()) ? Date.now() - t0 : -1)));
};

describe('HostPacer', () => {
  it('a job pacer spaces its own requests to a host; other pacers do not wait for it', async () => {
    const a = new HostPacer(GAP);
    const b = new HostPacer(GAP);
    const url = 'https://x.example/1';
    const [a1, a2, b1] = await startsOf([() => a.wait(url), () => a.wait(url), () => b.wait(url)]);
    expect(a2! - a1!).toBeGreaterThanOrEqual(GAP - 5);
    expect(b1).toBeLessThan(GAP / 2);
  });

  it('jobs taking turns from one shared pacer (a Crawl-delay) are spaced between each other', async () => {
    const shared = new HostPacer(0);
    const job1 = shared.withGap(GAP);
    const job2 = shared.withGap(GAP);
    const url = 'https://slow.example/a';
    const starts = await startsOf([() => job1.wait(url), () => job2.wait(url), () => job1.wait(url)]);
    expect(starts[0]).toBeLessThan(GAP / 2);
    expect(starts[1]! - starts[0]!).toBeGreaterThanOrEqual(GAP - 5);
    expect(starts[2]! - starts[1]!).toBeGreaterThanOrEqual(GAP - 5);
    // Other hosts are not held up.
    expect((await startsOf([() => job2.wait('https://other.example/')]))[0]).toBeLessThan(GAP / 2);
  });

  it('a job aborted while waiting gives its turn back, unless a later turn is booked after it', async () => {
    const shared = new HostPacer(0);
    const url = 'https://abort.example/a';
    const take = (signal?: AbortSignal) => shared.turn(url, GAP, 5_000, signal);
    const t0 = Date.now();
    expect(await take()).toBe(true); // the first turn: now
    const gone = new AbortController();
    const second = take(gone.signal); // booked for t0 + GAP
    gone.abort(new Error('cancelled'));
    await expect(second).rejects.toThrow('cancelled');
    // The next job takes the freed turn at t0 + GAP, not t0 + 2 × GAP.
    expect(await take()).toBe(true);
    const freed = Date.now() - t0;
    expect(freed).toBeGreaterThanOrEqual(GAP - 5);
    expect(freed).toBeLessThan(2 * GAP - 50);
    // Aborted with a turn booked after it: the schedule keeps counting from that later turn, so a new
    // job comes a gap after it, not in the aborted job's place (which would be a gap before it).
    const t1 = Date.now();
    const held = new AbortController();
    const third = take(held.signal); // t1 + GAP (about)
    const fourth = take(); // t1 + 2 × GAP
    held.abort(new Error('timed out'));
    await expect(third).rejects.toThrow('timed out');
    const fifth = take();
    expect(await fourth).toBe(true);
    expect(await fifth).toBe(true);
    expect(Date.now() - t1).toBeGreaterThanOrEqual(3 * GAP - 60);
  });

  it('refuses a turn further away than maxWaitMs, and waits out a cool-down', async () => {
    const shared = new HostPacer(0, new HostCooldowns());
    const job = shared.withGap(10_000);
    expect(await job.wait('https://y.example/', undefined, 1_000)).toBe(true);
    expect(await job.wait('https://y.example/', undefined, 1_000)).toBe(false);
    const cooldowns = new HostCooldowns();
    cooldowns.set('https://z.example/', 0.2);
    const [start] = await startsOf([() => new HostPacer(0, cooldowns).wait('https://z.example/p')]);
    expect(start).toBeGreaterThanOrEqual(190);
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
