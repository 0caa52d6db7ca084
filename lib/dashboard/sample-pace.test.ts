import { describe, expect, it } from 'vitest';
import type { JobResult } from '@/lib/contract/tasks';
import { formatDuration, formatUsd, samplePace, sampleKey, type SampleOutcome } from './sample-pace';

const result = (over: Partial<JobResult> = {}): JobResult => ({
  data_json: { price: 1 },
  list_data_json: [],
  list: false,
  job_id: 'j',
  error_detected: false,
  ...over,
});

describe('samplePace', () => {
  it('takes the median time, so one slow site does not set the pace', () => {
    const outcomes: SampleOutcome[] = [
      { inputs: ['a'], result: result({ elapsed_ms: 1000 }) },
      { inputs: ['b'], result: result({ elapsed_ms: 1200 }) },
      { inputs: ['c'], result: result({ elapsed_ms: 30_000 }) },
    ];
    expect(samplePace(outcomes)).toEqual({ measured: 3, jobSeconds: 1.2, costPerRow: null });
  });

  it('averages two middle times, falls back to the round trip, and skips failed requests', () => {
    const pace = samplePace([
      { inputs: ['a'], result: result({ elapsed_ms: 1000 }) },
      { inputs: ['b'], result: result(), roundTripMs: 3000 },
      { inputs: ['c'], error: 'HTTP 502' },
    ]);
    expect(pace).toEqual({ measured: 2, jobSeconds: 2, costPerRow: null });
  });

  it('gives the mean model cost per row when a model was used', () => {
    const usage = (cost_usd: number) => ({ input_tokens: 100, output_tokens: 10, cost_usd });
    const pace = samplePace([
      { inputs: ['a'], result: result({ elapsed_ms: 500, usage: usage(0.002) }) },
      { inputs: ['b'], result: result({ elapsed_ms: 500, usage: usage(0.004) }) },
    ]);
    expect(pace?.costPerRow).toBeCloseTo(0.003, 6);
  });

  it('has no pace without a result', () => {
    expect(samplePace([])).toBeNull();
    expect(samplePace([{ inputs: ['a'], error: 'boom' }])).toBeNull();
  });
});

describe('formatting', () => {
  it('writes durations at a glance', () => {
    expect(formatDuration(350)).toBe('350 ms');
    expect(formatDuration(1234)).toBe('1.2 s');
    expect(formatDuration(40_000)).toBe('40 s');
    expect(formatDuration(12 * 60_000)).toBe('12 min');
    expect(formatDuration(200 * 60_000)).toBe('3 h 20 min');
    expect(formatDuration(52 * 3_600_000)).toBe('2 d 4 h');
  });
  it('writes money with the digits a small cost needs', () => {
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(0.00034)).toBe('$0.00034');
  });
  it('keys outcomes by their inputs', () => {
    expect(sampleKey(['a', 'b'])).not.toBe(sampleKey(['a,b']));
  });
});
