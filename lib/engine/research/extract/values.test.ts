import { describe, expect, it } from 'vitest';
import { coerceValue } from './coerce';
import { toIsoDate } from './dates';
import { parseNumber } from './numbers';

describe('parseNumber', () => {
  it.each([
    ['1,200 employees', 1200],
    ['1.200 Mitarbeiter', 1200],
    ['12,50 €', 12.5],
    ['$129.00', 129],
    ['$1,299.99/year', 1299.99],
    ['4.5k users', 4500],
    ['3 million', 3_000_000],
    ['-7 degrees', -7],
    ['no digits', null],
  ])('%s → %s', (text, expected) => {
    expect(parseNumber(text)).toBe(expected);
  });
});

describe('toIsoDate', () => {
  it.each([
    ['2024-03-05T09:30:00Z', '2024-03-05'],
    ['March 5, 2024', '2024-03-05'],
    ['5th March 2024', '2024-03-05'],
    ['05.03.2024', '2024-03-05'],
    ['5. März 2024', '2024-03-05'],
    ['3 février 2023', '2023-02-03'],
    ['2024/3/5', '2024-03-05'],
    ['03/05/2024', '2024-03-05'],
    ['25/12/2023', '2023-12-25'],
    ['2023-02-30', null],
    ['sometime soon', null],
  ])('%s → %s', (text, expected) => {
    expect(toIsoDate(text)).toBe(expected);
  });
});

describe('coerceValue', () => {
  const base = 'https://acme.example/about/';
  it('shapes values to each output type', () => {
    expect(coerceValue('  Acme \n Robotics ', 'string', base)).toBe('Acme Robotics');
    expect(coerceValue(['a', 'b'], 'string', base)).toBe('a, b');
    expect(coerceValue('$49/month', 'number', base)).toBe(49);
    expect(coerceValue('Yes', 'boolean', base)).toBe(true);
    expect(coerceValue('Out of stock', 'boolean', base)).toBe(false);
    expect(coerceValue('maybe', 'boolean', base)).toBeNull();
    expect(coerceValue(1998, 'date', base)).toBe('1998');
    expect(coerceValue('Published on 5 March 2024', 'date', base)).toBe('2024-03-05');
    expect(coerceValue('/careers', 'url', base)).toBe('https://acme.example/careers');
    expect(coerceValue('See https://x.example/a.', 'url', base)).toBe('https://x.example/a.');
    expect(coerceValue('javascript:alert(1)', 'url', base)).toBeNull();
    expect(coerceValue('Mail HELLO@Acme.example today', 'email', base)).toBe('hello@acme.example');
    expect(coerceValue('a; b\nc', 'list', base)).toEqual(['a', 'b', 'c']);
    expect(coerceValue([], 'list', base)).toBeNull();
    expect(coerceValue(null, 'string', base)).toBeNull();
  });
});
