import { describe, expect, it } from 'vitest';
import { Speller } from './spelling';

describe('Speller', () => {
  const speller = new Speller(['email', 'number', 'address', 'published', 'phone']);

  it.each([
    ['emial', 'email'],
    ['nubmer', 'number'],
    ['adress', 'address'],
    ['addrss', 'address'],
  ])('reads %s as %s', (slip, word) => {
    expect(speller.correct(slip)).toBe(word);
  });

  it('leaves word forms, short words and unknown words alone', () => {
    expect(speller.correct('publisher')).toBe('publisher');
    expect(speller.correct('phon')).toBe('phon');
    expect(speller.correct('revenue')).toBe('revenue');
  });
});
