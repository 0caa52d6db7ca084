import { describe, expect, it } from 'vitest';
import { fold } from '../text-utils';
import { availabilityToken, hasPhrase, META_PATHS, propertyAsked } from './vocabulary';

// Callers pass folded text (lowercase, no accents), as classifyQuery does.
const asked = (text: string) => propertyAsked(fold(text))?.name ?? null;

describe('propertyAsked', () => {
  it.each([
    ["What is the product's SKU or item number?", 'sku'],
    ['SKU', 'sku'],
    ['Is the product in stock?', 'availability'],
    ['Availability', 'availability'],
    ['Verfügbarkeit', 'availability'],
    ['ISBN', 'isbn'],
    ['ISBN-13 of the book', 'isbn'],
    ['Publisher', 'publisher'],
    ['EAN barcode', 'gtin'],
    ['Manufacturer part number', 'mpn'],
    ['What plans are available?', null],
    ['Stock price', null],
    ['Skusa river', null],
  ])('%s → %s', (text, expected) => {
    expect(asked(text)).toBe(expected);
  });
});

describe('availabilityToken', () => {
  it.each([
    ['https://schema.org/InStock', 'InStock'],
    ['http://schema.org/OutOfStock', 'OutOfStock'],
    ['schema:PreOrder', 'PreOrder'],
    ['SoldOut', 'OutOfStock'],
    ['instock', 'InStock'],
    ['out_of_stock', 'OutOfStock'],
    ['  In Stock ', 'InStock'],
    ['BackOrder', 'BackOrder'],
    ['https://schema.org/Discontinued', 'OutOfStock'],
    ['https://schema.org/Offer', null],
    ['call us', null],
  ])('%s → %s', (raw, expected) => {
    expect(availabilityToken(raw)).toBe(expected);
  });
});

describe('hasPhrase', () => {
  it('matches whole words only', () => {
    expect(hasPhrase('is it in stock?', 'in stock')).toBe(true);
    expect(hasPhrase('skus of items', 'sku')).toBe(false);
    expect(hasPhrase('sku', 'sku')).toBe(true);
  });
});

describe('META_PATHS', () => {
  it('maps product meta tags to schema.org paths and leaves out the comment', () => {
    expect(META_PATHS.get('og:price:amount')).toBe('offers.price');
    expect(META_PATHS.get('product:availability')).toBe('offers.availability');
    expect(META_PATHS.get('product:retailer_item_id')).toBe('sku');
    expect(META_PATHS.has('$comment')).toBe(false);
  });
});
