import { describe, expect, it } from 'vitest';
import { readHtml } from '../read-html';
import { PROPERTIES } from '../vocabulary/vocabulary';
import { findLabelled } from './labelled-values';

const page = (html: string) =>
  readHtml({ url: 'https://shop.test/p/1', status: 200, html, contentLanguage: null });
const skuLabels = PROPERTIES.find((p) => p.name === 'sku')!.labels;

describe('findLabelled', () => {
  it('reads the value after a label and its separator', () => {
    expect(findLabelled(page('<p>Colour: red</p><p>SKU: 746423</p>'), skuLabels)).toEqual([
      { label: 'sku', rest: '746423', quote: 'SKU: 746423', passage: 1, boilerplate: false },
    ]);
  });

  it.each([
    ['Artikel-Nr. 2800395267', 'artikel-nr.', '2800395267'],
    ['Artikel-Nummer1049084', 'artikel-nummer', '1049084'],
    ['Item #: 55-A12 (blue)', 'item #', '55-A12 (blue)'],
    ['Código de producto: 12345', 'codigo de producto', '12345'],
  ])('%s → %s = %s', (text, label, rest) => {
    expect(findLabelled(page(`<p>${text}</p>`), skuLabels).map((h) => [h.label, h.rest])).toEqual([
      [label, rest],
    ]);
  });

  it('reads a table row', () => {
    const hits = findLabelled(page('<table><tr><th>ASIN</th><td>B07FW264WL</td></tr></table>'), skuLabels);
    expect(hits).toEqual([
      { label: 'asin', rest: 'B07FW264WL', quote: 'ASIN; B07FW264WL', passage: 0, boilerplate: false },
    ]);
  });

  it('reads a label block followed by its value block', () => {
    const hits = findLabelled(page("<div>Seller's item number:</div><div>302474151804</div>"), skuLabels);
    expect(hits).toEqual([
      {
        label: 'item number',
        rest: '302474151804',
        quote: "Seller's item number: 302474151804",
        passage: 1,
        boilerplate: false,
      },
    ]);
  });

  it('matches a label with accents folded and keeps the printed line', () => {
    const hits = findLabelled(page('<p>Référence produit : AB-1234</p>'), ['reference produit', 'reference']);
    expect(hits).toEqual([
      {
        label: 'reference produit',
        rest: 'AB-1234',
        quote: 'Référence produit : AB-1234',
        passage: 0,
        boilerplate: false,
      },
    ]);
  });

  it('cuts the value at the right place when folding shortens the line (combining accents)', () => {
    const line = 'Re\u0301fe\u0301rence produit : AB-1234';
    expect(findLabelled(page(`<p>${line}</p>`), ['reference produit']).map((h) => h.rest)).toEqual([
      'AB-1234',
    ]);
  });

  it('lets the longer label win over a shorter one at the same place', () => {
    const hits = findLabelled(page('<p>Product code: PC-77</p>'), ['product code', 'product']);
    expect(hits.map((h) => [h.label, h.rest])).toEqual([['product code', 'PC-77']]);
  });

  it('needs the label to be a whole word', () => {
    expect(findLabelled(page('<p>Skus: 12</p><p>Preference: 5</p><p>Artistic 4</p>'), skuLabels)).toEqual([]);
  });

  it('marks hits inside navigation and footers as boilerplate', () => {
    const hits = findLabelled(
      page('<main><p>Intro text</p></main><footer><p>Ref: 998877</p></footer>'),
      skuLabels,
    );
    expect(hits.map((h) => [h.label, h.rest, h.boilerplate])).toEqual([['ref', '998877', true]]);
  });
});
