import { describe, expect, it } from 'vitest';
import { coerceAnswer } from './coerce';
import { formatAnswer } from './format-answer';
import { asMoney, asPhone } from './typed-answers';

describe('money and phone answers', () => {
  it('writes money as amount with the currency decimals and its ISO code', () => {
    expect(asMoney('€49')).toBe('49.00 EUR');
    expect(asMoney('1.234,56 €')).toBe('1234.56 EUR');
    expect(asMoney('24.990 CLP')).toBe('24990 CLP');
    expect(asMoney('49.00 EUR')).toBe('49.00 EUR');
    expect(asMoney(12)).toBe('12.00');
    expect(asMoney('ask for a quote')).toBeNull();
  });

  it('writes phones in international form when the country is known, as printed otherwise', () => {
    expect(asPhone('+41446681800')).toBe('+41 44 668 18 00');
    expect(asPhone('+41446681800', 'e164')).toBe('+41446681800');
    expect(asPhone('(415) 555-0123')).toBe('(415) 555-0123');
    expect(asPhone('12')).toBeNull();
  });
});

describe('formatting guidance', () => {
  it('applies what it understands', () => {
    expect(coerceAnswer('+41446681800', { type: 'phone', format: 'E.164' }, '')).toBe('+41446681800');
    expect(coerceAnswer('+41446681800', { type: 'phone', format: 'international format' }, '')).toBe(
      '+41 44 668 18 00',
    );
    expect(coerceAnswer('Published 3 March 2024', { type: 'date', format: 'DD.MM.YYYY' }, '')).toBe(
      '03.03.2024',
    );
    expect(coerceAnswer('2024-03-03', { type: 'date', format: 'the year only' }, '')).toBe('2024');
    expect(coerceAnswer('€49', { type: 'money', format: 'without the currency' }, '')).toBe('49.00');
    expect(coerceAnswer('ACME Robotics', { type: 'string', format: 'in lowercase' }, '')).toBe(
      'acme robotics',
    );
  });

  it('leaves the answer as read when the guidance is about content, for the model', () => {
    expect(formatAnswer('Warehouse robots', { type: 'string', format: 'as one short phrase' })).toBe(
      'Warehouse robots',
    );
    expect(formatAnswer(null, { type: 'string', format: 'lowercase' })).toBeNull();
  });

  it('types each element of a list of a given type', () => {
    expect(
      coerceAnswer(
        ['/a', 'not a link', 'https://x.example/b'],
        { type: 'list', items: 'url' },
        'https://s.example/',
      ),
    ).toEqual(['https://s.example/a', 'https://x.example/b']);
  });
});
