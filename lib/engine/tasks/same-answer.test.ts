import { describe, expect, it } from 'vitest';
import { sameAnswer } from './same-answer';

describe('sameAnswer', () => {
  it('reads money by amount and currency; a price without its currency agrees with any', () => {
    expect(sameAnswer('49.00', '€49', { type: 'money' })).toBe(true);
    expect(sameAnswer(49, 'EUR 49,00', { type: 'money' })).toBe(true);
    expect(sameAnswer('$1,299.00', '1299 USD', { type: 'money' })).toBe(true);
    expect(sameAnswer('€49', '€59', { type: 'money' })).toBe(false);
    expect(sameAnswer('€49', '£49', { type: 'money' })).toBe(false);
  });

  it('reads numbers, dates, booleans, emails, phones and links by meaning', () => {
    expect(sameAnswer('1,200', 1200, { type: 'number' })).toBe(true);
    expect(sameAnswer('1,200', 1201, { type: 'number' })).toBe(false);
    expect(sameAnswer('March 3, 2024', '2024-03-03', { type: 'date' })).toBe(true);
    expect(sameAnswer('2024-03-03', '2024-03-04', { type: 'date' })).toBe(false);
    expect(sameAnswer('yes', true, { type: 'boolean' })).toBe(true);
    expect(sameAnswer(false, true, { type: 'boolean' })).toBe(false);
    expect(sameAnswer('Info@Example.com', 'info@example.com', { type: 'email' })).toBe(true);
    expect(sameAnswer('(212) 555-0100', '+1 212 555 0100', { type: 'phone' })).toBe(true);
    expect(sameAnswer('(212) 555-0100', '(212) 555-0199', { type: 'phone' })).toBe(false);
    expect(sameAnswer('Example.com/', 'https://www.example.com', { type: 'url' })).toBe(true);
    expect(sameAnswer('https://example.com/a', 'https://example.com/b', { type: 'url' })).toBe(false);
  });

  it('compares text with its spacing tidied but its letters kept', () => {
    expect(sameAnswer(' Acme  Robotics ', 'Acme Robotics', { type: 'string' })).toBe(true);
    expect(sameAnswer('Acme Robotics', 'Acme Robotics GmbH', { type: 'string' })).toBe(false);
  });

  it('compares lists as the same items in any order', () => {
    const tags = { type: 'list' as const, items: 'string' as const };
    expect(sameAnswer(['b', 'a'], ['a', 'b'], tags)).toBe(true);
    expect(sameAnswer(['a', 'a'], ['a', 'b'], tags)).toBe(false);
    expect(sameAnswer(['€5', '€7'], ['7.00', '5'], { type: 'list', items: 'money' })).toBe(true);
    // A list task's column: one value per list row, read by the column's type.
    expect(sameAnswer(['49.00', '99.00'], ['€99', '€49'], { type: 'money' })).toBe(true);
  });

  it('tells an empty answer from a found one, and empties agree', () => {
    expect(sameAnswer(null, '', { type: 'string' })).toBe(true);
    expect(sameAnswer(null, [], { type: 'list' })).toBe(true);
    expect(sameAnswer(null, 'x', { type: 'string' })).toBe(false);
    expect(sameAnswer(0, null, { type: 'number' })).toBe(false);
  });
});
