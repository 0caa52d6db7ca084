import { describe, expect, it } from 'vitest';
import { structuredFacts } from './extract/structured-facts';
import { parseRdfa } from './rdfa';
import { readHtml } from './read-html';

const PRODUCT = `<div vocab="https://schema.org/" typeof="Product"><h1 property="name">Tischlampe Nova</h1>
<span property="sku">LP-1</span><div property="offers" typeof="Offer"><span property="price" content="19.50">19,50 €</span>
<meta property="priceCurrency" content="EUR"><link property="availability" href="https://schema.org/OutOfStock"></div></div>`;

describe('RDFa', () => {
  it('folds an item and its nested offer into one JSON-LD-shaped object', () => {
    expect(parseRdfa(PRODUCT, 'https://shop.example/p')).toEqual([
      {
        '@type': 'Product',
        name: 'Tischlampe Nova',
        sku: 'LP-1',
        offers: {
          '@type': 'Offer',
          price: '19.50',
          priceCurrency: 'EUR',
          availability: 'https://schema.org/OutOfStock',
        },
      },
    ]);
  });

  it('joins the page reading: the offer is the product facts of every other syntax', () => {
    const page = readHtml({
      url: 'https://shop.example/p',
      status: 200,
      html: `<html><body>${PRODUCT}</body></html>`,
      contentLanguage: null,
    });
    const facts = structuredFacts(page).map((f) => [f.property, f.value, f.entity]);
    expect(facts).toContainEqual(['offers.price', '19.50', 'Product']);
    expect(facts).toContainEqual(['offers.availability', 'https://schema.org/OutOfStock', 'Product']);
  });

  it('reads nothing from pages without RDFa items, and keeps only schema.org terms', () => {
    expect(parseRdfa('<p property="name">x</p>', 'https://a.example/')).toEqual([]);
    const og =
      '<div prefix="og: http://ogp.me/ns#" typeof="og:Thing"><span property="og:title">T</span></div>';
    expect(parseRdfa(og, 'https://a.example/')).toEqual([]);
  });
});
