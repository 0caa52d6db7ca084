import { describe, expect, it } from 'vitest';
import {
  acceptedPrices,
  availabilityValue,
  expectedAuthors,
  f1,
  isBylineRight,
  isLanguageRight,
  isTitleRight,
  matchOne,
  parsePrice,
  priceReadings,
  samePrice,
  skuValue,
} from './corpora-scoring';

describe('parsePrice', () => {
  it.each([
    ['1.234,56 €', 1234.56],
    ['$1,299.00', 1299],
    ['24.990', 24990],
    ['CLP 24.990', 24990],
    ['119,01 €', 119.01],
    ['£5,100.00', 5100],
    ['Rs 23,450', 23450],
    ['1 234,56 €', 1234.56],
    ['CHF 1\u2019299.–', 1299],
    ["CHF 1'299.50", 1299.5],
    ['1.234.567', 1234567],
    ['EUR 19.5', 19.5],
    ['$87.11 & FREE Returns', 87.11],
  ])('reads %s as %d', (s, n) => {
    expect(parsePrice(s)).toBe(n);
  });

  it('takes numbers as they are and finds none in words', () => {
    expect(parsePrice(42.5)).toBe(42.5);
    expect(parsePrice('Price on request')).toBeNull();
    expect(parsePrice(null)).toBeNull();
  });
});

describe('product matching (the benchmark rules)', () => {
  it('reads a number with one mark before three digits both ways, and others one way', () => {
    expect(priceReadings('$3.340')).toEqual([3340, 3.34]);
    expect(priceReadings('Rs 23,450')).toEqual([23450, 23.45]);
    expect(priceReadings('$1,299.00')).toEqual([1299]);
    expect(priceReadings('1.234.567')).toEqual([1234567]);
    expect(priceReadings('119,01 €')).toEqual([119.01]);
    expect(priceReadings('Price on request')).toEqual([]);
    expect(acceptedPrices(['23.450', '87.11'])).toEqual([23.45, 23450, 87.11]);
  });

  it('counts tp, fp and fn as evaluate.py does', () => {
    expect(matchOne([87.11], 87.11, samePrice)).toEqual({ tp: 1, fp: 0, fn: 0 });
    expect(matchOne([87.11], 29.99, samePrice)).toEqual({ tp: 0, fp: 1, fn: 1 });
    expect(matchOne([87.11], null, samePrice)).toEqual({ tp: 0, fp: 0, fn: 1 });
    expect(matchOne<number>([], 29.99, samePrice)).toEqual({ tp: 0, fp: 1, fn: 0 });
    expect(matchOne<number>([], null)).toEqual({ tp: 0, fp: 0, fn: 0 });
  });

  it('computes F1 over summed counts', () => {
    expect(f1({ tp: 6, fp: 2, fn: 4 }).f1).toBeCloseTo((2 * 0.75 * 0.6) / 1.35, 10);
    expect(f1({ tp: 0, fp: 0, fn: 0 }).f1).toBe(1);
    expect(f1({ tp: 0, fp: 3, fn: 3 }).f1).toBe(0);
  });

  it('compares a sku exactly, without a leading label', () => {
    expect(skuValue('  B07FW264WL ')).toBe('B07FW264WL');
    expect(skuValue('SKU: 2800395267')).toBe('2800395267');
    expect(skuValue('Item number: 4781720')).toBe('4781720');
    expect(skuValue('Product of USA.')).toBe('Product of USA.');
    expect(skuValue(null)).toBeNull();
  });

  it.each([
    ['https://schema.org/InStock', 'InStock'],
    ['http://schema.org/OutOfStock', 'OutOfStock'],
    ['schema.org/LimitedAvailability', 'InStock'],
    ['InStock', 'InStock'],
    ['In stock.', 'InStock'],
    ['Only 3 left in stock', 'InStock'],
    ['Currently unavailable.', 'OutOfStock'],
    ['Not in stock', 'OutOfStock'],
    ['Sold out', 'OutOfStock'],
    [true, 'InStock'],
    ['No', 'OutOfStock'],
    ['https://schema.org/PreOrder', 'other'],
    ['Auf Lager', 'other'],
    ['Usually dispatched within 2 to 3 days and delivered by a courier to your door', 'other'],
  ] as const)('reads availability %s as %s', (answer, want) => {
    expect(availabilityValue(answer)).toBe(want);
  });
});

describe('article rules', () => {
  it('takes the title or one whole segment at a site-name separator, never the site name', () => {
    expect(isTitleRight('Mozilla', 'Mozilla - Wikipedia')).toBe(true);
    expect(isTitleRight('How to Build a Terrarium', 'How to Build a Terrarium | eHow', 'eHow')).toBe(true);
    expect(isTitleRight('eHow', 'How to Build a Terrarium | eHow', 'eHow')).toBe(false);
    expect(isTitleRight('  this api is so  fetching! ', 'This API is so Fetching!')).toBe(true);
    expect(isTitleRight('How to Build', 'How to Build a Terrarium | eHow')).toBe(false);
    expect(isTitleRight('How to Build a Terrarium | eHow | Home', 'How to Build a Terrarium | eHow')).toBe(
      false,
    );
    expect(isTitleRight('Mozilla-Wikipedia', 'Mozilla-Wikipedia Foundation')).toBe(false);
  });

  it('reads the expected authors from a byline', () => {
    expect(expectedAuthors('By Erin Cunningham')).toEqual([['erin', 'cunningham']]);
    expect(expectedAuthors('Stella Kim, Jennifer Jett')).toEqual([
      ['stella', 'kim'],
      ['jennifer', 'jett'],
    ]);
    expect(expectedAuthors('By Brenda  Goodman, MA\n      WebMD Health News')).toEqual([
      ['brenda', 'goodman'],
    ]);
    expect(expectedAuthors('April 28, 2019 at 6:01 am Updated April 29, 2019')).toBeNull();
    expect(expectedAuthors(null)).toBeNull();
  });

  it('takes a byline that names the expected authors and nothing else', () => {
    expect(isBylineRight('By Jane Doe', 'Jane Doe')).toBe(true);
    expect(isBylineRight('Erin Cunningham', 'By Erin Cunningham')).toBe(true);
    expect(isBylineRight('Brenda Goodman', 'By Brenda  Goodman, MA\n   WebMD Health News')).toBe(true);
    expect(isBylineRight('Bradley M. Kuhn', 'Bradley M. Kuhn (http://ebb.org/bkuhn/)')).toBe(true);
    expect(isBylineRight('Jennifer Jett and Stella Kim', 'Stella Kim, Jennifer Jett')).toBe(true);
    expect(isBylineRight('Stella Kim', 'Stella Kim, Jennifer Jett')).toBe(false);
    expect(
      isBylineRight('Brenda Goodman, WebMD Health News', 'By Brenda Goodman, MA\n WebMD Health News'),
    ).toBe(false);
    expect(isBylineRight('Jane Doe https://example.com/jane', 'Jane Doe')).toBe(false);
    expect(isBylineRight('Jane Doe, March 3, 2020', 'Jane Doe')).toBe(false);
    expect(isBylineRight('Jane Doe and John Roe', 'Jane Doe')).toBe(false);
    expect(isBylineRight('', 'Jane Doe')).toBe(false);
  });

  it('compares languages by their primary subtag or English name', () => {
    expect(isLanguageRight('en', 'en-US')).toBe(true);
    expect(isLanguageRight('EN-GB', 'en-us')).toBe(true);
    expect(isLanguageRight('Czech', 'cs')).toBe(true);
    expect(isLanguageRight('zh-CN', 'zh-TW')).toBe(true);
    expect(isLanguageRight('de', 'en')).toBe(false);
    expect(isLanguageRight('English', 'de')).toBe(false);
    expect(isLanguageRight('', 'en')).toBe(false);
  });
});
