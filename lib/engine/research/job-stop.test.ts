import { describe, expect, it } from 'vitest';
import { abortSignalOf, JobStop } from './job-stop';

describe('JobStop', () => {
  it('calls its one listener once, with the reason kept', () => {
    const stop = new JobStop();
    let calls = 0;
    stop.listen(() => calls++);
    const reason = new Error('too slow');
    stop.abort(reason);
    stop.abort(new Error('again'));
    expect(calls).toBe(1);
    expect(stop.aborted).toBe(true);
    expect(stop.reason).toBe(reason);
    expect(() => stop.throwIfAborted()).toThrow('too slow');
  });

  it('a removed listener is not called; a new one replaces the old', () => {
    const stop = new JobStop();
    const seen: string[] = [];
    stop.listen(() => seen.push('first'));
    stop.listen(() => seen.push('second'));
    stop.abort();
    expect(seen).toEqual(['second']);
    const other = new JobStop();
    other.listen(() => seen.push('removed'));
    other.listen(null);
    other.abort();
    expect(seen).toEqual(['second']);
  });

  it('its AbortSignal fires with it, whether made before or after the stop', () => {
    const early = new JobStop();
    const signal = early.signal;
    let fired = 0;
    signal.addEventListener('abort', () => fired++);
    expect(signal.aborted).toBe(false);
    early.abort(new Error('stopped'));
    expect(fired).toBe(1);
    expect((signal.reason as Error).message).toBe('stopped');

    const late = new JobStop();
    late.abort(new Error('before'));
    expect(late.signal.aborted).toBe(true);
    expect((late.signal.reason as Error).message).toBe('before');
    expect(late.signal).toBe(late.signal); // made once
  });

  it('defaults to an AbortError, as AbortController.abort() does', () => {
    const stop = new JobStop();
    stop.abort();
    expect((stop.reason as DOMException).name).toBe('AbortError');
  });

  it('abortSignalOf passes an AbortSignal through and turns a JobStop into one', () => {
    const c = new AbortController();
    expect(abortSignalOf(c.signal)).toBe(c.signal);
    expect(abortSignalOf(undefined)).toBeUndefined();
    const stop = new JobStop();
    expect(abortSignalOf(stop)).toBe(stop.signal);
  });
});
