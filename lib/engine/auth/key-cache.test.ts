import { describe, expect, it } from 'vitest';
import { cachedKey, forgetKeys, listenerState, lookupStarts, rememberKey } from './key-cache';

describe('key cache', () => {
  it('remembers a verified key until a revocation is heard', () => {
    rememberKey('h1', 'key-1', lookupStarts());
    expect(cachedKey('h1')).toBe('key-1');
    forgetKeys();
    expect(cachedKey('h1')).toBeNull();
  });

  it('does not cache a lookup that a revocation overtook', () => {
    const started = lookupStarts();
    forgetKeys(); // heard while the lookup's query was on its way: its answer may predate the revocation
    rememberKey('h2', 'key-2', started);
    expect(cachedKey('h2')).toBeNull();
    rememberKey('h2', 'key-2', lookupStarts());
    expect(cachedKey('h2')).toBe('key-2');
  });

  it('drops what it holds when a listener connects or loses its connection (notices may have been missed)', () => {
    rememberKey('h3', 'key-3', lookupStarts());
    listenerState(true);
    expect(cachedKey('h3')).toBeNull();
    rememberKey('h3', 'key-3', lookupStarts());
    listenerState(false);
    expect(cachedKey('h3')).toBeNull();
  });
});
