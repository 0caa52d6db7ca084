import type { PageRead, Source } from '@/lib/contract/task-definition';
import { extractWithModel } from '../llm/model-extractor';
import type { FetchError } from '../net/fetch-error';
import type { GuardedFetch } from '../net/guarded-fetch';
import { HostPacer, sleep, type HostCooldowns } from '../net/host-pacer';
import type { RobotsCache } from '../net/robots';
import { checkUrl, normalizeUrlInput } from '../net/url-guard';
import type { BrowserPool } from './browser/browser-pool';
import { AnswerSheet } from './extract/answer';
import { type ClassifiedQuery, classifyQuery, rowQueries } from './extract/classify-query';
import { isEmptyValue } from './extract/coerce';
import { findRows, type RowsFound } from './extract/rows';
import { fetchMany, fetchOne, MAX_IN_JOB_WAIT_MS, type PageFetch } from './fetch-site';
import { rankLinks } from './link-ranking';
import { mergeModelAnswers } from './merge-model';
import type { Anchor, ReadPage } from './page-types';
import { readPage } from './read-page';
import { renderIfNeeded } from './render-page';
import type { SitemapCache } from './sitemap';
import type { ResearchRequest, ResearchResult, ResearcherOptions } from './types';

/** A research request whose stop signal is a real AbortSignal (index.ts turns a JobStop into one). */
export type RunRequest = Omit<ResearchRequest, 'signal'> & { signal?: AbortSignal };

const SATISFIED = 0.75;
const SITE_CONCURRENCY = 2;

/** What one researcher shares across its jobs: connections, caches, the browser. */
export interface ResearchDeps {
  fetch: GuardedFetch;
  robots: RobotsCache | null;
  sitemaps: SitemapCache | null;
  cooldowns: HostCooldowns;
  /** Shared by every job of the researcher: turns at hosts whose robots.txt sets a Crawl-delay. */
  crawlPacer: HostPacer;
  browser: BrowserPool | null;
}

export async function runResearch(
  req: RunRequest,
  opts: ResearcherOptions,
  deps: ResearchDeps,
): Promise<ResearchResult> {
  const site: { crawlDelayMs?: number } = {};
  const result = await researchSite(req, opts, deps, site);
  if (site.crawlDelayMs) result.crawlDelayMs = site.crawlDelayMs;
  return result;
}

async function researchSite(
  req: RunRequest,
  opts: ResearcherOptions,
  deps: ResearchDeps,
  site: { crawlDelayMs?: number },
): Promise<ResearchResult> {
  const { fetch } = deps;
  const pages: PageRead[] = [];
  const warnings: string[] = [];
  const startUrl = normalizeUrlInput(req.url);
  const check = checkUrl(startUrl, { allowPrivate: opts.allowPrivate });
  if (!check.ok) return failure(req, pages, `cannot research ${req.url}: ${check.reason}`, false);
  const url = check.url.href;

  const robots = deps.robots ? await deps.robots.check(url, req.signal) : null;
  req.signal?.throwIfAborted();
  if (robots && !robots.allowed) {
    return failure(
      req,
      pages,
      `robots.txt of ${check.url.host} does not allow reading ${check.url.pathname}`,
      false,
    );
  }
  const cooling = deps.cooldowns.remaining(url);
  if (cooling > MAX_IN_JOB_WAIT_MS) {
    const result = failure(
      req,
      pages,
      `${check.url.host} asked to wait (Retry-After) before the next request`,
      true,
    );
    result.retryAfterSeconds = Math.ceil(cooling / 1000);
    return result;
  }
  if (cooling > 0) await sleep(cooling, req.signal);
  // A Crawl-delay asks for that gap between any two of our requests to the site, so all jobs here take
  // turns from one pacer; QUARRY_HOST_DELAY_MS only spaces each job's own pages.
  const crawlDelay = robots?.crawlDelayMs ?? 0;
  if (crawlDelay > 0) site.crawlDelayMs = crawlDelay;
  const crawlDelayPacer = crawlDelay > (opts.hostDelayMs ?? 0) ? deps.crawlPacer.withGap(crawlDelay) : null;
  const pacer = crawlDelayPacer ?? new HostPacer(opts.hostDelayMs ?? 0, deps.cooldowns);
  if (!(await pacer.wait(url, req.signal))) {
    // Other jobs hold the host's next turns: back to the queue, which spaces the host's jobs.
    const result = failure(
      req,
      pages,
      `${check.url.host} asks for ${crawlDelay / 1000} s between requests (robots.txt Crawl-delay); other jobs hold its next turns`,
      true,
    );
    result.retryAfterSeconds = Math.ceil(crawlDelay / 1000);
    return result;
  }

  const queries = req.queries.map(classifyQuery);
  // From here the job runs (until now it waited for robots.txt, a cool-down or a turn): a job
  // withdrawn meanwhile, its batch cancelled, is stopped by its worker and sends nothing.
  if (req.start && !(await req.start())) {
    req.signal?.throwIfAborted();
    throw new DOMException('the job was withdrawn before its first request', 'AbortError');
  }
  const first = await fetchOne(fetch, url, req.signal);
  req.signal?.throwIfAborted();
  pages.push(first.read);
  if (!first.ok) {
    if (first.error.retryAfterSeconds !== undefined) deps.cooldowns.set(url, first.error.retryAfterSeconds);
    return fetchFailure(req, pages, url, first.error);
  }
  const start = await readFetched(first, deps, opts, pages, warnings, req.signal);
  if (!start.ok) return failure(req, pages, start.error, false);

  const sheet = new AnswerSheet(queries);
  const read: ReadPage[] = [start.page];
  sheet.addPage(start.page);
  const wantsRows = req.list || queries.some((q) => q.type === 'list');
  // In a list run the rows are made of the row columns only; fields asked once for the page
  // (scope 'task') are answered like any single-answer field, next to the rows.
  const columns = rowQueries(queries, req.list);

  if (!req.turbo && opts.maxPages > 0) {
    const missing = queries.filter((_, i) => sheet.confidence(i) < SATISFIED);
    const needsRows = wantsRows && !findRows(columns, read);
    const asked = needsRows ? queries : missing;
    if (asked.length > 0) {
      const anchors = [...start.page.anchors];
      if (deps.sitemaps && opts.useSitemap !== false) {
        // Sitemaps take the site's Crawl-delay turns like pages; the job's own page gap does not
        // hold them up (it would add a gap per sitemap to every job on a site of its own).
        const listed = await deps.sitemaps.urls(first.response.url, robots?.sitemaps ?? [], {
          ...(req.signal ? { signal: req.signal } : {}),
          ...(crawlDelayPacer ? { pacer: crawlDelayPacer } : {}),
        });
        anchors.push(...inSection(listed, first.response.url).map(sitemapAnchor));
      }
      let targets = rankLinks(anchors, first.response.url, asked, opts.maxPages);
      if (deps.robots) targets = await allowedByRobots(deps.robots, targets, warnings, req.signal);
      const more = await fetchMany(fetch, targets, SITE_CONCURRENCY, req.signal, {
        pacer,
        cooldowns: deps.cooldowns,
      });
      req.signal?.throwIfAborted();
      const seen = new Set([first.response.url]);
      for (const m of more) {
        pages.push(m.read);
        if (!m.ok || seen.has(m.response.url)) continue;
        seen.add(m.response.url);
        const page = await readFetched(m, deps, opts, pages, warnings, req.signal);
        if (page.ok) {
          read.push(page.page);
          sheet.addPage(page.page);
        }
      }
    }
  }
  const offline = assemble(
    req,
    queries,
    sheet,
    wantsRows ? findRows(columns, read) : null,
    pages,
    first.response.url,
  );
  if (warnings.length > 0) offline.warnings = warnings;
  if (!opts.llm) return offline;
  const model = await extractWithModel({
    pages: read,
    queries,
    list: req.list,
    turbo: req.turbo,
    settings: opts.llm,
    signal: req.signal,
    offline,
  });
  return mergeModelAnswers(offline, model, queries, req.list, read);
}

async function readFetched(
  fetched: Extract<PageFetch, { ok: true }>,
  deps: ResearchDeps,
  opts: ResearcherOptions,
  pages: PageRead[],
  warnings: string[],
  signal?: AbortSignal,
) {
  const page = readPage(fetched.response);
  if (!page.ok || !deps.browser || !opts.browser) return page;
  const rendered = await renderIfNeeded(deps.browser, opts.browser.mode, fetched.response, page.page, signal);
  if (!rendered) return page;
  pages.push(rendered.read);
  if (!rendered.ok) {
    warnings.push(rendered.error);
    return page;
  }
  return { ok: true as const, page: rendered.page };
}

async function allowedByRobots(
  robots: RobotsCache,
  urls: string[],
  warnings: string[],
  signal?: AbortSignal,
): Promise<string[]> {
  const out: string[] = [];
  for (const url of urls) {
    if ((await robots.check(url, signal)).allowed) out.push(url);
    else warnings.push(`skipped ${url}: disallowed by robots.txt`);
  }
  return out;
}

/**
 * Sitemap entries in the start page's section: for https://host/brand/ only /brand/…, since a
 * sitemap covers the whole host and a section is often a site of its own (a brand, a language).
 * Links on the page itself need no such limit: the page chose them.
 */
function inSection(urls: string[], startUrl: string): string[] {
  const path = new URL(startUrl).pathname;
  const section = path.slice(0, path.indexOf('/', 1) + 1);
  if (!section || section === '/') return urls;
  return urls.filter((u) => {
    try {
      return new URL(u).pathname.startsWith(section);
    } catch {
      return false;
    }
  });
}

function sitemapAnchor(href: string): Anchor {
  return { href, text: '', passage: 0, heading: null };
}

function assemble(
  req: RunRequest,
  queries: ClassifiedQuery[],
  sheet: AnswerSheet,
  found: RowsFound | null,
  pages: PageRead[],
  finalUrl: string,
): ResearchResult {
  const data: ResearchResult['data'] = {};
  const sources: ResearchResult['sources'] = {};
  queries.forEach((q, i) => {
    const answer = sheet.answer(i);
    data[q.keyword] = answer.value;
    if (answer.source && !isEmptyValue(answer.value)) sources[q.keyword] = answer.source;
    else sources[q.keyword] = notFound(finalUrl, sheet.lookedAt(i));
  });
  const rows = found?.rows ?? [];
  if (found && rows.length > 0) {
    for (const q of rowQueries(queries, req.list)) {
      // A 'list' query answered by a table gets the whole column; in a list task every row
      // keyword shows the first row, so data and rows never disagree.
      const column = rows
        .map((r) => r[q.keyword])
        .flat()
        .filter((v) => !isEmptyValue(v));
      const value =
        q.type === 'list'
          ? column.length > 0
            ? column.map(String)
            : null
          : req.list
            ? (rows[0]?.[q.keyword] ?? null)
            : undefined;
      if (value === undefined) continue;
      if (isEmptyValue(value) && !req.list) continue;
      data[q.keyword] = value;
      sources[q.keyword] = isEmptyValue(value)
        ? notFound(finalUrl, [`a table or list of ${q.keyword}`])
        : found.source;
    }
  }
  const list = req.list || (rows.length > 0 && queries.some((q) => q.type === 'list'));
  const empty = Object.values(data).every(isEmptyValue) && rows.length === 0;
  return {
    data,
    rows,
    list,
    sources,
    pages,
    error_detected: empty,
    error: empty ? `no answers found on ${finalUrl}` : null,
    transient: false,
    extractor: 'offline',
  };
}

/** The source of a field with no answer: null, marked not found, with what was looked at. */
function notFound(url: string, lookedAt: string[]): Source {
  return { url, snippet: 'not found', confidence: 0, method: 'not_found', looked_at: lookedAt };
}

function fetchFailure(req: RunRequest, pages: PageRead[], url: string, error: FetchError): ResearchResult {
  const result = failure(req, pages, `could not read ${url}: ${error.message}`, error.transient);
  if (error.retryAfterSeconds !== undefined) result.retryAfterSeconds = error.retryAfterSeconds;
  return result;
}

function failure(req: RunRequest, pages: PageRead[], error: string, transient: boolean): ResearchResult {
  const data: Record<string, unknown> = {};
  for (const q of req.queries) data[q.keyword] = null;
  return {
    data,
    rows: [],
    list: req.list,
    sources: {},
    pages,
    error_detected: true,
    error,
    transient,
    extractor: 'offline',
  };
}
