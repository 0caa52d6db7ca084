// The corpora section of `npm run bench:quality`: real saved pages (bench/corpora) read by the engine
// through its dynamic run endpoint, POST /v0.1/tasks, over real HTTP, in turbo mode with the offline
// extractor, and scored by bench/corpora-scoring.ts. bench/corpora/README.md describes the rules.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JobResult } from '../lib/contract/tasks';
import { BENCH_KEY, startBenchEngine } from './bench-engine';
import { loadArticles, loadProducts, startCorporaSite, type CorpusPage } from './corpora-site';
import { printCorporaReport } from './quality-corpora-report';
import { measureCorporaSpeed, type SpeedFigures } from './quality-corpora-speed';
import { scoreArticle, scoreProduct, type Answer, type ProductField } from './quality-corpora-score';

export interface Ask {
  keyword: string;
  query: string;
}

// How an analyst asks, and the bare words of a column header: both are how the product is used.
export const PRODUCT_ASKS: Record<'analyst' | 'bare', Record<ProductField, Ask>> = {
  analyst: {
    price: { keyword: 'price', query: "What is the product's price?" },
    sku: { keyword: 'sku', query: "What is the product's SKU or item number?" },
    availability: { keyword: 'availability', query: 'Is the product in stock?' },
  },
  bare: {
    price: { keyword: 'price', query: 'Price' },
    sku: { keyword: 'sku', query: 'SKU' },
    availability: { keyword: 'availability', query: 'Availability' },
  },
};

export const ARTICLE_ASKS = {
  title: { keyword: 'title', query: 'What is the title of the article?' },
  author: { keyword: 'author', query: 'Who wrote the article?' },
  language: { keyword: 'language', query: 'What language is the page written in?' },
} as const;

export interface RunOutcome {
  /** The job result, or null when the request itself failed (status, timeout). */
  result: JobResult | null;
  error: string | null;
  ms: number;
}

export interface CorporaOptions {
  corpora: Set<'products' | 'articles'>;
  /** Page ids, or their prefixes; empty for all. */
  pages: string[];
  concurrency: number;
  pageTimeoutMs: number;
  browser: 'off' | 'auto';
}

export function corporaOptions(env: NodeJS.ProcessEnv = process.env): CorporaOptions {
  const list = (v: string | undefined) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  const corpora = list(env.QUALITY_CORPORA);
  for (const c of corpora) {
    if (c !== 'products' && c !== 'articles')
      throw new Error(`QUALITY_CORPORA: '${c}' is not products or articles`);
  }
  const number = (name: string, fallback: number) => {
    const n = Number(env[name] ?? fallback);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a positive whole number`);
    return n;
  };
  const browser = env.QUALITY_BROWSER ?? 'off';
  if (browser !== 'off' && browser !== 'auto') throw new Error('QUALITY_BROWSER must be off or auto');
  return {
    corpora: new Set(
      corpora.length > 0 ? (corpora as ('products' | 'articles')[]) : ['products', 'articles'],
    ),
    pages: list(env.QUALITY_PAGES),
    concurrency: number('QUALITY_CONCURRENCY', 4),
    pageTimeoutMs: number('QUALITY_PAGE_TIMEOUT_MS', 30_000),
    browser,
  };
}

function pick<T>(pages: CorpusPage<T>[], wanted: string[]): CorpusPage<T>[] {
  return wanted.length === 0 ? pages : pages.filter((p) => wanted.some((w) => p.id.startsWith(w)));
}

/** Runs the section; true when every figure meets its target. */
export async function runCorporaSection(opts: CorporaOptions = corporaOptions()): Promise<boolean> {
  const products = opts.corpora.has('products') ? pick(loadProducts(), opts.pages) : [];
  const articles = opts.corpora.has('articles') ? pick(loadArticles(), opts.pages) : [];
  if (products.length + articles.length === 0) throw new Error('QUALITY_PAGES matches no corpus page');

  const site = await startCorporaSite([...products, ...articles]);
  const engine = await startBenchEngine({
    QUARRY_LLM_PROVIDER: '',
    QUARRY_BROWSER: opts.browser,
    QUARRY_RUN_TIMEOUT_MS: String(opts.pageTimeoutMs),
    LOG_LEVEL: 'warn',
  });
  const run = async (pagePath: string, asks: Ask[]): Promise<RunOutcome> => {
    const t0 = performance.now();
    try {
      const res = await fetch(`${engine.url}/v0.1/tasks`, {
        method: 'POST',
        headers: { 'x-api-key': BENCH_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({
          websiteUrl: `${site.url}${pagePath}`,
          turbo: true,
          variableSearchItems: asks.map((a) => ({ query: a.query, formatting: { keyword: a.keyword } })),
        }),
        // The engine stops the run at the page timeout (504); this only guards against a hung reply.
        signal: AbortSignal.timeout(opts.pageTimeoutMs + 15_000),
      });
      const body = (await res.json()) as { data?: JobResult; message?: string; error?: { message?: string } };
      const ms = performance.now() - t0;
      if (!res.ok || !body.data)
        return {
          result: null,
          error: `${res.status} ${body.message ?? JSON.stringify(body).slice(0, 200)}`,
          ms,
        };
      return { result: body.data, error: null, ms };
    } catch (err) {
      return { result: null, error: (err as Error).message, ms: performance.now() - t0 };
    }
  };

  type Job = () => Promise<Answer[]>;
  const jobs: Job[] = [];
  for (const p of products) {
    for (const way of ['analyst', 'bare'] as const) {
      const asks = PRODUCT_ASKS[way];
      jobs.push(async () => scoreProduct(p, way, asks, await run(p.path, Object.values(asks))));
    }
  }
  for (const a of articles) {
    jobs.push(async () => scoreArticle(a, ARTICLE_ASKS, await run(a.path, Object.values(ARTICLE_ASKS))));
  }

  const t0 = performance.now();
  let wallMs = 0;
  let speed: SpeedFigures | null = null;
  const answers: Answer[] = [];
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: Math.min(opts.concurrency, jobs.length) }, async () => {
        while (next < jobs.length) answers.push(...(await jobs[next++]!()));
      }),
    );
    wallMs = performance.now() - t0;
    const every = [...Object.values(PRODUCT_ASKS.bare), ...Object.values(ARTICLE_ASKS)];
    speed = await measureCorporaSpeed(
      site.url,
      [...products, ...articles].map((p) => p.path),
      (pagePath) => run(pagePath, every),
      opts.concurrency,
    );
  } finally {
    await engine.close();
    await site.close();
  }

  const report = printCorporaReport(answers, {
    products: products.length,
    articles: articles.length,
    wallMs,
    opts,
  });
  const out = fileURLToPath(new URL('./out/quality-corpora.json', import.meta.url));
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      {
        options: { ...opts, corpora: [...opts.corpora] },
        figures: { ...report.figures, speed },
        failures: answers.filter((a) => a.verdict !== 'right' && a.verdict !== 'unscored-empty'),
        answers,
      },
      null,
      2,
    ),
  );
  console.log(`per-page answers and failures: ${path.relative(process.cwd(), out)}`);
  return report.allMet;
}
