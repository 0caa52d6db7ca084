import type { ReadPage } from '../page-types';
import { contentWords } from '../text-utils';
import { type Candidate, makeCandidate, type PageContext } from './candidate';
import type { ClassifiedQuery } from './classify-query';
import { stem } from './passage-index';

// Any fact a page prints as "Label: value" — a spec list, a definition list, a two-cell table row, a
// label block over its value block — answers a field whose name is that label ("Publisher: Orbit" for a
// field "publisher", "Pages: 320" for "number of pages"), whatever the label is; the vocabulary is not
// needed to read them, only to know labels in other words.

export interface PrintedPair {
  label: string;
  /** The label's content words, folded and stemmed. */
  words: string[];
  value: string;
  quote: string;
  boilerplate: boolean;
}

const LINE_PAIR = /^([^:：\n]{1,40}?)\s*[:：]\s*(\S.{0,200})$/u;
const MAX_LABEL_WORDS = 5;
const cache = new WeakMap<ReadPage, PrintedPair[]>();

export function printedPairs(page: ReadPage): PrintedPair[] {
  let pairs = cache.get(page);
  if (pairs) return pairs;
  pairs = [];
  const { passages } = page;
  passages.forEach((p, i) => {
    const boilerplate = Boolean(p.boilerplate);
    if (p.kind === 'heading') return;
    if (p.kind === 'row') {
      // A two-cell row without headers reads "label; value".
      const cells = p.text.split('; ');
      if (cells.length === 2 && !cells[0]!.includes(': '))
        add(pairs!, cells[0]!, cells[1]!, p.text, boilerplate);
      return;
    }
    for (const line of p.text.split('\n')) {
      const m = LINE_PAIR.exec(line.trim());
      if (m) add(pairs!, m[1]!, m[2]!, line, boilerplate);
    }
    const next = passages[i + 1];
    if (
      next &&
      /[:：]\s*$/.test(p.text) &&
      p.text.length <= 41 &&
      !p.text.includes('\n') &&
      next.kind !== 'heading'
    ) {
      const value = next.text.split('\n')[0] ?? '';
      add(pairs!, p.text.replace(/[:：]\s*$/, ''), value, `${p.text} ${value}`, boilerplate);
    }
  });
  cache.set(page, pairs);
  return pairs;
}

function add(out: PrintedPair[], label: string, value: string, quote: string, boilerplate: boolean): void {
  const words = contentWords(label).map(stem);
  const clean = value.trim();
  if (words.length === 0 || words.length > MAX_LABEL_WORDS || !clean || clean.length > 200) return;
  out.push({ label: label.trim(), words, value: clean, quote, boilerplate });
}

/**
 * Printed pairs whose label names the field: every label word is one of the field's words, and the
 * label holds the field name's words (a "publisher" field takes "Publisher:", not "Publisher website:").
 */
export function printedFieldCandidates(
  q: ClassifiedQuery,
  ctx: PageContext,
  shape: (value: string) => unknown,
): Candidate[] {
  const asked = new Set(q.terms.map(stem));
  const named = contentWords(q.keyword.replace(/[_-]+/g, ' ')).map(stem);
  const out: Candidate[] = [];
  for (const pair of printedPairs(ctx.page)) {
    if (!pair.words.every((w) => asked.has(w))) continue;
    const fullName = named.length > 0 && named.every((w) => pair.words.includes(w));
    const value = shape(pair.value);
    if (value === null || value === undefined) continue;
    let confidence = fullName ? 0.84 : 0.72;
    if (pair.boilerplate) confidence -= 0.2;
    out.push(
      makeCandidate(ctx, value, pair.quote, confidence, {
        method: 'label',
        path: `printed label "${pair.label}"`,
      }),
    );
  }
  return out;
}
