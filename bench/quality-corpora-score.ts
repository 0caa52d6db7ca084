// One run's answers on one corpus page, judged: what was asked, what came back (with its source and
// confidence), what was expected, and the verdict. The records feed the report and the failure file.
import type { Source } from '../lib/contract/task-definition';
import type { ArticleTruth, CorpusPage, ProductTruth } from './corpora-site';
import {
  acceptedPrices,
  availabilityValue,
  expectedAuthors,
  isBylineRight,
  isLanguageRight,
  isTitleRight,
  matchOne,
  oneValue,
  priceReadings,
  samePrice,
  skuValue,
  type Tally,
} from './corpora-scoring';
import type { Ask, RunOutcome } from './quality-corpora';

export type ProductField = 'price' | 'sku' | 'availability';
export type ArticleField = 'title' | 'author' | 'language';

/**
 * right / wrong / missed (no answer where one was expected); unscored: an answer where the truth has
 * none to compare with (an article without a byline); unscored-empty: neither; run-failed: the request
 * failed (counted as missed in the figures).
 */
export type Verdict = 'right' | 'wrong' | 'missed' | 'unscored' | 'unscored-empty' | 'run-failed';

export interface Answer {
  corpus: 'products' | 'articles';
  /** products: 'analyst' or 'bare' wording; articles: 'articles'. */
  set: 'analyst' | 'bare' | 'articles';
  page: string;
  field: ProductField | ArticleField;
  query: string;
  answer: unknown;
  /** The answer as the scorer read it (a number for price, InStock/OutOfStock for availability). */
  read: string | number | boolean | null;
  expected: unknown;
  verdict: Verdict;
  /** articles: whether the page counts for this field (the expected value is usable). */
  scored?: boolean;
  /** products only: this answer's share of the summed tp/fp/fn. */
  tally?: Tally;
  source: Source | null;
  error: string | null;
  ms: number;
  pageUrl?: string;
}

/** The request failed, or the engine could not read the page off the corpora site (a bench fault). */
function runFailed(outcome: RunOutcome): boolean {
  return !outcome.result || /^could not read /.test(outcome.result.error ?? '');
}

function base(outcome: RunOutcome, keyword: string) {
  const r = outcome.result;
  const answer = r ? (r.data_json[keyword] ?? null) : null;
  return {
    answer,
    value: oneValue(answer),
    source: r?.data_sources?.[keyword] ?? null,
    error: outcome.error ?? r?.error ?? null,
  };
}

export function scoreProduct(
  page: CorpusPage<ProductTruth>,
  set: 'analyst' | 'bare',
  asks: Record<ProductField, Ask>,
  outcome: RunOutcome,
): Answer[] {
  return (Object.keys(asks) as ProductField[]).map((field) => {
    const ask = asks[field];
    const { answer, value, source, error } = base(outcome, ask.keyword);
    const truth = page.truth[field] ?? [];
    let tally: Tally;
    let read: string | number | null;
    if (field === 'price') {
      const readings = priceReadings(value);
      read = readings.join(' or ') || null;
      // An answer with no number in it is still an answer, and a wrong one.
      tally = matchOne(acceptedPrices(truth), value === null ? null : readings, (t, r: number[]) =>
        r.some((x) => samePrice(t, x)),
      );
    } else if (field === 'sku') {
      read = skuValue(value);
      tally = matchOne(truth, read);
    } else {
      read = availabilityValue(value);
      tally = matchOne<string>(truth, read);
    }
    const verdict: Verdict = runFailed(outcome)
      ? 'run-failed'
      : tally.tp
        ? 'right'
        : tally.fp
          ? 'wrong'
          : tally.fn
            ? 'missed'
            : 'unscored-empty';
    return {
      corpus: 'products' as const,
      set,
      page: page.id,
      pageUrl: page.truth.url,
      field,
      query: ask.query,
      answer,
      read,
      expected: truth,
      verdict,
      tally,
      source,
      error,
      ms: Math.round(outcome.ms),
    };
  });
}

export function scoreArticle(
  page: CorpusPage<ArticleTruth>,
  asks: Record<ArticleField, Ask>,
  outcome: RunOutcome,
): Answer[] {
  const t = page.truth;
  const expected: Record<ArticleField, string | null> = {
    title: t.title?.trim() ? t.title : null,
    author: expectedAuthors(t.byline) ? t.byline : null,
    language: t.lang?.trim() ? t.lang : null,
  };
  const judge: Record<ArticleField, (a: string, e: string) => boolean> = {
    title: (a, e) => isTitleRight(a, e, t.siteName),
    author: isBylineRight,
    language: isLanguageRight,
  };
  return (Object.keys(asks) as ArticleField[]).map((field) => {
    const ask = asks[field];
    const { answer, value, source, error } = base(outcome, ask.keyword);
    const want = expected[field];
    const verdict: Verdict = runFailed(outcome)
      ? 'run-failed'
      : want === null
        ? value === null
          ? 'unscored-empty'
          : 'unscored'
        : value === null
          ? 'missed'
          : judge[field](String(value), want)
            ? 'right'
            : 'wrong';
    return {
      corpus: 'articles' as const,
      set: 'articles' as const,
      page: page.id,
      field,
      query: ask.query,
      answer,
      read: value,
      // An author the scorer cannot use (a date as byline) is shown as it is, and not scored.
      expected: field === 'author' ? t.byline : want,
      verdict,
      scored: want !== null,
      source,
      error,
      ms: Math.round(outcome.ms),
    };
  });
}
