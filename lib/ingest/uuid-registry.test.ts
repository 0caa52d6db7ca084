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
    const count = 300_000; // past two resizes of the table and three of the row array
    // Checked in plain loops, reported once: an expect per uuid cost more than the registry itself
    // (tens of seconds on a loaded machine, past the test's time limit).
    const falseDuplicates: number[] = [];
    for (let i = 0; i < count; i++) if (registry.add(`row-${i}`, i) !== undefined) falseDuplicates.push(i);
    expect(falseDuplicates).toEqual([]);
    const misreported: [number, number | undefined][] = [];
    for (let i = 0; i < count; i += 997) {
      const first = registry.add(`row-${i}`, count + i);
      if (first !== i) misreported.push([i, first]);
    }
    expect(misreported).toEqual([]);
    // Same length, one character apart, and odd lengths (the last character is hashed on its own).
    expect(registry.add('row-00000a', 1)).toBeUndefined();
    expect(registry.add('row-00000b', 2)).toBeUndefined();
    expect(registry.add('row-0000a', 3)).toBeUndefined();
    expect(registry.add('row-0000b', 4)).toBeUndefined();
    expect(registry.add('日本😀', 5)).toBeUndefined();
    expect(registry.add('日本😀', 6)).toBe(5);
  }, 15_000); // 300,000 uuids: under a second alone, seconds beside other work on two cores
});
