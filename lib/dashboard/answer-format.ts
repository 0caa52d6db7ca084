import type { Source, SourceMethod } from '@/lib/contract/task-definition';

// How an answer reads in the dashboard: its typed value as a person reads it, its confidence as a
// level, and how it was found in plain words. Pure, so the quick test, the playground and the batch
// rows show the same answer the same way. The locale and time zone are the viewer's unless a caller
// (a test) fixes them.

export type AnswerDisplay =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'number'; text: string; raw: string }
  | { kind: 'money'; text: string; raw: string }
  | { kind: 'boolean'; text: 'Yes' | 'No'; value: boolean }
  | { kind: 'date'; text: string; iso: string }
  | { kind: 'url'; text: string; href: string }
  | { kind: 'list'; items: AnswerDisplay[] }
  | { kind: 'object'; entries: [string, AnswerDisplay][] };

export interface FormatOptions {
  locale?: string;
  timeZone?: string;
}

const DATE_ONLY = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** The value of one answer, typed for display: lists and objects item by item. */
export function describeAnswer(value: unknown, opts: FormatOptions = {}): AnswerDisplay {
  if (value === null || value === undefined) return { kind: 'empty' };
  if (typeof value === 'boolean') return { kind: 'boolean', text: value ? 'Yes' : 'No', value };
  if (typeof value === 'number')
    return { kind: 'number', text: formatNumber(value, opts), raw: String(value) };
  if (typeof value === 'string') return describeString(value, opts);
  if (Array.isArray(value)) {
    const items = value.map((v) => describeAnswer(v, opts)).filter((d) => d.kind !== 'empty');
    return items.length === 0 ? { kind: 'empty' } : { kind: 'list', items };
  }
  if (typeof value === 'object') {
    const money = describeMoney(value as Record<string, unknown>, opts);
    if (money) return money;
    const entries = Object.entries(value)
      .map(([k, v]): [string, AnswerDisplay] => [k, describeAnswer(v, opts)])
      .filter(([, d]) => d.kind !== 'empty');
    return entries.length === 0 ? { kind: 'empty' } : { kind: 'object', entries };
  }
  return { kind: 'text', text: String(value) };
}

function describeString(raw: string, opts: FormatOptions): AnswerDisplay {
  const s = raw.trim();
  if (s === '') return { kind: 'empty' };
  const date = formatIsoDate(s, opts);
  if (date) return { kind: 'date', text: date, iso: s };
  if (/^https?:\/\//i.test(s) && URL.canParse(s)) return { kind: 'url', text: s, href: new URL(s).href };
  return { kind: 'text', text: s };
}

// Thousands separators from five digits on: a year (1998) or a small count stays as written.
function formatNumber(n: number, { locale }: FormatOptions): string {
  if (!Number.isFinite(n)) return String(n);
  return new Intl.NumberFormat(locale, {
    maximumFractionDigits: 10,
    useGrouping: 'min2',
  } as Intl.NumberFormatOptions).format(n);
}

// Money as the engine may type it: an amount with an ISO 4217 currency code.
function describeMoney(o: Record<string, unknown>, opts: FormatOptions): AnswerDisplay | null {
  const amount = o.amount ?? o.value ?? o.price;
  const currency = o.currency ?? o.priceCurrency;
  if (typeof amount !== 'number' || typeof currency !== 'string' || !/^[A-Z]{3}$/i.test(currency))
    return null;
  const rest = Object.keys(o).filter(
    (k) => !['amount', 'value', 'price', 'currency', 'priceCurrency'].includes(k),
  );
  if (rest.length > 0) return null;
  try {
    const text = new Intl.NumberFormat(opts.locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      maximumFractionDigits: 10,
    }).format(amount);
    return { kind: 'money', text, raw: `${amount} ${currency.toUpperCase()}` };
  } catch {
    return null;
  }
}

/** An ISO 8601 date, year-month or date-time as the viewer reads it; null for anything else. */
export function formatIsoDate(s: string, { locale, timeZone }: FormatOptions = {}): string | null {
  const d = DATE_ONLY.exec(s);
  if (d) {
    const [, y, m, day] = d;
    const date = new Date(Date.UTC(Number(y), Number(m) - 1, day ? Number(day) : 1));
    // Date.UTC rolls 2024-02-31 over into March: such a string is not a date.
    if (date.getUTCMonth() !== Number(m) - 1 || (day && date.getUTCDate() !== Number(day))) return null;
    // A calendar date has no time zone: read it in UTC so it is the same day everywhere.
    const fmt: Intl.DateTimeFormatOptions = day
      ? { dateStyle: 'medium', timeZone: 'UTC' }
      : { year: 'numeric', month: 'long', timeZone: 'UTC' };
    return new Intl.DateTimeFormat(locale, fmt).format(date);
  }
  const t = DATE_TIME.exec(s);
  if (!t) return null;
  const zoned = t[1] !== undefined;
  // Without an offset the time is the page's wall time: show it as written, not shifted.
  const date = new Date(zoned ? s.replace(' ', 'T') : `${s.replace(' ', 'T')}Z`);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: zoned ? timeZone : 'UTC',
    ...(zoned ? { timeZoneName: 'short' } : {}),
  }).format(date);
}

/** One line of text for a compact cell or a tooltip. */
export function answerText(d: AnswerDisplay): string {
  switch (d.kind) {
    case 'empty':
      return '';
    case 'list':
      return d.items.map(answerText).join(', ');
    case 'object':
      return d.entries.map(([k, v]) => `${k}: ${answerText(v)}`).join('; ');
    default:
      return d.text;
  }
}

export type ConfidenceLevel = 'high' | 'medium' | 'low';

// The bands follow the engine's calibration: answers at 0.8 or more are meant to be right at least
// 95% of the time, and nothing under 0.5 is given as an answer.
export function confidenceLevel(confidence: number): ConfidenceLevel {
  return confidence >= 0.8 ? 'high' : confidence >= 0.5 ? 'medium' : 'low';
}

export function formatConfidence(confidence: number): string {
  return `${Math.round(Math.min(1, Math.max(0, confidence)) * 100)}%`;
}

const METHOD_WORDS: Record<SourceMethod, string> = {
  structured_data: 'structured data',
  metadata: 'page metadata',
  label: 'printed label',
  table: 'table on the page',
  pattern: 'text pattern',
  passage: 'matching passage',
  computed: 'computed from the page',
  model: 'language model',
  not_found: 'not found',
};

/** How the answer was found, in plain words; null for sources from before methods were recorded. */
export function describeMethod(source: Pick<Source, 'method' | 'quote_verified'>): string | null {
  if (!source.method) return null;
  if (source.method === 'model' && source.quote_verified !== undefined) {
    return source.quote_verified
      ? 'language model (quote checked)'
      : 'language model (quote not found on the page)';
  }
  return METHOD_WORDS[source.method];
}

/** A field with no answer: its source says not_found, or (older results) the value is empty. */
export function isNotFound(value: unknown, source: Pick<Source, 'method'> | undefined): boolean {
  return source?.method === 'not_found' || describeAnswer(value).kind === 'empty';
}

/**
 * A data_sources entry as the batch rows carry it (untyped JSON, possibly from before sources had a
 * method): the fields the dashboard shows, or undefined when it is not a source at all.
 */
export function readSource(raw: unknown): Source | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const o = raw as Record<string, unknown>;
  if (typeof o.url !== 'string') return undefined;
  const lookedAt = Array.isArray(o.looked_at) ? o.looked_at.filter((x) => typeof x === 'string') : undefined;
  return {
    url: o.url,
    snippet: typeof o.snippet === 'string' ? o.snippet : '',
    confidence: typeof o.confidence === 'number' ? o.confidence : 0,
    ...(typeof o.method === 'string' && o.method in METHOD_WORDS ? { method: o.method as SourceMethod } : {}),
    ...(typeof o.path === 'string' && o.path ? { path: o.path } : {}),
    ...(lookedAt ? { looked_at: lookedAt } : {}),
    ...(typeof o.quote_verified === 'boolean' ? { quote_verified: o.quote_verified } : {}),
  };
}

/** A looked_at line that begins with a page address, split so the address can be a link. */
export function splitLookedAt(line: string): { url: string | null; text: string } {
  const m = /^(https?:\/\/\S+?):\s+(.*)$/i.exec(line);
  return m && URL.canParse(m[1]!) ? { url: m[1]!, text: m[2]! } : { url: null, text: line };
}

/** A page address without its scheme, for a link's text (the link keeps the whole address). */
export function shortUrl(url: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  return `${u.host}${u.pathname === '/' ? '' : u.pathname}${u.search}`;
}
