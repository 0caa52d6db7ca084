import { describe, expect, it } from 'vitest';
import { newId } from './ids';

describe('newId', () => {
  it('is prefixed, time-ordered and unique, with an evenly spread random tail', async () => {
    const ids = Array.from({ length: 20_000 }, () => newId('job', 14));
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids.slice(0, 50)) expect(id).toMatch(/^job_[0-9a-z]{9}[0-9a-z]{14}$/);
    const earlier = newId('job');
    await new Promise((r) => setTimeout(r, 5));
    expect(earlier < newId('job')).toBe(true);
    // Each of the 36 characters appears about 1/36 of the time in the tail (no modulo bias).
    const counts = new Map<string, number>();
    for (const id of ids) for (const c of id.slice(-14)) counts.set(c, (counts.get(c) ?? 0) + 1);
    const expected = (ids.length * 14) / 36;
    expect(counts.size).toBe(36);
    for (const n of counts.values()) expect(Math.abs(n - expected) / expected).toBeLessThan(0.06);
  });
});
