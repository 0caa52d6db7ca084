import type { ClassifiedQuery } from '../research/extract/classify-query';
import { stem } from '../research/extract/passage-index';
import { structuredFacts } from '../research/extract/structured-facts';
import type { ReadPage } from '../research/page-types';
import { normalizeForMatch } from './match-text';

// The page's reading as lines the model can cite verbatim: its metadata essentials and its
// structured facts (schema.org paths of JSON-LD, microdata and meta tags). The same lines are the
// evidence a quote is checked against, so an answer read from structured data that the page does
// not print is still verified, and it carries the fact's path as provenance.

export interface EvidenceLine {
  /** What the model sees before the value: "Title", "Product › offers › price". */
  label: string;
  value: string;
  /** Provenance for a quote citing the line: "title element", "structured data Product › sku". */
  path: string;
}

const MAX_FACTS = 60;
const MAX_FACT_CHARS = 4_000;
const MAX_VALUE_CHARS = 300;
/** A quote may cite only the start of a long value (a description), but not a word or two of it. */
const MIN_PARTIAL_CHARS = 20;

export function formatLine(line: EvidenceLine): string {
  const value = line.value.length > MAX_VALUE_CHARS ? `${line.value.slice(0, MAX_VALUE_CHARS)}…` : line.value;
  return `${line.label}: ${value}`;
}

/** Title, description, language, canonical and the like, from the page's head. */
export function metadataLines(page: ReadPage): EvidenceLine[] {
  const m = page.metadata;
  const lines: EvidenceLine[] = [];
  const add = (label: string, value: string | null | undefined, path: string) => {
    if (value) lines.push({ label, value, path });
  };
  add('Title', m.title, 'title element');
  add('Heading', m.h1 !== m.title ? m.h1 : null, 'h1');
  add('Description', m.description, 'meta description');
  add('Language', m.lang ?? page.contentLanguage, m.lang ? 'html lang' : 'content-language header');
  add('Canonical', m.canonical, 'link rel=canonical');
  add('Site name', m.meta['og:site_name'], 'meta og:site_name');
  const author = m.meta.author ? 'author' : 'article:author';
  add('Author', m.meta[author], `meta ${author}`);
  add(
    'Published',
    m.meta['article:published_time'] ?? m.times[0],
    m.meta['article:published_time'] ? 'meta article:published_time' : 'time datetime',
  );
  return lines;
}

function factLines(page: ReadPage): EvidenceLine[] {
  return structuredFacts(page).map((f) => ({ label: labelOf(f.path), value: f.value, path: f.path }));
}

/**
 * The structured facts to show for a page, capped: first those whose property words are the
 * fields' terms or the vocabulary's schema paths for them, then the rest, in page order.
 */
export function structuredBlock(
  page: ReadPage,
  queries: ClassifiedQuery[],
): { text: string; relevant: boolean }[] {
  const terms = new Set(queries.flatMap((q) => q.terms).map(stem));
  const paths = new Set(queries.flatMap((q) => q.property?.schema ?? []));
  const lines: { text: string; relevant: boolean }[] = [];
  const seen = new Set<string>();
  for (const f of structuredFacts(page)) {
    const text = formatLine({ label: labelOf(f.path), value: f.value, path: f.path });
    if (seen.has(text)) continue;
    seen.add(text);
    // The entity's type is left out: "product" in a question would make every fact of a Product relevant.
    const words = propertyWords(labelOf(f.path).replace(/^[^›]*›|^meta /, ''));
    lines.push({ text, relevant: paths.has(f.property) || words.some((w) => terms.has(w)) });
  }
  const out: { text: string; relevant: boolean }[] = [];
  let chars = 0;
  for (const line of [...lines.filter((l) => l.relevant), ...lines.filter((l) => !l.relevant)]) {
    if (out.length >= MAX_FACTS) break;
    if (chars + line.text.length > MAX_FACT_CHARS) continue;
    out.push(line);
    chars += line.text.length + 1;
  }
  return out;
}

function labelOf(path: string): string {
  return path.replace(/^structured data /, '');
}

/** "offers › priceCurrency" → offer, price, currency (stemmed, as query terms are). */
function propertyWords(path: string): string[] {
  return path
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2)
    .map(stem);
}

/**
 * The line a quote cites: the quote is the line's value (or a long start of it), after some or
 * all of its label ("Product › offers › price: 129.00", "price: 129.00", "Title: …").
 */
export function citedLine(page: ReadPage, quote: string): EvidenceLine | null {
  const words = normalizeForMatch(quote).split(' ');
  for (const line of [...metadataLines(page), ...factLines(page)]) {
    const labelWords = new Set(normalizeForMatch(line.label).split(' '));
    const value = normalizeForMatch(line.value);
    // Every split after a label word: a value may begin with a word of its label ("Name: Name Tag").
    for (
      let i = 1;
      i < words.length && (words[i - 1] ?? '').split('.').every((w) => labelWords.has(w));
      i++
    ) {
      const said = words.slice(i).join(' ');
      if (said === value || (said.length >= MIN_PARTIAL_CHARS && value.startsWith(said))) return line;
    }
  }
  return null;
}
