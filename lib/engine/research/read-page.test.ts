import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPage, type RawPage } from './read-page';
import type { ReadPage } from './page-types';

const PAGES = path.join(__dirname, '../../../tests/fixtures/site/pages');

function html(body: string, url = 'https://shop.example/a/b'): RawPage {
  return { url, status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from(body) };
}

function fixture(file: string): ReadPage {
  const result = readPage({
    url: `https://fixture.example/${file}`,
    status: 200,
    contentType: 'text/html',
    body: readFileSync(path.join(PAGES, file)),
  });
  if (!result.ok) throw new Error(result.error);
  return result.page;
}

function read(raw: RawPage): ReadPage {
  const result = readPage(raw);
  if (!result.ok) throw new Error(result.error);
  return result.page;
}

describe('readPage on HTML', () => {
  it('reads head metadata: title, description, canonical, lang and meta tags', () => {
    const page = fixture('acme/index.html');
    expect(page.metadata.title).toBe('Acme Robotics | Warehouse automation that pays for itself');
    expect(page.metadata.description).toBe(
      'Acme Robotics builds autonomous picking robots for mid-sized warehouses.',
    );
    expect(page.metadata.canonical).toBe('https://fixture.example/acme/');
    expect(page.metadata.lang).toBe('en-US');
    expect(page.metadata.meta['og:site_name']).toBe('Acme Robotics');
    expect(page.metadata.h1).toBe('Warehouse automation that pays for itself');
  });

  it('keeps visible blocks with their heading, skips scripts and flags page chrome', () => {
    const page = fixture('acme/contact.html');
    const phone = page.passages.find((p) => p.text.startsWith('Phone:'));
    expect(phone).toMatchObject({
      text: 'Phone: (415) 555-0123',
      heading: 'General enquiries',
      kind: 'text',
    });
    const address = page.passages.find((p) => p.kind === 'address');
    expect(address?.text.split('\n')).toEqual([
      'Acme Robotics, Inc.',
      '500 Howard Street, Suite 300',
      'San Francisco, CA 94105',
      'United States',
    ]);
    const footer = page.passages.find((p) => p.text.includes('©'));
    expect(footer).toMatchObject({ boilerplate: true, heading: null });
    const home = fixture('acme/index.html');
    expect(home.passages.some((p) => p.text.includes('dataLayer'))).toBe(false);
  });

  it('resolves links to absolute URLs and ties them to their block', () => {
    const page = fixture('acme/contact.html');
    const sales = page.anchors.find((a) => a.href.startsWith('mailto:sales'));
    expect(sales?.heading).toBe('Sales');
    expect(page.passages[sales?.passage ?? -1]?.text).toContain('Write to sales@acme-robotics.example');
    expect(page.anchors.find((a) => a.text === 'About us')?.href).toBe('https://fixture.example/acme/about');
  });

  it('turns tables into header-keyed rows with row links', () => {
    const page = fixture('shop/products.html');
    expect(page.tables).toHaveLength(1);
    const table = page.tables[0];
    expect(table?.caption).toBe('Catalogue');
    expect(table?.headers).toEqual(['Product', 'SKU', 'Price', 'In stock']);
    expect(table?.rows[2]).toEqual(['Ball Bearing 6204', 'BB-6204', '$6.75', 'No']);
    expect(table?.rowLinks[0]).toBe('https://fixture.example/shop/widget-pro');
    expect(
      page.passages.some(
        (p) =>
          p.kind === 'row' &&
          p.text === 'Product: Hex Bolt M8 (100 pack); SKU: HB-M8; Price: $14.50; In stock: Yes',
      ),
    ).toBe(true);
  });

  it('flattens JSON-LD @graph, type arrays and nested entities', () => {
    const page = fixture('bergmann/index.html');
    const types = page.metadata.jsonLd.map((e) => e.types.join('+'));
    expect(types).toEqual(['WebSite', 'Organization+Corporation', 'QuantitativeValue', 'PostalAddress']);
    const article = fixture('news/robots-in-warehouses.html');
    expect(article.metadata.jsonLd.map((e) => e.types[0])).toEqual(['NewsArticle', 'Person', 'Organization']);
    expect(article.metadata.times).toEqual(['2024-03-05']);
  });

  it('tolerates sloppy JSON-LD and ignores what cannot be parsed', () => {
    const page = read(
      html(`<html><head>
      <script type="application/ld+json">{"@type": "Organization", "name": "Trailing Co",}</script>
      <script type="application/ld+json">{ not json</script></head><body><p>x</p></body></html>`),
    );
    expect(page.metadata.jsonLd).toEqual([
      { types: ['Organization'], data: { '@type': 'Organization', name: 'Trailing Co' } },
    ]);
  });

  it('honours <base href> and drops hidden elements', () => {
    const page = read(
      html(`<html><head><base href="https://cdn.example/root/"></head><body>
      <a href="team">Team</a><div hidden>secret</div><p style="display:none">gone</p><p aria-hidden="true">no</p><p>shown</p></body></html>`),
    );
    expect(page.anchors[0]?.href).toBe('https://cdn.example/root/team');
    expect(page.passages.map((p) => p.text)).toEqual(['Team', 'shown']);
  });

  it('makes markdown with Readability on article pages', () => {
    const markdown = fixture('news/robots-in-warehouses.html').markdown();
    expect(markdown).toContain(
      'For years, warehouse robots were something only the largest retailers could afford.',
    );
    expect(markdown).not.toContain('© The Logistics Ledger');
  });

  it('falls back to whole-page text when Readability finds no article', () => {
    const markdown = fixture('acme/contact.html').markdown();
    expect(markdown).toContain('## Contact us');
    expect(markdown).toContain('Phone: (415) 555-0123');
  });

  it('splits very long blocks so no passage swamps search', () => {
    const long = `<p>${'A sentence about robots. '.repeat(400)}</p>`;
    const page = read(html(`<html><body>${long}</body></html>`));
    expect(page.passages.length).toBeGreaterThan(5);
    expect(Math.max(...page.passages.map((p) => p.text.length))).toBeLessThanOrEqual(1200);
  });
});

describe('readPage on other content', () => {
  it('reads JSON leaves as fields and passages', () => {
    const page = read({
      url: 'https://api.example/x.json',
      status: 200,
      contentType: 'application/json',
      body: readFileSync(path.join(PAGES, 'data/company.json')),
    });
    expect(page.kind).toBe('json');
    expect(page.fields).toContainEqual({ key: 'contact email', value: 'ops@orbit-freight.example' });
    expect(page.fields).toContainEqual({ key: 'offices', value: 'Seattle, Vancouver' });
    expect(page.metadata.title).toBe('Orbit Freight');
  });

  it('reads plain text paragraphs and bare links', () => {
    const page = read({
      url: 'https://x.example/n.txt',
      status: 200,
      contentType: 'text/plain',
      body: Buffer.from('Hello\n\nSee https://github.com/acme-example. Bye'),
    });
    expect(page.passages.map((p) => p.text)).toEqual(['Hello', 'See https://github.com/acme-example. Bye']);
    expect(page.anchors[0]?.href).toBe('https://github.com/acme-example');
  });

  it('sniffs HTML served without a content type', () => {
    const page = read({
      url: 'https://x.example/',
      status: 200,
      contentType: null,
      body: Buffer.from('<!DOCTYPE html><title>T</title><p>Body</p>'),
    });
    expect(page.kind).toBe('html');
    expect(page.metadata.title).toBe('T');
  });

  it('refuses binary and empty bodies with a reason', () => {
    const binary = readPage({
      url: 'https://x.example/f',
      status: 200,
      contentType: 'application/octet-stream',
      body: Buffer.from([0, 1, 2, 3, 255]),
    });
    expect(binary).toEqual({
      ok: false,
      error: 'https://x.example/f is not a web page (content type application/octet-stream)',
    });
    const pdf = readPage({
      url: 'https://x.example/f.pdf',
      status: 200,
      contentType: 'application/pdf',
      body: Buffer.from('%PDF-1.4'),
    });
    expect(pdf.ok).toBe(false);
    const empty = readPage({
      url: 'https://x.example/e',
      status: 200,
      contentType: 'text/html',
      body: Buffer.alloc(0),
    });
    expect(empty).toEqual({ ok: false, error: 'https://x.example/e returned an empty page' });
  });
});

describe('readPage on HTML without the optional skeleton tags', () => {
  it.each([
    ['no html, head or body', '<title>T</title><meta name="description" content="D"><p>Body text</p>'],
    [
      'head but no body',
      '<!doctype html><html lang="en"><head><title>T</title><meta name="description" content="D"></head>\n<p>Body text</p>',
    ],
    [
      'body but no head',
      '<html lang="en"><title>T</title><meta name="description" content="D"><body><p>Body text</p></body></html>',
    ],
  ])('%s', (_, source) => {
    const page = read(html(source));
    expect(page.metadata.title).toBe('T');
    expect(page.metadata.description).toBe('D');
    expect(page.passages.map((p) => p.text)).toEqual(['Body text']);
  });
});
