import type { ReadPage } from '../page-types';
import { fold } from '../text-utils';

// Values a page prints after a label: "SKU: 746423", "Artikel-Nr. 2800395267", a table row
// "ASIN | B07FW264WL" (read as "ASIN; B07FW264WL"), a definition list, or a label block followed by
// its value block ("Item number:" then "4012345"). Labels come from the vocabulary.

export interface Labelled {
  label: string;
  /** The printed value, from just after the label to the end of its line (≤ 120 chars). */
  rest: string;
  /** The line it was read from, for provenance. */
  quote: string;
  passage: number;
  boilerplate: boolean;
}

const SEPARATOR = /^\s*(?:[:：#;|=]|[-–—](?=\s)|\.(?=\s|\d))?\s*/;
const MAX_LABEL_BLOCK = 48;
const MAX_REST = 120;

/** Every place a label of `labels` (folded, longest first) is followed by a value. */
export function findLabelled(page: ReadPage, labels: readonly string[]): Labelled[] {
  const out: Labelled[] = [];
  const { passages } = page;
  passages.forEach((p, index) => {
    const boilerplate = Boolean(p.boilerplate);
    const lines = p.text.split('\n');
    for (const line of lines) {
      for (const hit of labelHits(line, labels)) out.push({ ...hit, passage: index, boilerplate });
    }
    // A block that is only a label, its value in the next block. The label may be qualified by a
    // word or two before it ("Seller's item number:"), never followed by more.
    const next = passages[index + 1];
    if (next && p.text.length <= MAX_LABEL_BLOCK && !p.text.includes('\n')) {
      const bare = fold(p.text).replace(/[\s:：#]+$/, '');
      const label = labels.find(
        (l) => bare === l || (bare.endsWith(l) && /[\s'’]$/.test(bare.slice(0, -l.length))),
      );
      const value = next.text.split('\n')[0]?.trim() ?? '';
      if (label && value)
        out.push({
          label,
          rest: value.slice(0, MAX_REST),
          quote: `${p.text} ${value}`,
          passage: index + 1,
          boilerplate,
        });
    }
  });
  return out;
}

function labelHits(line: string, labels: readonly string[]): Omit<Labelled, 'passage' | 'boilerplate'>[] {
  if (line.length > 2000) return [];
  const folded = fold(line);
  const map = folded.length === line.length ? null : indexMap(line);
  const hits: Omit<Labelled, 'passage' | 'boilerplate'>[] = [];
  const taken: [number, number][] = [];
  for (const label of labels) {
    let from = 0;
    for (;;) {
      const at = folded.indexOf(label, from);
      if (at < 0) break;
      from = at + 1;
      const end = at + label.length;
      if (!startsWord(folded, at) || !endsLabel(folded, end, label)) continue;
      // "product code" and "code" both match at one place: the longer label (earlier) keeps it.
      if (taken.some(([s, e]) => at < e && end > s)) continue;
      taken.push([at, end]);
      const origEnd = map ? (map[end] ?? line.length) : end;
      const after = line.slice(origEnd);
      const rest = after.replace(SEPARATOR, '').slice(0, MAX_REST).trim();
      if (rest) hits.push({ label, rest, quote: line.length <= 300 ? line : clipAround(line, origEnd) });
    }
  }
  return hits;
}

function startsWord(text: string, at: number): boolean {
  return at === 0 || !/[\p{L}\p{N}]/u.test(text[at - 1]!);
}

/** A label ends before a non-letter: "Artikel-Nummer1049084" and "Art.1049084" are label + value. */
function endsLabel(text: string, end: number, label: string): boolean {
  const next = text[end];
  if (next === undefined) return false;
  if (/\p{L}/u.test(next)) return false;
  // A label glued to digits only counts when it is a word of some length ("Art.1049084" ends in ".").
  if (/\p{N}/u.test(next)) return label.length >= 6 || /[.#:]$/.test(label);
  return true;
}

/** Folded index → original index, for lines where folding changed the length. */
function indexMap(line: string): number[] {
  const map: number[] = [];
  let i = 0;
  for (const ch of line) {
    const n = fold(ch).length;
    for (let k = 0; k < n; k++) map.push(i);
    i += ch.length;
  }
  map.push(i);
  return map;
}

function clipAround(line: string, at: number): string {
  const start = Math.max(0, at - 100);
  return `${start > 0 ? '…' : ''}${line.slice(start, at + 180)}`;
}
