import { describe, expect, it } from 'vitest';
import { READY_MAX, READY_MIN, ReadySize } from './ready-size';

describe('ReadySize', () => {
  it('keeps the minimum until a job has ended', () => {
    expect(new ReadySize().factor()).toBe(READY_MIN);
  });

  it('keeps about 100 ms of work ready, within its bounds', () => {
    const at = (ms: number) => {
      const r = new ReadySize();
      r.note(ms);
      return r.factor();
    };
    expect(at(4)).toBe(READY_MAX); // one-GET jobs: large claims
    expect(at(20)).toBe(5);
    expect(at(40)).toBe(2);
    expect(at(3_000)).toBe(READY_MIN); // slow pages: ready jobs would wait long
  });

  it('follows a change of pace within a few dozen jobs', () => {
    const r = new ReadySize();
    for (let i = 0; i < 50; i++) r.note(5);
    expect(r.factor()).toBe(READY_MAX);
    r.note(3_000); // one slow job is enough to shrink it: slow pages are met at once
    expect(r.factor()).toBe(READY_MIN);
    for (let i = 0; i < 60; i++) r.note(5);
    expect(r.factor()).toBe(READY_MAX);
  });
});
