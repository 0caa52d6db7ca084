import MiniSearch from 'minisearch';
import type { Passage, ReadPage } from '../page-types';
import { contentWords } from '../text-utils';

// One BM25 index per page, built on first use and kept with the page.

export interface PassageHit {
  passage: Passage;
  index: number;
  score: number;
  /** Query terms (stemmed) that matched. */
  matched: string[];
}

interface Doc {
  id: number;
  text: string;
  heading: string;
}

const indexes = new WeakMap<ReadPage, MiniSearch<Doc>>();
const MAX_INDEXED_CHARS = 200_000;

const SUFFIXES = [
  'ations',
  'ation',
  'ments',
  'ment',
  'ings',
  'ing',
  'edly',
  'ers',
  'er',
  'ed',
  'ly',
  'es',
  's',
];

/**
 * A light English suffix stripper, enough that "installed"/"installation" and "price"/"pricing"
 * meet; numbers and short words are left alone.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  let out = word;
  for (const suffix of SUFFIXES) {
    if (out.endsWith(suffix) && out.length - suffix.length >= 3) {
      if (suffix === 's' && (out.endsWith('ss') || out.endsWith('us'))) break;
      out = out.slice(0, -suffix.length);
      break;
    }
  }
  return out.length > 3 && out.endsWith('e') ? out.slice(0, -1) : out;
}

function tokenize(text: string): string[] {
  return contentWords(text).map(stem);
}

function indexFor(page: ReadPage): MiniSearch<Doc> {
  let index = indexes.get(page);
  if (index) return index;
  index = new MiniSearch<Doc>({
    fields: ['text', 'heading'],
    tokenize,
    processTerm: (term) => term,
  });
  // Answers sit near the top of a page; past a budget the rest is not worth the CPU.
  const docs: Doc[] = [];
  let budget = MAX_INDEXED_CHARS;
  page.passages.forEach((p, id) => {
    if (p.kind === 'heading' || budget <= 0) return;
    budget -= p.text.length;
    docs.push({ id, text: p.text, heading: p.heading ?? '' });
  });
  index.addAll(docs);
  indexes.set(page, index);
  return index;
}

export function searchPassages(page: ReadPage, terms: string[], limit = 5): PassageHit[] {
  const stemmed = [...new Set(terms.map(stem))];
  if (stemmed.length === 0 || page.passages.length === 0) return [];
  const results = indexFor(page).search(stemmed.join(' '), {
    prefix: (term) => term.length >= 5,
    boost: { text: 1, heading: 0.6 },
    combineWith: 'OR',
    // The terms are already content words, stemmed: tokenizing them again would drop some as
    // stopwords ("return" in "return policy").
    tokenize: (text) => text.split(' '),
  });
  const hits: PassageHit[] = [];
  for (const r of results.slice(0, limit)) {
    const passage = page.passages[r.id as number];
    if (passage) hits.push({ passage, index: r.id as number, score: r.score, matched: r.queryTerms });
  }
  return hits;
}
