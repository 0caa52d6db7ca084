import type { Source } from '@/lib/contract/task-definition';
import { findEvidence, findQuote } from '../llm/evidence';
import type { ModelAnswer } from '../llm/extraction-schema';
import type { ModelExtraction } from '../llm/model-extractor';
import { rowQueries, type ClassifiedQuery } from './extract/classify-query';
import { coerceAnswer, isEmptyValue } from './extract/coerce';
import type { ReadPage } from './page-types';
import { clip } from './text-utils';
import type { ResearchResult } from './types';

/** A Source with the result of checking the model's quote against the page. */
export type CheckedSource = Source & { quote_verified?: boolean };

const VERIFIED = 0.9;
/** The quote is not on the page but the value is: plausible, not proven. */
const VALUE_ONLY = 0.5;
/** An offline answer this sure stands when the model found nothing. */
const OFFLINE_KEEP = 0.8;

/**
 * The model's answers replace the offline ones, each with its quote as provenance. A quote not
 * found on the pages lowers confidence and is flagged; a value that is on none of the pages read is
 * not given (nothing under 0.5 is an answer) and the field says why; when the model found nothing, a confident
 * offline answer stays; when the model failed, the offline answers stand and the job reports it.
 */
export function mergeModelAnswers(
  offline: ResearchResult,
  model: ModelExtraction,
  queries: ClassifiedQuery[],
  list: boolean,
  pages: ReadPage[],
): ResearchResult {
  const warnings = [...(offline.warnings ?? [])];
  if (!model.ok) {
    return {
      ...offline,
      usage: model.usage,
      extractor: 'offline',
      error_detected: true,
      error: `${model.error}; the offline extractor's answers are returned instead`,
      transient: model.transient,
    };
  }
  const data: Record<string, unknown> = {};
  const sources: Record<string, CheckedSource> = {};
  for (const q of queries) {
    const answer = model.reply.answers?.[q.keyword];
    const found = answer ? checkAnswer(q, answer, pages) : null;
    const checked = found && 'value' in found ? found : null;
    if (found && 'invented' in found)
      warnings.push(`${q.keyword}: the model's answer is not on the pages read, so it is not given`);
    if (checked) {
      data[q.keyword] = checked.value;
      sources[q.keyword] = checked.source;
      if (!checked.source.quote_verified)
        warnings.push(`${q.keyword}: the model's quote was not found on the page`);
      continue;
    }
    const fallback = offline.sources[q.keyword];
    if (fallback && fallback.confidence >= OFFLINE_KEEP && !isEmptyValue(offline.data[q.keyword])) {
      data[q.keyword] = offline.data[q.keyword];
      sources[q.keyword] = fallback;
    } else {
      data[q.keyword] = null;
      // Kept as a not-found with what was looked at; the model's silence is one more thing looked at.
      const lookedAt = fallback?.method === 'not_found' ? (fallback.looked_at ?? []) : [];
      const said =
        found && 'invented' in found
          ? `the language model answered "${clip(found.invented, 80)}", which is on none of the pages read`
          : 'the language model found no answer';
      sources[q.keyword] = {
        url: fallback?.url ?? pages[0]?.url ?? '',
        snippet: 'not found',
        confidence: 0,
        method: 'not_found',
        looked_at: [said, ...lookedAt],
      };
    }
  }
  let rows = offline.rows;
  if (list && model.reply.rows && model.reply.rows.length > 0) {
    rows = [];
    for (const row of model.reply.rows) {
      const out: Record<string, unknown> = {};
      for (const q of rowQueries(queries, list)) {
        const found = checkAnswer(
          q,
          { value: row.values?.[q.keyword] ?? null, quote: row.quote, page: row.page },
          pages,
        );
        const checked = found && 'value' in found ? found : null;
        out[q.keyword] = checked?.value ?? null;
        if (checked && (!sources[q.keyword] || sources[q.keyword]?.method === 'not_found')) {
          sources[q.keyword] = checked.source;
          if (isEmptyValue(data[q.keyword])) data[q.keyword] = checked.value;
        }
      }
      if (Object.values(out).some((v) => !isEmptyValue(v))) rows.push(out);
    }
  }
  const empty = Object.values(data).every(isEmptyValue) && rows.length === 0;
  return {
    ...offline,
    data,
    rows,
    list: list || offline.list,
    sources,
    error_detected: empty,
    error: empty ? `no answers found on ${pages[0]?.url ?? 'the page'}` : null,
    transient: false,
    extractor: 'model',
    usage: model.usage,
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

function checkAnswer(
  q: ClassifiedQuery,
  answer: ModelAnswer,
  pages: ReadPage[],
): { value: unknown; source: CheckedSource } | { invented: string } | null {
  const named = typeof answer.page === 'number' && answer.page >= 1 ? answer.page - 1 : null;
  const base = (named !== null ? pages[named] : undefined) ?? pages[0];
  const value = coerceAnswer(answer.value, q, base?.url ?? '');
  if (isEmptyValue(value)) return null;
  const quote = typeof answer.quote === 'string' ? answer.quote.trim() : '';
  const quoted = quote ? findEvidence(pages, quote, named) : null;
  if (quoted) {
    const source: CheckedSource = {
      url: quoted.page.url,
      snippet: clip(quote, 300),
      confidence: VERIFIED,
      method: 'model',
      quote_verified: true,
    };
    return { value, source: quoted.path ? { ...source, path: quoted.path } : source };
  }
  // No usable quote: is the value itself on a page?
  const text = Array.isArray(value) ? value.map(String).join(', ') : String(value);
  const holder = findQuote(pages, text, named);
  if (!holder) return { invented: text };
  return {
    value,
    source: {
      url: holder.url,
      snippet: clip(quote || text, 300),
      confidence: VALUE_ONLY,
      method: 'model',
      quote_verified: false,
    },
  };
}
