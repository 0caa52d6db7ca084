import { describe, expect, it } from 'vitest';
import type { EngineError } from '../errors';
import { checkSchedule, firstTick, nextTick } from './schedule';

const at = (s: string) => new Date(s);

describe('monitor schedules', () => {
  it('an interval stays on its grid and skips the slots missed while down (one catch-up)', () => {
    const every = { kind: 'interval', seconds: 3600 } as const;
    // On time: the next slot.
    expect(nextTick(every, at('2026-03-02T08:15:00Z'), at('2026-03-02T08:15:01Z'))).toEqual(
      at('2026-03-02T09:15:00Z'),
    );
    // Down from 08:15 to 13:40: the run claimed now covers every missed slot; the next is 14:15.
    expect(nextTick(every, at('2026-03-02T08:15:00Z'), at('2026-03-02T13:40:00Z'))).toEqual(
      at('2026-03-02T14:15:00Z'),
    );
    // Exactly on a slot: that slot is the one running, the next is an hour on.
    expect(nextTick(every, at('2026-03-02T08:15:00Z'), at('2026-03-02T10:15:00Z'))).toEqual(
      at('2026-03-02T11:15:00Z'),
    );
    expect(firstTick(every, at('2026-03-02T08:00:00Z'))).toEqual(at('2026-03-02T09:00:00Z'));
  });

  it('a cron expression is read in its time zone, across a daylight-saving change', () => {
    const monday9 = { kind: 'cron', cron: '0 9 * * 1', time_zone: 'Europe/Berlin' } as const;
    // 09:00 in Berlin is 08:00 UTC in winter (CET) and 07:00 UTC in summer (CEST, from 29 March 2026).
    expect(nextTick(monday9, at('2026-03-23T08:00:00Z'), at('2026-03-23T08:00:01Z'))).toEqual(
      at('2026-03-30T07:00:00Z'),
    );
    // Missed for three weeks: one run now, the next on the coming Monday.
    expect(nextTick(monday9, at('2026-03-02T08:00:00Z'), at('2026-03-25T12:00:00Z'))).toEqual(
      at('2026-03-30T07:00:00Z'),
    );
  });

  it('refuses an expression croner cannot read, an unknown zone, and one that never runs again', () => {
    const refusal = (s: Parameters<typeof checkSchedule>[0]) => {
      try {
        checkSchedule(s);
        return null;
      } catch (err) {
        return `${(err as EngineError).status} ${(err as EngineError).details}`;
      }
    };
    expect(refusal({ kind: 'cron', cron: '0 25 * * *', time_zone: 'UTC' })).toMatch(
      /^400 cron '0 25 \* \* \*'/,
    );
    expect(refusal({ kind: 'cron', cron: '0 9 * * 1', time_zone: 'Nowhere/City' })).toMatch(
      /^400 unknown time_zone 'Nowhere\/City'/,
    );
    expect(refusal({ kind: 'cron', cron: '2020-01-01T00:00:00', time_zone: 'UTC' })).toMatch(/^400 cron/);
    expect(refusal({ kind: 'cron', cron: '*/15 * * * *', time_zone: 'UTC' })).toBeNull();
    expect(refusal({ kind: 'interval', seconds: 60 })).toBeNull();
  });
});
