import { describe, expect, it } from 'vitest';
import type { Monitor } from '@/lib/contract/monitors';
import {
  describeRule,
  describeSchedule,
  draftOf,
  newDraft,
  readDraft,
  versionChoices,
} from './monitor-settings';

const monitor = (over: Partial<Monitor>): Monitor => ({
  monitor_id: 'mon_1',
  name: 'Prices',
  task_id: 'task_1',
  task_version: null,
  sheet_rows: 3,
  schedule: { kind: 'interval', seconds: 86_400 },
  rule: { kind: 'any' },
  webhook_url: '',
  paused: false,
  next_run_at: null,
  last_run_at: null,
  last_change_at: null,
  created_at: '2026-11-27T00:00:00.000Z',
  ...over,
});

describe('monitor settings', () => {
  it('describes schedules in the largest whole unit, and cron with its zone', () => {
    expect(describeSchedule({ kind: 'interval', seconds: 86_400 })).toBe('every day');
    expect(describeSchedule({ kind: 'interval', seconds: 5_400 })).toBe('every 90 minutes');
    expect(describeSchedule({ kind: 'interval', seconds: 1_209_600 })).toBe('every 2 weeks');
    expect(describeSchedule({ kind: 'cron', cron: '0 9 * * 1', time_zone: 'Europe/Berlin' })).toBe(
      'cron 0 9 * * 1 (Europe/Berlin)',
    );
  });

  it('describes rules', () => {
    expect(describeRule({ kind: 'any' })).toBe('any change');
    expect(describeRule({ kind: 'fields', fields: ['price', 'stock'] })).toBe('changes to price, stock');
    expect(describeRule({ kind: 'number_move', fields: ['price'], percent: 5 })).toBe(
      'price moving more than 5%',
    );
  });

  it('reads a draft into a schedule and rule, and says what is wrong with a bad one', () => {
    const d = newDraft('x', 'UTC');
    expect(readDraft({ ...d, every: '6', unit: 'hours' })).toEqual({
      ok: true,
      schedule: { kind: 'interval', seconds: 21_600 },
      rule: { kind: 'any' },
    });
    expect(readDraft({ ...d, every: '0' })).toMatchObject({ ok: false, error: /whole number/ });
    expect(readDraft({ ...d, every: '1.5' })).toMatchObject({ ok: false });
    expect(readDraft({ ...d, mode: 'cron', cron: ' ' })).toMatchObject({ ok: false, error: /Cron/ });
    expect(readDraft({ ...d, ruleKind: 'fields' })).toMatchObject({ ok: false, error: /at least one field/ });
    expect(readDraft({ ...d, ruleKind: 'number_move', ruleFields: ['price'], percent: '-2' })).toMatchObject({
      ok: false,
      error: /more than 0/,
    });
    expect(
      readDraft({
        ...d,
        mode: 'cron',
        cron: '0 9 * * 1',
        timeZone: 'Europe/Paris',
        ruleKind: 'number_move',
        ruleFields: ['price'],
        percent: '2.5',
      }),
    ).toEqual({
      ok: true,
      schedule: { kind: 'cron', cron: '0 9 * * 1', time_zone: 'Europe/Paris' },
      rule: { kind: 'number_move', fields: ['price'], percent: 2.5 },
    });
  });

  it('a monitor read back into a draft gives the same schedule and rule', () => {
    for (const m of [
      monitor({}),
      monitor({ schedule: { kind: 'interval', seconds: 5_400 }, rule: { kind: 'fields', fields: ['a'] } }),
      monitor({
        schedule: { kind: 'cron', cron: '*/30 * * * *', time_zone: 'Asia/Tokyo' },
        rule: { kind: 'number_move', fields: ['price'], percent: 10 },
        task_version: 2,
      }),
    ]) {
      const d = draftOf(m);
      expect(readDraft(d)).toEqual({ ok: true, schedule: m.schedule, rule: m.rule });
      expect(d.version).toBe(m.task_version ?? 'live');
    }
  });

  it("offers the task's versions newest first, marking the live one", () => {
    expect(versionChoices({ max_version: 3, live_version: 2 })).toEqual([
      { version: 3, live: false },
      { version: 2, live: true },
      { version: 1, live: false },
    ]);
    expect(versionChoices(undefined, 2).map((v) => v.version)).toEqual([2, 1]);
    expect(versionChoices(undefined)).toEqual([]);
  });
});
