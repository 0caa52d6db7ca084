import { describe, expect, it } from 'vitest';
import { readHtml } from '../read-html';
import { factsAt, structuredFacts } from './structured-facts';

const page = (html: string) =>
  readHtml({ url: 'https://shop.test/p/1', status: 200, html, contentLanguage: null });
const jsonLd = (data: object) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
/** property = value @ entity #root, one string per fact, in order. */
const facts = (html: string) =>
  structuredFacts(page(html)).map((f) => `${f.property}=${f.value} @${f.entity}#${f.root}`);

describe('structuredFacts', () => {
  it('reads an offer nested under a product as offers.price of that product, not as a root of its own', () => {
    const html = jsonLd({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Mug',
      sku: 'A1',
      offers: {
        '@type': 'Offer',
        price: '9.99',
        priceCurrency: 'EUR',
        availability: 'https://schema.org/InStock',
      },
    });
    const p = page(html);
    // The reader also lists the Offer as an entity of its own; facts must not.
    expect(p.metadata.jsonLd.map((e) => e.types[0])).toEqual(['Product', 'Offer']);
    expect(structuredFacts(p)).toEqual([
      expect.objectContaining({ property: 'name', value: 'Mug', root: 0 }),
      expect.objectContaining({ property: 'sku', value: 'A1', root: 0 }),
      {
        property: 'offers.price',
        value: '9.99',
        entity: 'Product',
        path: 'structured data Product › offers › price',
        method: 'structured_data',
        root: 0,
        rootName: 'Mug',
      },
      expect.objectContaining({ property: 'offers.pricecurrency', value: 'EUR', root: 0 }),
      expect.objectContaining({
        property: 'offers.availability',
        value: 'https://schema.org/InStock',
        root: 0,
      }),
    ]);
  });

  it('reads every offer of an array and an AggregateOffer nested in offers', () => {
    const html = jsonLd({
      '@type': 'Product',
      name: 'Mug',
      offers: [
        { '@type': 'Offer', price: 9.99 },
        { '@type': 'AggregateOffer', offers: [{ '@type': 'Offer', sku: 'S-2' }] },
      ],
    });
    expect(facts(html)).toEqual([
      'name=Mug @Product#0',
      'offers.price=9.99 @Product#0',
      'offers.offers.sku=S-2 @Product#0',
    ]);
  });

  it('numbers each entity of an @graph as its own root', () => {
    const html = jsonLd({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Organization', name: 'Org' },
        {
          '@type': 'Book',
          name: 'B',
          isbn: '9780134685991',
          publisher: { '@type': 'Organization', name: 'Pearson' },
        },
      ],
    });
    expect(facts(html)).toEqual([
      'name=Org @Organization#0',
      'name=B @Book#1',
      'isbn=9780134685991 @Book#1',
      'publisher.name=Pearson @Book#1',
    ]);
  });

  it('reads microdata items as entities, their nested offer under the product', () => {
    const html =
      '<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Lamp</h1><span itemprop="sku">L-7</span>' +
      '<div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="price" content="5.50">' +
      '<link itemprop="availability" href="https://schema.org/InStock"></div></div>';
    // A body <meta itemprop> is also read as a meta tag (entity "meta"); only the item's facts are checked.
    expect(facts(html).filter((f) => !f.includes('@meta'))).toEqual([
      'name=Lamp @Product#0',
      'sku=L-7 @Product#0',
      'offers.price=5.50 @Product#0',
      'offers.availability=https://schema.org/InStock @Product#0',
    ]);
  });

  it('reads product meta tags at their schema.org paths, and no other meta tags', () => {
    const html =
      '<html><head><meta property="og:title" content="Lamp"><meta property="og:price:amount" content="19.99">' +
      '<meta property="product:retailer_item_id" content="R-1"></head><body><p>Lamp</p></body></html>';
    expect(structuredFacts(page(html))).toEqual([
      {
        property: 'offers.price',
        value: '19.99',
        entity: 'meta',
        path: 'meta og:price:amount',
        method: 'metadata',
        root: -1,
        rootName: null,
      },
      {
        property: 'sku',
        value: 'R-1',
        entity: 'meta',
        path: 'meta product:retailer_item_id',
        method: 'metadata',
        root: -1,
        rootName: null,
      },
    ]);
  });

  it('stops below four levels', () => {
    const html = jsonLd({
      '@type': 'Thing',
      a: { b: { c: { d: 'deep enough' } } },
      w: { x: { y: { z: { v: 'too deep' } } } },
    });
    expect(facts(html)).toEqual(['a.b.c.d=deep enough @Thing#0']);
  });
});

describe('factsAt', () => {
  it('keeps facts at the paths from entities of the given types, and meta tags', () => {
    const html =
      '<html><head><meta property="og:price:amount" content="19.99"></head><body>' +
      jsonLd({ '@type': 'Product', name: 'Mug', offers: { '@type': 'Offer', price: '9.99' } }) +
      jsonLd({ '@type': 'Event', name: 'Fair', offers: { '@type': 'Offer', price: '5' } }) +
      '</body></html>';
    const p = page(html);
    expect(factsAt(p, ['offers.price'], new Set(['Product'])).map((f) => f.value)).toEqual(['9.99', '19.99']);
    expect(factsAt(p, ['offers.price']).map((f) => f.value)).toEqual(['9.99', '5', '19.99']);
  });
});
