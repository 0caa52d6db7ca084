import { describe, expect, it } from 'vitest';
import { UuidRegistry } from './uuid-registry';

describe('UuidRegistry', () => {
  it('returns the first index of a repeated uuid', () => {
    const registry = new UuidRegistry();
    expect(registry.add('a', 0)).toBeUndefined();
    expect(registry.add('b', 1)).toBeUndefined();
    expect(registry.add('a', 2)).toBe(0);
    expect(registry.add('a', 3)).toBe(0);
    expect(registry.add('A', 4)).toBeUndefined();
    expect(registry.add('', 5)).toBeUndefined();
    expect(registry.add('', 6)).toBe(5);
  });

  it('keeps every uuid across growth, without false duplicates among near-identical ids', () => {
    const registry = new UuidRegistry();
    const count = 300_000; // past several resizes of the table
    for (let i = 0; i < count; i++) expect.soft(registry.add(`row-${i}`, i)).toBeUndefined();
    for (let i = 0; i < count; i += 997) expect(registry.add(`row-${i}`, count + i)).toBe(i);
    // Same length, one character apart, and odd lengths (the last character is hashed on its own).
    expect(registry.add('row-00000a', 1)).toBeUndefined();
    expect(registry.add('row-00000b', 2)).toBeUndefined();
    expect(registry.add('row-0000a', 3)).toBeUndefined();
    expect(registry.add('row-0000b', 4)).toBeUndefined();
    expect(registry.add('日本😀', 5)).toBeUndefined();
    expect(registry.add('日本😀', 6)).toBe(5);
  });
});
