import { passagesContent } from '../main-content';
import type { MainContent, ReadPage } from '../page-types';
import type { CountUnit } from '../vocabulary/derived-fields';
import { type Extractor, makeCandidate } from './candidate';

// Counts over the main content ("number of words in the article"), computed rather than read: a
// number printed in the text is a fact about something else. Words and sentences are segmented by
// Intl.Segmenter in the page's language, so Chinese or Japanese text, written without spaces,
// counts its words too.

const ARTICLE_CONFIDENCE = 0.85;
/** Without an article the count includes sidebars and teasers the page's chrome did not flag. */
const WHOLE_PAGE_CONFIDENCE = 0.6;
const FIRST_WORDS = 8;

export const extractCount: Extractor = (q, ctx) => {
  if (!q.count) return [];
  const content = mainContentOf(ctx.page);
  if (!content.text) return [];
  const locale = localeOf(ctx.page);
  const n = countOf(q.count, content, locale);
  if (n === null) return [];
  const first = wordsOf(content.text, locale).slice(0, FIRST_WORDS).join(' ');
  const where = content.isArticle ? 'the main content' : "the page's text outside navigation and footers";
  const unit = q.count === 'characters' ? 'characters (spaces included)' : q.count;
  const snippet = `computed from ${where} (first words: "${first}…"): ${n.toLocaleString('en-US')} ${unit}`;
  const confidence = content.isArticle ? ARTICLE_CONFIDENCE : WHOLE_PAGE_CONFIDENCE;
  return [
    makeCandidate(ctx, n, snippet, confidence, { method: 'computed', path: `main content › ${q.count}` }),
  ];
};

export function mainContentOf(page: ReadPage): MainContent {
  return page.mainContent?.() ?? passagesContent(page.passages, page.anchors);
}

function countOf(unit: CountUnit, content: MainContent, locale: string | undefined): number | null {
  switch (unit) {
    case 'words':
      return wordsOf(content.text, locale).length;
    case 'characters':
      return [...content.text.replace(/\n/g, ' ')].length;
    case 'sentences':
      return content.text.split('\n').reduce((sum, line) => sum + sentencesIn(line, locale), 0);
    case 'paragraphs':
      return content.paragraphs;
    case 'headings':
      return content.headings;
    case 'links':
      return content.links;
    case 'images':
      return content.images;
  }
}

const segmenters = new Map<string, { words: Intl.Segmenter; sentences: Intl.Segmenter }>();

function segmenterFor(locale: string | undefined) {
  const key = locale ?? '';
  let s = segmenters.get(key);
  if (!s) {
    s = {
      words: new Intl.Segmenter(locale, { granularity: 'word' }),
      sentences: new Intl.Segmenter(locale, { granularity: 'sentence' }),
    };
    segmenters.set(key, s);
  }
  return s;
}

function wordsOf(text: string, locale: string | undefined): string[] {
  const out: string[] = [];
  for (const s of segmenterFor(locale).words.segment(text)) if (s.isWordLike) out.push(s.segment);
  return out;
}

function sentencesIn(line: string, locale: string | undefined): number {
  let n = 0;
  for (const s of segmenterFor(locale).sentences.segment(line)) if (/[\p{L}\p{N}]/u.test(s.segment)) n++;
  return n;
}

/** The page's language as a locale the segmenter accepts; undefined (the default) otherwise. */
function localeOf(page: ReadPage): string | undefined {
  const lang = page.metadata.lang ?? page.contentLanguage?.split(',')[0] ?? undefined;
  if (!lang) return undefined;
  try {
    return Intl.getCanonicalLocales(lang.trim())[0];
  } catch {
    return undefined;
  }
}
