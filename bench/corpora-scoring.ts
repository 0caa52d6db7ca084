// Scoring rules of the corpora section of `npm run bench:quality` (bench/corpora/README.md explains
// each choice). Pure functions: bench/corpora-scoring.test.ts pins them down.

export interface Tally {
  tp: number;
  fp: number;
  fn: number;
}

export const emptyTally = (): Tally => ({ tp: 0, fp: 0, fn: 0 });

/**
 * The product benchmark's matching (its evaluate.py `hard_matching`): one prediction per page and field;
 * no prediction is a fn when the truth has a value; a wrong one is a fp, and also a fn when the truth
 * has a value.
 */
export function matchOne<T, P = T>(
  accepted: T[],
  predicted: P | null,
  same: (truth: T, predicted: P) => boolean = (a, b) => Object.is(a, b),
): Tally {
  if (predicted === null) return { tp: 0, fp: 0, fn: accepted.length > 0 ? 1 : 0 };
  if (accepted.some((a) => same(a, predicted))) return { tp: 1, fp: 0, fn: 0 };
  return { tp: 0, fp: 1, fn: accepted.length > 0 ? 1 : 0 };
}

export function addTally(into: Tally, t: Tally): void {
  into.tp += t.tp;
  into.fp += t.fp;
  into.fn += t.fn;
}

/** F1 over summed tp/fp/fn, with evaluate.py's conventions for empty counts. */
export function f1(t: Tally): { precision: number; recall: number; f1: number } {
  const precision = t.fp === 0 && t.fn === 0 ? 1 : t.tp + t.fp === 0 ? 0 : t.tp / (t.tp + t.fp);
  const recall = t.fp === 0 && t.fn === 0 ? 1 : t.tp + t.fn === 0 ? 0 : t.tp / (t.tp + t.fn);
  return {
    precision,
    recall,
    f1: precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : 0,
  };
}

/** An answer that says nothing: null, undefined, empty text or an empty list. */
export function isBlank(v: unknown): boolean {
  if (v === null || v === undefined) return true;
  if (typeof v === 'string') return v.trim() === '';
  if (Array.isArray(v)) return v.every(isBlank);
  return false;
}

/** One predicted value: a list answer counts by its first item (the benchmark takes one value). */
export function oneValue(v: unknown): string | number | boolean | null {
  if (Array.isArray(v)) return v.length > 0 ? oneValue(v[0]) : null;
  if (isBlank(v)) return null;
  if (typeof v === 'number' || typeof v === 'boolean') return v;
  return typeof v === 'string' ? v.trim() : JSON.stringify(v);
}

// ---- products ----------------------------------------------------------------------------------------

// A run of digits with the separators prices use between them: . , space, no-break spaces, apostrophes.
const NUMBER_RUN = /\d+(?:[.,'\u2019\u00a0\u202f ]\d+)*/;

/**
 * The first number of a price answer, read the way shops write it: with both '.' and ',' the last is the
 * decimal mark ("1.234,56 €" → 1234.56, "$1,299.00" → 1299); a mark that repeats, or one followed by
 * exactly three digits, groups thousands ("24.990" → 24990, "1,299" → 1299); otherwise it is the decimal
 * mark ("119,01" → 119.01). Null when the answer holds no number.
 */
export function parsePrice(answer: string | number | boolean | null): number | null {
  if (typeof answer === 'number') return Number.isFinite(answer) ? answer : null;
  if (typeof answer !== 'string') return null;
  const run = NUMBER_RUN.exec(answer)?.[0];
  if (!run) return null;
  // Spaces and apostrophes only ever group thousands.
  const s = run.replace(/[\u00a0\u202f '\u2019]/g, '');
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let decimalMark: '.' | ',' | null = null;
  if (lastDot >= 0 && lastComma >= 0) decimalMark = lastDot > lastComma ? '.' : ',';
  else {
    const mark = lastDot >= 0 ? '.' : lastComma >= 0 ? ',' : null;
    if (mark && s.split(mark).length === 2 && s.length - s.lastIndexOf(mark) - 1 !== 3) decimalMark = mark;
  }
  const grouped =
    decimalMark === '.'
      ? s.replace(/,/g, '')
      : decimalMark === ','
        ? s.replace(/\./g, '').replace(',', '.')
        : s.replace(/[.,]/g, '');
  const n = Number(grouped);
  return Number.isFinite(n) ? n : null;
}

/**
 * The accepted prices of a page as numbers. The truth writes decimals with '.', except a few values
 * such as "23.450" for a page showing "Rs 23,450": a value with exactly three digits after its only '.'
 * is accepted in both readings (23.45 and 23450), the same ambiguity priceReadings allows an answer.
 */
export function acceptedPrices(truth: string[]): number[] {
  const out: number[] = [];
  for (const t of truth) {
    out.push(Number(t));
    if (/^\d{1,3}\.\d{3}$/.test(t)) out.push(Number(t.replace('.', '')));
  }
  return out.filter(Number.isFinite);
}

/**
 * Every fair reading of a price answer: parsePrice's, and where the answer's number has one mark
 * followed by exactly three digits ("$3.340", "Rs 23,450") also the other reading, since such a number
 * is written both ways (3340 Chilean pesos; 3.340 elsewhere) and the ground truth itself holds values
 * read either way ("3.34" for a page showing "$3.340", "23.450" for "Rs 23,450"). Right when any matches.
 */
export function priceReadings(answer: string | number | boolean | null): number[] {
  const first = parsePrice(answer);
  if (first === null) return [];
  if (typeof answer !== 'string') return [first];
  const run = NUMBER_RUN.exec(answer)?.[0] ?? '';
  const marks = run.match(/[.,]/g) ?? [];
  if (marks.length !== 1 || !/[.,]\d{3}$/.test(run)) return [first];
  const other = Number(run.replace(/[\u00a0\u202f '\u2019]/g, '').replace(',', '.'));
  return other === first || !Number.isFinite(other) ? [first] : [first, other];
}

export const samePrice = (a: number, b: number) => Math.abs(a - b) < 0.005;

/**
 * A sku answer as a value: the answer itself, trimmed, without a leading label such as "SKU:" or
 * "Item number:" (words and a colon, no digits). Compared exactly, case included, as the benchmark does.
 */
export function skuValue(answer: string | number | boolean | null): string | null {
  if (answer === null || typeof answer === 'boolean') return null;
  const s = String(answer)
    .trim()
    .replace(/^[^:\d]{1,30}:\s*/u, '');
  return s === '' ? null : s;
}

export type Availability = 'InStock' | 'OutOfStock';

// schema.org ItemAvailability values, and the plain English a page or answer uses for them.
const IN_STOCK = new Set([
  'instock',
  'limitedavailability',
  'onlineonly',
  'instoreonly',
  'in stock',
  'available',
  'yes',
  'true',
]);
const OUT_OF_STOCK = new Set([
  'outofstock',
  'soldout',
  'discontinued',
  'out of stock',
  'sold out',
  'unavailable',
  'not available',
  'currently unavailable',
  'no',
  'false',
]);

/**
 * An availability answer as InStock / OutOfStock, or 'other' when it says something else (a pre-order,
 * a delivery date, a sentence, another language): 'other' is a prediction, and a wrong one. Accepted:
 * a schema.org URL or token (any case, http or https), the English words above alone or with a few
 * words around them ("In stock.", "Only 3 left in stock"), and yes/no or true/false for the question
 * "Is the product in stock?". Null for no answer.
 */
export function availabilityValue(answer: string | number | boolean | null): Availability | 'other' | null {
  if (answer === null) return null;
  if (typeof answer === 'boolean') return answer ? 'InStock' : 'OutOfStock';
  const raw = String(answer).trim();
  const schema = /^(?:https?:\/\/)?schema\.org\/(\w+)$/i.exec(raw);
  const text = (schema ? schema[1]! : raw)
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
  if (text === '') return null;
  if (OUT_OF_STOCK.has(text)) return 'OutOfStock';
  if (IN_STOCK.has(text)) return 'InStock';
  // A short phrase around the words: negative phrases first ("not in stock" holds "in stock").
  if (text.split(' ').length <= 6) {
    if (/\b(out of stock|sold out|unavailable|not available|not in stock|no longer available)\b/.test(text))
      return 'OutOfStock';
    if (/\b(in stock|available)\b/.test(text)) return 'InStock';
  }
  return 'other';
}

// ---- articles ----------------------------------------------------------------------------------------

export function normText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

// Site-name separators: the README's " - ", " | ", " _ ", " — ", and the en dash, middle dot and
// double colon that the same pages use in the same role.
const TITLE_SEPARATORS = / (?:-|\||_|—|–|·|::) /;

/**
 * A title is right when it equals the expected one, or is one whole segment of it split at a site-name
 * separator ("Mozilla" for "Mozilla - Wikipedia"), but not the segment that is the site's own name.
 */
export function isTitleRight(answer: string, expected: string, siteName: string | null = null): boolean {
  const a = normText(answer);
  const e = normText(expected);
  if (a === '' || e === '') return false;
  if (a === e) return true;
  const site = siteName ? normText(siteName) : null;
  return e
    .split(TITLE_SEPARATORS)
    .map((s) => s.trim())
    .some((seg) => seg !== '' && seg === a && seg !== site);
}

function tokens(s: string): string[] {
  return normText(s)
    .replace(/https?:\/\/\S+/g, ' ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t !== '');
}

const BYLINE_LEAD = /^(?:written\s+)?by\b[\s:]*/i;

function authorLine(byline: string | null): string | null {
  if (!byline) return null;
  const first = byline.trim().replace(BYLINE_LEAD, '').split(/\n/)[0]!;
  return first.replace(/\(?https?:\/\/[^\s)]*\)?/g, ' ');
}

/**
 * The author names of an expected byline: without a leading "By"/"Written by", its first line only
 * (later lines hold editors and publishers), without URLs; split at commas, "and", "&" and the
 * ideographic comma. Null when the byline is no name at all (it holds a date: digits).
 */
export function expectedAuthors(byline: string | null): string[][] | null {
  const clean = authorLine(byline);
  if (clean === null || /\d/.test(clean)) return null;
  const parts = clean
    .split(/,|、|&|\band\b/)
    .map(tokens)
    .filter((t) => t.length > 0);
  if (parts.length === 0) return null;
  // A one-word part beside fuller names is a credential or a role ("Brenda Goodman, MA"), not a person.
  const people = parts.filter((p) => p.length > 1);
  return people.length > 0 ? people : parts;
}

/**
 * A byline is right when it names every expected author (each one's first and last word) and says
 * nothing else: every word of it is a word of the expected byline's author line, "by" or "and" ("By Jane Doe" for
 * "Jane Doe"). A URL, a date, a publisher or a second person is noise and makes it wrong.
 */
export function isBylineRight(answer: string, expectedByline: string): boolean {
  const people = expectedAuthors(expectedByline);
  if (!people) return false;
  const allowed = new Set([...tokens(authorLine(expectedByline) ?? ''), 'by', 'written', 'and']);
  const got = tokens(answer);
  if (got.length === 0 || /https?:\/\//i.test(answer)) return false;
  if (!got.every((t) => allowed.has(t))) return false;
  const have = new Set(got);
  return people.every((p) => have.has(p[0]!) && have.has(p[p.length - 1]!));
}

const LANGUAGE_NAMES = new Intl.DisplayNames(['en'], { type: 'language' });

/**
 * A language answer is right when its primary subtag is the expected one's ("en" for "en-US"), or when
 * it is that language's English name ("English", "Czech"), as a person answering would write it.
 */
export function isLanguageRight(answer: string, expectedLang: string): boolean {
  const want = expectedLang.trim().toLowerCase().split(/[-_]/)[0]!;
  const got = answer.trim().toLowerCase();
  if (want === '' || got === '') return false;
  if (got.split(/[-_]/)[0] === want) return true;
  let name: string | undefined;
  try {
    name = LANGUAGE_NAMES.of(want);
  } catch {
    return false;
  }
  return name !== undefined && name !== want && got === name.toLowerCase();
}
