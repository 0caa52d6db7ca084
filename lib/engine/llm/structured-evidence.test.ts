import { describe, expect, it } from 'vitest';
import { classifyQuery } from '../research/extract/classify-query';
import { readHtml } from '../research/read-html';
import { selectContent } from './select-content';
import { citedLine, structuredBlock } from './structured-evidence';

const extra = Object.fromEntries(
  Array.from({ length: 90 }, (_, i) => [`additionalNote${i}`, `note number ${i}`]),
);
const product = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Name Tag',
  description:
    'A brass name tag engraved by hand in our workshop, with a pin on the back and a gift box included.',
  ...extra,
  sku: 'NT-7',
  offers: { '@type': 'Offer', price: '12.50', priceCurrency: 'EUR' },
};
const page = readHtml({
  url: 'https://shop.example/tag',
  status: 200,
  contentLanguage: null,
  html: `<html lang="en"><head><title>Name Tag</title><script type="application/ld+json">${JSON.stringify(product)}</script></head><body><p>Engraved brass.</p></body></html>`,
});
const ask = (keyword: string, query: string) => classifyQuery({ keyword, query, type: 'string' });

describe('structured data as model evidence', () => {
  it("lists the asked fields' facts first and caps the rest", () => {
    const block = structuredBlock(page, [ask('sku', 'SKU'), ask('price', 'Price')]);
    expect(block.slice(0, 3).map((l) => l.text)).toEqual([
      'Product › sku: NT-7',
      'Product › offers › price: 12.50',
      'Product › offers › priceCurrency: EUR',
    ]);
    expect(block.slice(0, 3).every((l) => l.relevant)).toBe(true);
    expect(block[3]?.relevant).toBe(false);
    expect(block).toHaveLength(60);
  });

  it('keeps the structured data within its share of the token budget, asked facts first', async () => {
    const selected = await selectContent([page], [ask('sku', 'SKU')], 600);
    expect(selected.tokens).toBeLessThanOrEqual(600);
    expect(selected.text).toMatch(/Structured data:\n- Product › sku: NT-7\n/);
    expect(selected.text).not.toContain('additionalNote89');
    expect(selected.text).toContain('Engraved brass.');
  });

  it('recognises a quote citing a line, with or without the start of its label', () => {
    expect(citedLine(page, 'Product › offers › price: 12.50')?.path).toBe(
      'structured data Product › offers › price',
    );
    expect(citedLine(page, 'price: 12.50')?.path).toBe('structured data Product › offers › price');
    expect(citedLine(page, 'name: Name Tag')?.path).toBe('structured data Product › name');
    expect(citedLine(page, 'Title: Name Tag')?.path).toBe('title element');
    expect(citedLine(page, 'Product › description: A brass name tag engraved by hand')?.path).toBe(
      'structured data Product › description',
    );
  });

  it('rejects a line the page does not have', () => {
    expect(citedLine(page, 'Product › offers › price: 13.50')).toBeNull();
    expect(citedLine(page, 'Product › sku: 12.50')).toBeNull();
    // A label with only a word or two of a long value is not a citation of it.
    expect(citedLine(page, 'description: A brass')).toBeNull();
    expect(citedLine(page, 'NT-7')).toBeNull();
  });
});
