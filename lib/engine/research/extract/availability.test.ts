import { describe, expect, it } from 'vitest';
import { readHtml } from '../read-html';
import { PROPERTIES } from '../vocabulary/vocabulary';
import { availabilityCandidates, offersToBuy } from './availability';
import type { PageContext } from './candidate';

const page = (html: string) =>
  readHtml({ url: 'https://shop.test/p/1', status: 200, html, contentLanguage: null });
const ctx = (html: string): PageContext => ({ page: page(html), isStartPage: true, country: 'US' });
const term = PROPERTIES.find((p) => p.name === 'availability')!;
/** Status, confidence (to the hundredth) and method of each candidate, in order. */
const found = (html: string) =>
  availabilityCandidates(term, ctx(html)).map((c) => [
    (c.value as { status: string }).status,
    Math.round(c.confidence * 100) / 100,
    c.method,
  ]);
const jsonLd = (data: object) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('availabilityCandidates', () => {
  it('reads a schema.org URL token from the offer', () => {
    const html = jsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Mug',
      offers: { '@type': 'Offer', price: '9.99', availability: 'https://schema.org/OutOfStock' },
    });
    expect(availabilityCandidates(term, ctx(html))).toEqual([
      {
        value: { kind: 'availability', status: 'OutOfStock' },
        snippet: 'structured data Product › offers › availability: https://schema.org/OutOfStock',
        confidence: 0.9,
        url: 'https://shop.test/p/1',
        method: 'structured_data',
        path: 'structured data Product › offers › availability',
      },
    ]);
  });

  it('reads a status printed as the first line of a block', () => {
    expect(found('<p>Currently unavailable.<br>We don\u2019t know when this item will be back.</p>')).toEqual(
      [['OutOfStock', 0.84, 'pattern']],
    );
  });

  it('counts a status with a count before it, and weakens later statuses', () => {
    expect(found('<p>Nur noch 1 auf Lager</p><p>Ausverkauft</p>')).toEqual([
      ['InStock', 0.84, 'pattern'],
      ['OutOfStock', 0.79, 'pattern'],
    ]);
  });

  it('does not read "Immagine non disponibile" (image not available) as a stock status', () => {
    expect(found('<p>Immagine non disponibile</p>')).toEqual([]);
  });

  it('reads a count after an availability label as in stock', () => {
    expect(found('<p>Disponibilità: solo 3</p>')).toEqual([['InStock', 0.86, 'label']]);
  });

  it('reads a labelled status', () => {
    expect(found('<p>Availability: Out of stock</p>')).toEqual([['OutOfStock', 0.86, 'label']]);
  });

  it('takes an enabled buy button as weak evidence of stock, and not a disabled one', () => {
    expect(availabilityCandidates(term, ctx('<p>Mug</p><button>Add to cart</button>'))).toEqual([
      {
        value: { kind: 'availability', status: 'InStock' },
        snippet: 'button: Add to cart',
        confidence: 0.66,
        url: 'https://shop.test/p/1',
        method: 'pattern',
        path: 'buy button',
      },
    ]);
    expect(found('<p>Mug</p><button disabled>Add to cart</button>')).toEqual([]);
  });
});

describe('offersToBuy', () => {
  it.each([
    ['<button>In den Warenkorb</button>', true],
    ['<button disabled>In den Warenkorb</button>', false],
    ['<button>Add to cart</button>', true],
    ['<button>Add to wishlist</button>', false],
    ['<p>In stock.</p>', true],
    ['<p>Derzeit nicht verfügbar.</p>', true],
    ['<p>Immagine non disponibile</p>', false],
    ['<h2>In stock</h2>', false],
    ['<nav><p>Buy now</p></nav>', false],
    ['<p>Buy now</p>', true],
    ['<p>Buy nowhere</p>', false],
  ])('%s → %s', (html, expected) => {
    expect(offersToBuy(page(html))).toBe(expected);
  });
});
