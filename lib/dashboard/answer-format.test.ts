import { describe, expect, it } from 'vitest';
import {
  answerText,
  confidenceLevel,
  describeAnswer,
  describeMethod,
  formatConfidence,
  formatIsoDate,
  isNotFound,
  readSource,
  shortUrl,
  splitLookedAt,
} from './answer-format';

const en = { locale: 'en-US', timeZone: 'UTC' };

describe('describeAnswer', () => {
  it('formats numbers with separators from five digits on, so years read as years', () => {
    expect(describeAnswer(1998, en)).toEqual({ kind: 'number', text: '1998', raw: '1998' });
    expect(describeAnswer(1234567.5, en)).toMatchObject({ text: '1,234,567.5' });
    expect(describeAnswer(24990, { locale: 'de-DE' })).toMatchObject({ text: '24.990' });
    expect(describeAnswer(0.125, en)).toMatchObject({ text: '0.125' });
  });

  it('reads booleans as yes or no', () => {
    expect(describeAnswer(true, en)).toMatchObject({ kind: 'boolean', text: 'Yes' });
    expect(describeAnswer(false, en)).toMatchObject({ kind: 'boolean', text: 'No' });
  });

  it('reads ISO dates as dates, keeping the ISO value', () => {
    expect(describeAnswer('2024-03-05', en)).toEqual({
      kind: 'date',
      text: 'Mar 5, 2024',
      iso: '2024-03-05',
    });
    expect(describeAnswer('2010-06', en)).toMatchObject({ kind: 'date', text: 'June 2010' });
    expect(describeAnswer('2024-03-05T09:30:00Z', en)).toMatchObject({
      kind: 'date',
      text: 'Mar 5, 2024, 9:30 AM UTC',
    });
    // A wall time without an offset is shown as written, whatever the viewer's zone.
    expect(describeAnswer('2024-03-05T09:30', { locale: 'en-US', timeZone: 'Asia/Tokyo' })).toMatchObject({
      text: 'Mar 5, 2024, 9:30 AM',
    });
  });

  it('keeps strings that only look like dates as text', () => {
    expect(describeAnswer('2024-02-31', en)).toMatchObject({ kind: 'text' });
    expect(describeAnswer('2024-13', en)).toMatchObject({ kind: 'text' });
    expect(describeAnswer('1998', en)).toMatchObject({ kind: 'text', text: '1998' });
    expect(formatIsoDate('March 2024', en)).toBeNull();
  });

  it('links only http and https addresses', () => {
    expect(describeAnswer('https://example.com/about', en)).toEqual({
      kind: 'url',
      text: 'https://example.com/about',
      href: 'https://example.com/about',
    });
    expect(describeAnswer('javascript:alert(1)', en)).toMatchObject({ kind: 'text' });
    expect(describeAnswer('hello@acme.example', en)).toMatchObject({ kind: 'text' });
  });

  it('reads lists item by item and drops empty items', () => {
    const d = describeAnswer(['robots', 2, null, '', 'https://a.example/'], en);
    expect(d).toMatchObject({
      kind: 'list',
      items: [{ kind: 'text' }, { kind: 'number' }, { kind: 'url' }],
    });
    expect(answerText(d)).toBe('robots, 2, https://a.example/');
    expect(describeAnswer([], en)).toEqual({ kind: 'empty' });
    expect(describeAnswer([null, ' '], en)).toEqual({ kind: 'empty' });
  });

  it('reads money with its currency, and other objects as their entries', () => {
    expect(describeAnswer({ amount: 24.99, currency: 'CLP' }, en)).toMatchObject({
      kind: 'money',
      raw: '24.99 CLP',
    });
    expect(answerText(describeAnswer({ amount: 1234.56, currency: 'eur' }, { locale: 'de-DE' }))).toBe(
      '1.234,56\u00a0€', // Intl puts a no-break space before the sign
    );
    const o = describeAnswer({ street: 'Main St 1', city: 'Austin', zip: null }, en);
    expect(answerText(o)).toBe('street: Main St 1; city: Austin');
  });

  it('treats null, undefined and blank strings as no value', () => {
    for (const v of [null, undefined, '', '   ', {}])
      expect(describeAnswer(v, en)).toEqual({ kind: 'empty' });
  });
});

describe('confidence', () => {
  it('bands follow the calibration: high from 0.8, medium from 0.5', () => {
    expect(confidenceLevel(0.99)).toBe('high');
    expect(confidenceLevel(0.8)).toBe('high');
    expect(confidenceLevel(0.79)).toBe('medium');
    expect(confidenceLevel(0.5)).toBe('medium');
    expect(confidenceLevel(0.49)).toBe('low');
    expect(formatConfidence(0.925)).toBe('93%');
    expect(formatConfidence(1.2)).toBe('100%');
  });
});

describe('describeMethod', () => {
  it('names each method in plain words', () => {
    expect(describeMethod({ method: 'structured_data' })).toBe('structured data');
    expect(describeMethod({ method: 'metadata' })).toBe('page metadata');
    expect(describeMethod({ method: 'label' })).toBe('printed label');
    expect(describeMethod({ method: 'pattern' })).toBe('text pattern');
    expect(describeMethod({ method: 'passage' })).toBe('matching passage');
  });

  it('says whether a model quote was checked', () => {
    expect(describeMethod({ method: 'model', quote_verified: true })).toBe('language model (quote checked)');
    expect(describeMethod({ method: 'model', quote_verified: false })).toMatch(/not found on the page/);
    expect(describeMethod({ method: 'model' })).toBe('language model');
  });

  it('has nothing to say for sources from before methods were recorded', () => {
    expect(describeMethod({})).toBeNull();
  });
});

describe('isNotFound', () => {
  it('is the not_found method, or an empty value when the source has no method', () => {
    expect(isNotFound(null, { method: 'not_found' })).toBe(true);
    expect(isNotFound(null, undefined)).toBe(true);
    expect(isNotFound([], { method: 'table' })).toBe(true);
    expect(isNotFound('Acme', { method: 'metadata' })).toBe(false);
    expect(isNotFound(0, undefined)).toBe(false);
    expect(isNotFound(false, undefined)).toBe(false);
  });
});

describe('readSource', () => {
  it('keeps what the dashboard shows from a stored source', () => {
    expect(
      readSource({
        url: 'https://a.example/',
        snippet: 'not found',
        confidence: 0,
        method: 'not_found',
        looked_at: ['read as: price', 42],
        extra: 1,
      }),
    ).toEqual({
      url: 'https://a.example/',
      snippet: 'not found',
      confidence: 0,
      method: 'not_found',
      looked_at: ['read as: price'],
    });
  });

  it('reads old sources without a method, and refuses what is not a source', () => {
    expect(readSource({ url: 'https://a.example/', snippet: 'x', confidence: 0.7 })).toEqual({
      url: 'https://a.example/',
      snippet: 'x',
      confidence: 0.7,
    });
    expect(readSource({ url: 'https://a.example/', method: 'guess' })).not.toHaveProperty('method');
    expect(readSource(null)).toBeUndefined();
    expect(readSource('https://a.example/')).toBeUndefined();
    expect(readSource({ snippet: 'x' })).toBeUndefined();
  });
});

describe('splitLookedAt', () => {
  it('splits a leading page address from what was read there', () => {
    expect(splitLookedAt('http://127.0.0.1:4000/acme/: no structured data, 21 text blocks')).toEqual({
      url: 'http://127.0.0.1:4000/acme/',
      text: 'no structured data, 21 text blocks',
    });
    expect(splitLookedAt('read as: published')).toEqual({ url: null, text: 'read as: published' });
  });
});

describe('shortUrl', () => {
  it('drops the scheme and a bare slash, keeps path and query', () => {
    expect(shortUrl('https://shop.example/p/1?id=2')).toBe('shop.example/p/1?id=2');
    expect(shortUrl('http://127.0.0.1:4000/')).toBe('127.0.0.1:4000');
    expect(shortUrl('not a url')).toBe('not a url');
  });
});
