import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResearchQuery } from '@/lib/contract/task-definition';
import { startFakeOpenAI, textOf, type FakeOpenAI } from '../../../tests/fixtures/llm/fake-openai';
import { FACTS, startFixtureSite, type FixtureSite } from '../../../tests/fixtures/site/server';
import { createResearcher, type Researcher } from '../research';
import type { LlmSettings } from './types';

const q = (keyword: string, query: string, type: ResearchQuery['type'] = 'string'): ResearchQuery => ({
  keyword,
  query,
  type,
});
const QUERIES = [
  q('email', 'Contact email address', 'email'),
  q('founded', 'Year the company was founded', 'number'),
];

let site: FixtureSite;
let llm: FakeOpenAI;
let researcher: Researcher;

function settings(over: Partial<LlmSettings> = {}): LlmSettings {
  return {
    provider: 'openai-compatible',
    model: 'gpt-4o-mini',
    turboModel: 'fast-model',
    baseUrl: llm.baseUrl,
    apiKey: 'test-key',
    tokenBudget: 3_000,
    providerRetries: 0,
    ...over,
  };
}

function answer(
  email: string | null,
  emailQuote: string | null,
  founded: number | null,
  foundedQuote: string | null,
) {
  return JSON.stringify({
    answers: {
      email: { value: email, quote: emailQuote, page: emailQuote ? 1 : null },
      founded: { value: founded, quote: foundedQuote, page: foundedQuote ? 1 : null },
    },
  });
}

const GOOD = answer(
  FACTS.acme.email,
  `Email: ${FACTS.acme.email}`,
  FACTS.acme.founded,
  'Founded in 1998 in San Francisco',
);

beforeAll(async () => {
  site = await startFixtureSite();
  llm = await startFakeOpenAI();
  researcher = createResearcher({
    allowPrivate: true,
    timeoutMs: 10_000, // no test here waits for it; a page read slowly on a loaded machine still counts
    maxBytes: 2_000_000,
    maxPages: 4,
    userAgent: 'QuarryTest/1.0',
    llm: settings(),
  });
});
afterAll(async () => {
  await researcher.close();
  await llm.close();
  await site.close();
});
beforeEach(() => {
  llm.requests.length = 0;
});

// Each test is a research run of up to four pages and one to three model calls, the first also
// loading the model SDK: seconds on a loaded machine, past the default 5 s. A run still going when
// its test timed out then sent its model calls into the next test's count.
describe('model extractor against a local OpenAI-compatible server', { timeout: 30_000 }, () => {
  it('sends the schema, the queries and the page, and answers with verified quotes and usage', async () => {
    llm.setReply(() => GOOD);
    const r = await researcher.research({
      url: `${site.url}/acme/`,
      queries: QUERIES,
      list: false,
      turbo: false,
    });
    expect(llm.requests).toHaveLength(1);
    const req = llm.requests[0]!;
    expect(req.model).toBe('gpt-4o-mini');
    const schema = req.response_format?.json_schema?.schema as {
      properties: { answers: { properties: Record<string, { properties: Record<string, unknown> }> } };
    };
    expect(req.response_format?.type).toBe('json_schema');
    expect(Object.keys(schema.properties.answers.properties)).toEqual(['email', 'founded']);
    expect(Object.keys(schema.properties.answers.properties.email!.properties)).toEqual([
      'value',
      'quote',
      'page',
    ]);
    const prompt = textOf(req);
    expect(prompt).toContain('Contact email address');
    expect(prompt).toContain('Year the company was founded');
    expect(prompt).toContain('Founded in 1998 in San Francisco');

    expect(r.extractor).toBe('model');
    expect(r.error_detected).toBe(false);
    expect(r.data).toEqual({ email: FACTS.acme.email, founded: FACTS.acme.founded });
    expect(r.sources.email).toMatchObject({
      snippet: `Email: ${FACTS.acme.email}`,
      confidence: 0.9,
      quote_verified: true,
    });
    expect(r.sources.email?.url).toMatch(/\/acme\/contact$/);
    expect(r.sources.founded).toMatchObject({
      url: `${site.url}/acme/`,
      confidence: 0.9,
      quote_verified: true,
    });
    expect(r.usage).toEqual({ input_tokens: 1200, output_tokens: 80, cost_usd: 0.000228 });
  });

  it('retries invalid JSON and sums the usage of every attempt', async () => {
    llm.setReply((_req, i) => (i === 0 ? 'Sure! Here is the data: {"answers": ' : GOOD));
    const r = await researcher.research({
      url: `${site.url}/acme/`,
      queries: QUERIES,
      list: false,
      turbo: true,
    });
    expect(llm.requests).toHaveLength(2);
    expect(textOf(llm.requests[1]!)).toContain('not valid JSON');
    expect(r.error_detected).toBe(false);
    expect(r.data.founded).toBe(1998);
    expect(r.usage?.input_tokens).toBe(2400);
    expect(r.usage?.output_tokens).toBe(160);
  });

  it('reports output that stays invalid through error_detected, keeping the offline answers', async () => {
    llm.setReply(() => '{"answers": {"email": "not the schema"}}');
    const r = await researcher.research({
      url: `${site.url}/acme/`,
      queries: QUERIES,
      list: false,
      turbo: true,
    });
    expect(llm.requests).toHaveLength(3);
    expect(r.error_detected).toBe(true);
    expect(r.error).toMatch(/invalid.*after 3 attempts/);
    expect(r.transient).toBe(false);
    expect(r.usage?.input_tokens).toBe(3600);
    expect(r.data.founded).toBe(1998);
    expect(r.sources.founded?.url).toBe(`${site.url}/acme/`);
  });

  it('lowers confidence and flags a quote that is not on the page', async () => {
    llm.setReply(() => answer(null, null, 1998, 'Acme was founded by Wile E. Coyote in 1998'));
    const r = await researcher.research({
      url: `${site.url}/acme/`,
      queries: QUERIES,
      list: false,
      turbo: true,
    });
    expect(r.data.founded).toBe(1998);
    // The value itself is on the page, so it is plausible but not proven.
    expect(r.sources.founded).toMatchObject({ confidence: 0.5, quote_verified: false });
    expect(r.warnings).toContain("founded: the model's quote was not found on the page");

    llm.setReply(() => answer('ceo@invented.example', 'Write to ceo@invented.example', null, null));
    const invented = await researcher.research({
      url: `${site.url}/acme/`,
      queries: QUERIES,
      list: false,
      turbo: true,
    });
    // Neither the quote nor the value is on the page: not given, and the field says why.
    expect(invented.data.email).toBeNull();
    expect(invented.sources.email).toMatchObject({ method: 'not_found', confidence: 0 });
    expect(invented.sources.email?.looked_at?.[0]).toMatch(/ceo@invented\.example.*none of the pages read/);
    expect(invented.warnings).toContain(
      "email: the model's answer is not on the pages read, so it is not given",
    );
    // The model found no founding year; the offline extractor's confident answer stands, with its own source.
    expect(invented.data.founded).toBe(1998);
    expect(invented.sources.founded?.confidence).toBeGreaterThanOrEqual(0.8);
  });

  it("gives the model the page's structured data and verifies a quote citing one of its lines", async () => {
    // The fixture's SKU is in its JSON-LD only: the page does not print it.
    const product = [q('sku', 'SKU'), q('availability', 'Availability')];
    const reply = (sku: string) =>
      JSON.stringify({
        answers: {
          sku: { value: sku, quote: `Product › sku: ${sku}`, page: 1 },
          availability: {
            value: 'InStock',
            quote: 'Product › offers › availability: https://schema.org/InStock',
            page: 1,
          },
        },
      });
    llm.setReply(() => reply('WP-100'));
    const r = await researcher.research({
      url: `${site.url}/shop/widget-pro`,
      queries: product,
      list: false,
      turbo: true,
    });
    const prompt = textOf(llm.requests[0]!);
    expect(prompt).toMatch(/Structured data:\n(- .*\n)*- Product › sku: WP-100\n/);
    expect(prompt).toContain('- Product › offers › availability: https://schema.org/InStock');
    expect(prompt).toContain('- Product › offers › price: 129.00');
    expect(prompt).toContain('Title: Widget Pro | Gearbox Supply');
    // The offline reading's answer is offered as a hint, with where it was read.
    expect(prompt).toMatch(/offline reading[^\n]*\n(- .*\n)*- sku = WP-100 \(/);
    expect(prompt).toMatch(/may be a whole structured-data line/);

    expect(r.data).toEqual({ sku: 'WP-100', availability: 'InStock' });
    expect(r.sources.sku).toMatchObject({
      method: 'model',
      confidence: 0.9,
      quote_verified: true,
      path: 'structured data Product › sku',
      snippet: 'Product › sku: WP-100',
    });
    expect(r.sources.availability).toMatchObject({
      quote_verified: true,
      path: 'structured data Product › offers › availability',
    });
    expect(r.warnings ?? []).toEqual([]);

    // A line the page does not have is no evidence, whatever its form.
    llm.setReply(() => reply('WP-999'));
    const invented = await researcher.research({
      url: `${site.url}/shop/widget-pro`,
      queries: product,
      list: false,
      turbo: true,
    });
    expect(invented.data.sku).not.toBe('WP-999');
    expect(invented.sources.sku?.quote_verified).not.toBe(true);
    expect(invented.warnings).toContain(
      "sku: the model's answer is not on the pages read, so it is not given",
    );
  });

  it('uses the turbo model in turbo mode and reads one page', async () => {
    llm.setReply(() => GOOD);
    const r = await researcher.research({
      url: `${site.url}/acme/`,
      queries: QUERIES,
      list: false,
      turbo: true,
    });
    expect(llm.requests[0]?.model).toBe('fast-model');
    expect(r.pages.map((p) => p.url)).toEqual([`${site.url}/acme/`]);
    // The quoted email is not on the home page: it was read from a page turbo did not fetch, so it is not given.
    expect(r.data.email).toBeNull();
    expect(r.sources.email).toMatchObject({ method: 'not_found' });
  });

  it('answers list tasks with one row per item, each with provenance', async () => {
    const rows = FACTS.acme.plans!.map((p) => ({
      values: { plan: p.name, price: p.price },
      quote: p.name,
      page: 1,
    }));
    llm.setReply(() =>
      JSON.stringify({
        answers: {
          plan: { value: 'Starter', quote: 'Starter', page: 1 },
          price: { value: '$49/month', quote: '$49', page: 1 },
        },
        rows,
      }),
    );
    const r = await researcher.research({
      url: `${site.url}/acme/pricing`,
      queries: [q('plan', 'Plan name'), q('price', 'Monthly price')],
      list: true,
      turbo: true,
    });
    const schema = llm.requests[0]?.response_format?.json_schema?.schema as {
      properties: Record<string, unknown>;
    };
    expect(Object.keys(schema.properties)).toEqual(['answers', 'rows']);
    expect(r.rows.map((row) => row.plan)).toEqual(['Starter', 'Growth', 'Enterprise']);
    expect(r.sources.plan).toMatchObject({ quote_verified: true });
  });

  it('reports a provider error as transient when it is retryable', async () => {
    llm.setReply(() => ({ status: 503 }));
    const r = await researcher.research({
      url: `${site.url}/acme/`,
      queries: QUERIES,
      list: false,
      turbo: true,
    });
    expect(r.error_detected).toBe(true);
    expect(r.error).toMatch(/language model request failed: HTTP 503/);
    expect(r.transient).toBe(true);
  });
});
