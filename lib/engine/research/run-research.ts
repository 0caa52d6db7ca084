import type { PageRead } from '@/lib/contract/task-definition';
import type { FetchError } from '../net/fetch-error';
import type { GuardedFetch } from '../net/guarded-fetch';
import { checkUrl, normalizeUrlInput } from '../net/url-guard';
import { AnswerSheet } from './extract/answer';
import { type ClassifiedQuery, classifyQuery } from './extract/classify-query';
import { isEmptyValue } from './extract/coerce';
import { findRows, type RowsFound } from './extract/rows';
import { fetchMany, fetchOne } from './fetch-site';
import { rankLinks } from './link-ranking';
import type { ReadPage } from './page-types';
import { readPage } from './read-page';
import type { ResearchRequest, ResearchResult, ResearcherOptions } from './types';

const SATISFIED = 0.75;
const SITE_CONCURRENCY = 2;

export async function runResearch(
  req: ResearchRequest,
  opts: ResearcherOptions,
  fetch: GuardedFetch,
): Promise<ResearchResult> {
  const pages: PageRead[] = [];
  const startUrl = normalizeUrlInput(req.url);
  const check = checkUrl(startUrl, { allowPrivate: opts.allowPrivate });
  if (!check.ok) return failure(req, pages, `cannot research ${req.url}: ${check.reason}`, false);

  const queries = req.queries.map(classifyQuery);
  const first = await fetchOne(fetch, check.url.href, req.signal);
  req.signal?.throwIfAborted();
  pages.push(first.read);
  if (!first.ok) return fetchFailure(req, pages, check.url.href, first.error);
  const start = readPage(first.response);
  if (!start.ok) return failure(req, pages, start.error, false);

  const sheet = new AnswerSheet(queries);
  const read: ReadPage[] = [start.page];
  sheet.addPage(start.page);
  const wantsRows = req.list || queries.some((q) => q.type === 'list');

  if (!req.turbo && opts.maxPages > 0) {
    const missing = queries.filter((_, i) => sheet.confidence(i) < SATISFIED);
    const needsRows = wantsRows && !findRows(queries, read);
    const targets = rankLinks(
      start.page.anchors,
      first.response.url,
      needsRows ? queries : missing,
      opts.maxPages,
    );
    const more = await fetchMany(fetch, targets, SITE_CONCURRENCY, req.signal);
    req.signal?.throwIfAborted();
    const seen = new Set([first.response.url]);
    for (const m of more) {
      pages.push(m.read);
      if (!m.ok || seen.has(m.response.url)) continue;
      seen.add(m.response.url);
      const page = readPage(m.response);
      if (page.ok) {
        read.push(page.page);
        sheet.addPage(page.page);
      }
    }
  }
  return assemble(req, queries, sheet, wantsRows ? findRows(queries, read) : null, pages, first.response.url);
}

function assemble(
  req: ResearchRequest,
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
  });
  const rows = found?.rows ?? [];
  if (found && rows.length > 0) {
    for (const q of queries) {
      // A 'list' query answered by a table gets the whole column; in a list task every
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
      if (isEmptyValue(value)) delete sources[q.keyword];
      else sources[q.keyword] = found.source;
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
  };
}

function fetchFailure(
  req: ResearchRequest,
  pages: PageRead[],
  url: string,
  error: FetchError,
): ResearchResult {
  const result = failure(req, pages, `could not read ${url}: ${error.message}`, error.transient);
  if (error.retryAfterSeconds !== undefined) result.retryAfterSeconds = error.retryAfterSeconds;
  return result;
}

function failure(req: ResearchRequest, pages: PageRead[], error: string, transient: boolean): ResearchResult {
  const data: Record<string, unknown> = {};
  for (const q of req.queries) data[q.keyword] = null;
  return { data, rows: [], list: req.list, sources: {}, pages, error_detected: true, error, transient };
}
