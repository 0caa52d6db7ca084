import type { Source } from '@/lib/contract/task-definition';
import type { ReadPage } from '../page-types';
import { extractAddresses } from './address';
import { extractAuthor, extractPublished } from './article';
import { type Candidate, type Extractor, type PageContext } from './candidate';
import type { ClassifiedQuery, QueryKind } from './classify-query';
import { coerceAnswer, coerceValue, isEmptyValue } from './coerce';
import { extractEmployees, extractFounded } from './company-facts';
import { pageCountry } from './country';
import { extractEmails } from './email';
import { extractField } from './field';
import { extractLink } from './link';
import { extractCount } from './content-counts';
import { extractCompanyName, extractProductName } from './names';
import { extractDescription, extractLanguage, extractTitle, extractWebsite } from './page-facts';
import { extractPassage } from './passage-answer';
import { extractPerson } from './person';
import { extractPhones } from './phone';
import { extractPrice } from './price';
import { printedFieldCandidates } from './printed-pairs';
import { isItemPage } from './product-price';
import { extractProperty } from './property';
import { extractSocial } from './social';
import { extractTopics } from './topics';
import { describeKind, describeReading } from './looked-at';
import { isTypedValue, typedKey } from './typed-value';

const EXTRACTORS: Record<QueryKind, Extractor> = {
  company_name: extractCompanyName,
  product_name: extractProductName,
  person: extractPerson,
  title: extractTitle,
  description: extractDescription,
  email: extractEmails,
  phone: extractPhones,
  address: extractAddresses,
  social: extractSocial,
  founded: extractFounded,
  employees: extractEmployees,
  price: extractPrice,
  author: extractAuthor,
  published: extractPublished,
  language: extractLanguage,
  website: extractWebsite,
  link: extractLink,
  property: extractProperty,
  count: extractCount,
  topics: extractTopics,
  passage: extractPassage,
};
/** Facts about the named page itself; other pages of the site would answer a different question. */
const PAGE_SCOPED = new Set<QueryKind>([
  'title',
  'description',
  'language',
  'website',
  'product_name',
  'author',
  'published',
  'property',
  'count',
  'topics',
]);
/** Kinds whose patterns can miss; the best matching passage is better than nothing. */
const PASSAGE_FALLBACK = new Set<QueryKind>([
  'person',
  'price',
  'description',
  'address',
  'founded',
  'employees',
  'link',
]);
const AGREEMENT_BONUS = 0.04;
/** Below this a candidate is a guess, not an answer: the field is reported not found instead. */
export const MIN_ANSWER_CONFIDENCE = 0.5;

export interface Answer {
  value: unknown;
  source: Source | null;
}

/**
 * Collects candidates page by page, so the runner can ask after the first page whether more
 * pages are worth fetching, and merges them: the same value from several places gains confidence.
 */
export class AnswerSheet {
  private readonly perQuery: Candidate[][];
  private readonly contexts: PageContext[] = [];
  private readonly cache = new Map<number, Answer>();

  constructor(readonly queries: ClassifiedQuery[]) {
    this.perQuery = queries.map(() => []);
  }

  addPage(page: ReadPage): void {
    const ctx: PageContext = { page, isStartPage: this.contexts.length === 0, country: pageCountry(page) };
    this.contexts.push(ctx);
    this.cache.clear();
    this.queries.forEach((q, i) => {
      if (PAGE_SCOPED.has(q.kind) && !ctx.isStartPage) return;
      const found = EXTRACTORS[q.kind](q, ctx);
      if (q.kind !== 'passage') found.push(...extractField(q, ctx));
      // A fact printed under the field's own name ("Publisher: Orbit") beats a passage about it.
      else
        found.push(...printedFieldCandidates(q, ctx, (v) => coerceValue(v, q.type, ctx.page.url, q.items)));
      this.perQuery[i]?.push(...found);
    });
  }

  answer(index: number): Answer {
    let answer = this.cache.get(index);
    if (!answer) {
      answer = this.compute(index);
      this.cache.set(index, answer);
    }
    return answer;
  }

  /** What was read for a query that found no answer: each page's parts, in a few words. */
  lookedAt(index: number): string[] {
    const q = this.queries[index];
    const read = this.contexts
      .filter((ctx) => ctx.isStartPage || !q || !PAGE_SCOPED.has(q.kind))
      .map((ctx) => `${ctx.page.url}: ${describeReading(ctx.page)}`);
    return q ? [`read as: ${describeKind(q)}`, ...read] : read;
  }

  /** Best confidence so far for a query, for deciding whether to read more pages. */
  confidence(index: number): number {
    return this.answer(index).source?.confidence ?? 0;
  }

  private compute(index: number): Answer {
    const q = this.queries[index];
    if (!q) return { value: null, source: null };
    const answer = this.pick(q, this.perQuery[index] ?? []);
    if (answer.value !== null || !PASSAGE_FALLBACK.has(q.kind)) return answer;
    // An item page with no readable price has none to give; a passage would be another product's.
    if (q.kind === 'price' && this.contexts.some((ctx) => isItemPage(ctx.page))) return answer;
    const fallback = this.contexts.flatMap((ctx) =>
      extractPassage(q, ctx).map((c) => ({ ...c, confidence: c.confidence * 0.8 })),
    );
    return this.pick(q, fallback);
  }

  private pick(q: ClassifiedQuery, candidates: Candidate[]): Answer {
    const groups = new Map<string, { best: Candidate; places: Set<string>; order: number }>();
    candidates.forEach((c, order) => {
      const key = valueKey(c.value);
      const group = groups.get(key);
      if (!group) groups.set(key, { best: c, places: new Set([`${c.url} ${c.snippet}`]), order });
      else {
        group.places.add(`${c.url} ${c.snippet}`);
        if (c.confidence > group.best.confidence) group.best = c;
      }
    });
    const ranked = [...groups.values()]
      .map((g) => ({
        ...g,
        confidence: Math.min(0.99, g.best.confidence + AGREEMENT_BONUS * (g.places.size - 1)),
      }))
      .sort((a, b) => b.confidence - a.confidence || a.order - b.order);
    for (const g of ranked) {
      if (g.confidence < MIN_ANSWER_CONFIDENCE) break;
      const value = coerceAnswer(g.best.value, q, g.best.url);
      if (isEmptyValue(value)) continue;
      const { url, snippet, method, path } = g.best;
      return {
        value,
        source: { url, snippet, confidence: round(g.confidence), method, ...(path ? { path } : {}) },
      };
    }
    return { value: null, source: null };
  }
}

function valueKey(value: unknown): string {
  if (isTypedValue(value)) return typedKey(value);
  if (typeof value === 'string')
    return `s:${value
      .toLowerCase()
      .replace(/[\s.,]+$/g, '')
      .replace(/\/$/, '')}`;
  return JSON.stringify(value) ?? '';
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}
