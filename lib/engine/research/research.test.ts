import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResearchQuery } from '@/lib/contract/task-definition';
import { FACTS, companyFacts, startFixtureSite, type FixtureSite } from '../../../tests/fixtures/site/server';
import { createResearcher, type Researcher, type ResearchResult } from './index';

const q = (keyword: string, query: string, type: ResearchQuery['type'] = 'string'): ResearchQuery => ({
  keyword,
  query,
  type,
});

const COMPANY_QUERIES = [
  q('company_name', 'What is the name of the company?'),
  q('email', 'Contact email address', 'email'),
  q('phone', 'Main phone number'),
  q('address', 'Postal address of the headquarters'),
  q('founded', 'Year the company was founded', 'number'),
  q('employees', 'Number of employees', 'number'),
  q('language', 'Language of the website'),
];

let site: FixtureSite;
let researcher: Researcher;
const options = {
  allowPrivate: true,
  timeoutMs: 3_000,
  maxBytes: 2_000_000,
  maxPages: 4,
  userAgent: 'QuarryTest/1.0',
};

beforeAll(async () => {
  site = await startFixtureSite();
  researcher = createResearcher(options);
});
afterAll(async () => {
  await researcher.close();
  await site.close();
});

function expectSourcesFor(result: ResearchResult): void {
  for (const [keyword, value] of Object.entries(result.data)) {
    const source = result.sources[keyword];
    if (value === null) {
      // A field not found says so, and what was read looking for it.
      expect(source, `not-found source for ${keyword}`).toMatchObject({ method: 'not_found', confidence: 0 });
      expect(source?.looked_at?.length).toBeGreaterThan(1);
      continue;
    }
    expect(source, `source for ${keyword}`).toBeDefined();
    expect(source?.method).not.toBe('not_found');
    // Nothing under 0.5 is given as an answer.
    expect(source?.confidence).toBeGreaterThanOrEqual(0.5);
    expect(source?.url.startsWith(site.url)).toBe(true);
    expect(source?.snippet.length).toBeGreaterThan(0);
    expect(source?.snippet.length).toBeLessThanOrEqual(300);
    expect(source?.confidence).toBeGreaterThan(0);
    expect(source?.confidence).toBeLessThanOrEqual(1);
  }
}

describe.each(['acme', 'bergmann', 'lumen', 'cafe'] as const)('company facts of %s', (name) => {
  it('answers name, contacts, address, founding year and language', async () => {
    const facts = FACTS[name];
    const result = await researcher.research({
      url: `${site.url}${facts.path}`,
      queries: COMPANY_QUERIES,
      list: false,
      turbo: false,
    });
    expect(result.error).toBeNull();
    expect(result.error_detected).toBe(false);
    expect(result.data.company_name).toBe(facts.name);
    expect(result.data.email).toBe(facts.email);
    expect(result.data.phone).toBe(facts.phone);
    for (const part of facts.addressParts) expect(result.data.address).toContain(part);
    expect(result.data.founded).toBe(facts.founded);
    expect(result.data.employees).toBe('employees' in facts ? facts.employees : null);
    expect(result.data.language).toBe(facts.language);
    expect(result.pages[0]).toMatchObject({ url: `${site.url}${facts.path}`, status: 200, via: 'static' });
    expectSourcesFor(result);
  });
});

describe('research runner', () => {
  it('reads only the given page in turbo mode and follows matching links otherwise', async () => {
    const n = 4242;
    const facts = companyFacts(n);
    const turbo = await researcher.research({
      url: `${site.url}${facts.path}`,
      queries: COMPANY_QUERIES,
      list: false,
      turbo: true,
    });
    expect(turbo.pages.map((p) => p.url)).toEqual([`${site.url}${facts.path}`]);
    expect(site.hits.get(facts.contactPath) ?? 0).toBe(0);
    expect(turbo.data).toMatchObject({
      company_name: facts.name,
      founded: facts.founded,
      employees: facts.employees,
      email: null,
      phone: null,
    });

    const full = await researcher.research({
      url: `${site.url}${facts.path}`,
      queries: COMPANY_QUERIES,
      list: false,
      turbo: false,
    });
    expect(full.pages.map((p) => p.url)).toEqual([
      `${site.url}${facts.path}`,
      `${site.url}${facts.contactPath}`,
    ]);
    expect(full.data).toMatchObject({ email: facts.email, phone: facts.phone, founded: facts.founded });
    expect(full.data.address).toContain(facts.street);
    expect(full.sources.email?.url).toBe(`${site.url}${facts.contactPath}`);
  });

  it('answers every generated company, whatever the wording variant', async () => {
    for (const n of [1, 2, 3, 58, 999]) {
      const facts = companyFacts(n);
      const result = await researcher.research({
        url: `${site.url}${facts.path}`,
        queries: COMPANY_QUERIES,
        list: false,
        turbo: false,
      });
      expect(result.data, `company ${n}`).toMatchObject({
        company_name: facts.name,
        email: facts.email,
        phone: facts.phone,
        founded: facts.founded,
        employees: facts.employees,
      });
    }
  });

  it('does not fetch more pages once the first one answers everything', async () => {
    const before = site.hits.get('/acme/about') ?? 0;
    const result = await researcher.research({
      url: `${site.url}/acme/`,
      queries: [q('company_name', 'Company name'), q('founded', 'Year founded', 'number')],
      list: false,
      turbo: false,
    });
    expect(result.data).toMatchObject({ company_name: FACTS.acme.name, founded: FACTS.acme.founded });
    expect(result.pages).toHaveLength(1);
    expect(site.hits.get('/acme/about') ?? 0).toBe(before);
  });

  it('answers social profiles per network and as a list, and never invents a missing one', async () => {
    const result = await researcher.research({
      url: `${site.url}/lumen/`,
      queries: [
        q('linkedin', 'LinkedIn page', 'url'),
        q('youtube', 'YouTube channel', 'url'),
        q('twitter', 'Twitter profile', 'url'),
        q('social', 'Social media profiles', 'list'),
      ],
      list: false,
      turbo: true,
    });
    expect(result.data.linkedin).toBe(FACTS.lumen.social.linkedin);
    expect(result.data.youtube).toBe(FACTS.lumen.social.youtube);
    expect(result.data.twitter).toBeNull();
    expect(result.data.social).toEqual(Object.values(FACTS.lumen.social));
    expectSourcesFor(result);
  });

  it('answers people, yes/no questions and free-text passages', async () => {
    const result = await researcher.research({
      url: `${site.url}/acme/`,
      queries: [
        q('ceo', 'Who is the CEO?'),
        q('free_trial', 'Does the company offer a free trial?', 'boolean'),
        q('countries', 'How many countries do they ship to?', 'number'),
        q('sustainability', 'What happens to robots at the end of a lease?'),
        q('moon_base', 'Does the company operate a moon base?', 'boolean'),
      ],
      list: false,
      turbo: false,
    });
    expect(result.data.ceo).toBe(FACTS.acme.ceo);
    expect(result.data.free_trial).toBe(FACTS.acme.freeTrial);
    expect(result.data.countries).toBe(14);
    expect(result.data.sustainability).toMatch(/refurbished and redeployed/);
    expect(result.data.moon_base).toBeNull();
    expectSourcesFor(result);
  });

  it('reads a news article: headline, author and ISO date', async () => {
    const result = await researcher.research({
      url: `${site.url}${FACTS.article.path}`,
      queries: [
        q('headline', 'Article headline'),
        q('author', 'Who wrote the article?'),
        q('published', 'Publication date', 'date'),
        q('language', 'Language'),
      ],
      list: false,
      turbo: true,
    });
    expect(result.data).toEqual({
      headline: FACTS.article.title,
      author: FACTS.article.author,
      published: FACTS.article.published,
      language: FACTS.article.language,
    });
  });

  it('turns a product table into typed rows for list tasks', async () => {
    const result = await researcher.research({
      url: `${site.url}${FACTS.products.path}`,
      queries: [
        q('product_name', 'Product name'),
        q('sku', 'SKU'),
        q('price', 'Price', 'number'),
        q('in_stock', 'Is it in stock?', 'boolean'),
      ],
      list: true,
      turbo: true,
    });
    expect(result.list).toBe(true);
    expect(result.rows).toEqual(
      FACTS.products.rows.map((r) => ({
        product_name: r.product,
        sku: r.sku,
        price: r.price,
        in_stock: r.inStock,
      })),
    );
    expect(result.sources.price?.snippet).toContain('Price');
  });

  it('finds pricing plans on a linked page, from a table or from plan cards', async () => {
    const queries = [q('plan', 'Plan name'), q('price', 'Monthly price')];
    const acme = await researcher.research({ url: `${site.url}/acme/`, queries, list: true, turbo: false });
    expect(acme.rows).toEqual(FACTS.acme.plans.map((p) => ({ plan: p.name, price: p.price })));
    expect(acme.sources.plan?.url).toBe(`${site.url}/acme/pricing`);
    const lumen = await researcher.research({ url: `${site.url}/lumen/`, queries, list: true, turbo: false });
    expect(lumen.rows).toEqual(FACTS.lumen.plans.map((p) => ({ plan: p.name, price: p.price })));
  });

  it('answers fields asked once for the page next to the rows of a list task, in their typed forms', async () => {
    const queries: ResearchQuery[] = [
      { keyword: 'email', query: 'Contact email address', type: 'email', scope: 'task' },
      { keyword: 'phone', query: 'Main phone number', type: 'phone', scope: 'task' },
      q('plan_name', 'Plan name'),
      { keyword: 'monthly_price', query: 'Monthly price', type: 'money' },
    ];
    const acme = await researcher.research({ url: `${site.url}/acme/`, queries, list: true, turbo: false });
    expect(acme.list).toBe(true);
    // Rows hold the row columns only; the amounts in the money form "49.00 USD".
    expect(acme.rows).toEqual(
      FACTS.acme.plans.map((p) => ({
        plan_name: p.name,
        monthly_price: `${/\d+/.exec(p.price)![0]}.00 USD`,
      })),
    );
    expect(acme.data.email).toBe(FACTS.acme.email);
    // International form, as a person writes it: "+1 415 555 0123".
    expect(String(acme.data.phone).replace(/\s/g, '')).toBe(FACTS.acme.phone);
    expect(acme.data.phone).toMatch(/^\+1 \d/);
    expect(acme.sources.email?.method).not.toBe('not_found');
  });

  it('marks a list-typed query answered by a table as list-shaped', async () => {
    const result = await researcher.research({
      url: `${site.url}${FACTS.products.path}`,
      queries: [q('products', 'Products sold', 'list')],
      list: false,
      turbo: true,
    });
    expect(result.list).toBe(true);
    expect(result.data.products).toEqual(FACTS.products.rows.map((r) => r.product));
  });

  it('decodes legacy charsets before extracting', async () => {
    const result = await researcher.research({
      url: `${site.url}${FACTS.cafe.menuPath}`,
      queries: [q('dish', 'Dish name'), q('price', 'Price')],
      list: true,
      turbo: true,
    });
    expect(result.rows).toEqual(FACTS.cafe.menu.map((m) => ({ dish: m.name, price: m.price })));
  });

  it('answers from JSON and plain-text responses', async () => {
    const queries = [
      q('company_name', 'Company name'),
      q('email', 'Email', 'email'),
      q('founded', 'Founded', 'number'),
    ];
    const json = await researcher.research({
      url: `${site.url}${FACTS.json.path}`,
      queries,
      list: false,
      turbo: true,
    });
    expect(json.data).toEqual({
      company_name: FACTS.json.name,
      email: FACTS.json.email,
      founded: FACTS.json.founded,
    });
    const text = await researcher.research({
      url: `${site.url}${FACTS.text.path}`,
      queries: [...queries, q('phone', 'Phone')],
      list: false,
      turbo: true,
    });
    expect(text.data).toMatchObject({
      email: FACTS.text.email,
      founded: FACTS.text.founded,
      phone: FACTS.text.phone,
    });
  });

  it('reports no answers found instead of inventing them', async () => {
    const result = await researcher.research({
      url: `${site.url}/cafe/menu`,
      queries: [q('ceo', 'Who is the CEO?'), q('employees', 'Number of employees', 'number')],
      list: false,
      turbo: true,
    });
    expect(result.data).toEqual({ ceo: null, employees: null });
    expect(result.error_detected).toBe(true);
    expect(result.error).toBe(`no answers found on ${site.url}/cafe/menu`);
    expect(result.transient).toBe(false);
  });
});
