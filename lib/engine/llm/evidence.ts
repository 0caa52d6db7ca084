import type { ReadPage } from '../research/page-types';
import { normalizeForMatch } from './match-text';
import { citedLine } from './structured-evidence';

// The model must quote its evidence. A quote is checked against everything the model was shown
// from that page (text, metadata, JSON-LD, links), compared without case, accents or punctuation,
// and against the page's structured-data and metadata lines, which it may cite as "label: value".

const haystacks = new WeakMap<ReadPage, string>();

function haystackOf(page: ReadPage): string {
  let text = haystacks.get(page);
  if (text === undefined) {
    const m = page.metadata;
    const parts = [
      m.title,
      m.description,
      m.h1,
      m.lang,
      m.canonical,
      ...Object.values(m.meta),
      ...m.times,
      JSON.stringify(m.jsonLd.map((e) => e.data)),
      ...page.passages.map((p) => p.text),
      ...page.anchors.map((a) => `${a.text} ${a.href}`),
      ...page.fields.map((f) => `${f.key}: ${f.value}`),
      page.contentLanguage,
    ];
    text = ` ${normalizeForMatch(parts.filter(Boolean).join(' \n '))} `;
    haystacks.set(page, text);
  }
  return text;
}

/** True when the quote (normalised) occurs on the page. */
export function quoteOnPage(page: ReadPage, quote: string): boolean {
  const needle = normalizeForMatch(quote);
  if (needle.length < 2) return false;
  return haystackOf(page).includes(needle);
}

/** Which of `pages` holds the quote: the one the model named first, then any other. */
export function findQuote(pages: ReadPage[], quote: string, named: number | null): ReadPage | null {
  const first = named !== null ? pages[named] : undefined;
  if (first && quoteOnPage(first, quote)) return first;
  return pages.find((p) => p !== first && quoteOnPage(p, quote)) ?? null;
}

export interface Evidence {
  page: ReadPage;
  /** Set when the quote cites a structured-data or metadata line: that line's path. */
  path?: string;
}

/** Where a quote is, on the page the model named first, then on any other: in the text or as a cited line. */
export function findEvidence(pages: ReadPage[], quote: string, named: number | null): Evidence | null {
  const first = named !== null ? pages[named] : undefined;
  for (const page of first ? [first, ...pages.filter((p) => p !== first)] : pages) {
    if (quoteOnPage(page, quote)) return { page };
    const line = citedLine(page, quote);
    if (line) return { page, path: line.path };
  }
  return null;
}
