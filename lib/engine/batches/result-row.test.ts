import { describe, expect, it } from 'vitest';
import { isoFormatter, toResultRow } from './result-row';

const outcome = (seq: number) => ({
  data_json: { n: seq },
  list_data_json: [{ n: seq }],
  list: seq % 2 === 0,
  data_sources: { n: { url: `https://example.com/${seq}` } },
  error: null,
  error_detected: false,
});

describe('isoFormatter', () => {
  it('writes every date exactly as toISOString does, however the dates follow each other', () => {
    const format = isoFormatter();
    const ms = [
      Date.UTC(2026, 10, 25, 16, 0, 0, 0),
      Date.UTC(2026, 10, 25, 16, 0, 0, 7),
      Date.UTC(2026, 10, 25, 16, 0, 0, 42),
      Date.UTC(2026, 10, 25, 16, 0, 0, 999),
      Date.UTC(2026, 10, 25, 16, 0, 1, 0),
      Date.UTC(2026, 10, 25, 16, 0, 0, 500), // back into an earlier second
      -1, // before 1970: the millisecond part counts from the second below
      -1001,
      0,
      Date.UTC(12345, 0, 1, 0, 0, 0, 5), // a six-digit year
      Date.UTC(12345, 0, 1, 0, 0, 0, 6),
    ];
    for (let i = 0; i < 2000; i++)
      ms.push(Date.UTC(2026, 0, 1) + Math.floor(Math.random() * 5000) + (i % 3) * 86_400_000);
    for (const m of ms) expect(format(new Date(m))).toBe(new Date(m).toISOString());
    expect(format(null)).toBeNull();
    expect(() => format(new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe('toResultRow', () => {
  const base = {
    jobId: 'job_1',
    dataUuid: 'u1',
    inputs: ['https://a.example'],
    errorDetected: false,
    error: null,
    startedAt: new Date('2025-01-01T00:00:00Z'),
    finishedAt: new Date('2025-01-01T00:00:05Z'),
  };

  it('reads data, list and sources from the stored result', () => {
    const row = toResultRow({ ...base, state: 'succeeded', result: outcome(2) }, 3);
    expect(row).toEqual({
      data_uuid: 'u1',
      inputs: ['https://a.example'],
      data_json: { n: 2 },
      list_data_json: [{ n: 2 }],
      list: true,
      job_id: 'job_1',
      error_detected: false,
      error: null,
      status: 'succeeded',
      task_version: 3,
      started_at: '2025-01-01T00:00:00.000Z',
      finished_at: '2025-01-01T00:00:05.000Z',
      data_sources: { n: { url: 'https://example.com/2' } },
    });
  });

  it('gives nulls and list false for a job without a result', () => {
    const row = toResultRow(
      { ...base, state: 'pending', result: null, startedAt: null, finishedAt: null },
      1,
    );
    expect(row).toMatchObject({
      data_json: null,
      list_data_json: null,
      list: false,
      data_sources: null,
      status: 'pending',
    });
    expect(row.started_at).toBeNull();
  });

  it("falls back to the result's error when the column is empty", () => {
    const row = toResultRow({ ...base, state: 'failed', errorDetected: true, result: { error: 'boom' } }, 1);
    expect(row.error).toBe('boom');
  });
});
