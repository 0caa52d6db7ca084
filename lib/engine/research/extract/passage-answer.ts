import type { Passage } from '../page-types';
import { fold, sentences } from '../text-utils';
import { type Candidate, type Extractor, makeCandidate } from './candidate';
import type { ClassifiedQuery } from './classify-query';
import { findDate } from './dates';
import { numbersIn } from './numbers';
import { searchPassages, stem, type PassageHit } from './passage-index';

const NEGATION =
  /\b(no|not|never|without|none|don't|doesn't|isn't|aren't|won't|cannot|can't|unavailable|kein\w*|nicht|pas|aucun\w*)\b/i;
const MAX_ANSWER = 280;

/** Any other query: the passage that best matches its words (BM25), shaped to the output type. */
export const extractPassage: Extractor = (q, ctx) => {
  const out: Candidate[] = [];
  const hits = searchPassages(ctx.page, q.terms, 6);
  for (const hit of hits) {
    if (q.type !== 'list' && hit.passage.kind === 'list') continue;
    const termCount = Math.max(1, new Set(q.terms.map(stem)).size);
    const coverage = hit.matched.length / termCount;
    // Long questions carry filler words a page never repeats; two of five is already a match.
    if (coverage < (termCount >= 4 ? 0.4 : 0.5)) continue;
    const focus = bestSentence(hit, q);
    const value = shapeValue(q, hit, focus);
    if (value === null) continue;
    const confidence = 0.35 + 0.45 * coverage - (hit.passage.boilerplate ? 0.1 : 0) - out.length * 0.02;
    out.push(
      makeCandidate(ctx, value, focus.length <= 300 ? focus : hit.passage.text, confidence, {
        method: 'passage',
      }),
    );
  }
  return out;
};

function shapeValue(q: ClassifiedQuery, hit: PassageHit, focus: string): unknown {
  switch (q.type) {
    case 'number':
      return numberNearTerms(focus, hit.matched);
    case 'boolean':
      return negatedNearTerms(focus, hit.matched) ? false : true;
    case 'date':
      return findDate(focus)?.iso ?? findDate(hit.passage.text)?.iso ?? null;
    case 'list':
      return hit.passage.items ?? listFromText(hit.passage);
    default:
      // A question gets the part of the passage that answers it; a field named by a topic ("Return
      // policy") gets the passage, which is what an analyst would copy.
      if (QUESTION.test(fold(q.query).trim())) return answerClause(focus, hit.matched, q);
      return hit.passage.text.length <= MAX_ANSWER ? hit.passage.text.replace(/\n/g, ', ') : focus;
  }
}

const QUESTION =
  /^(what|which|who|whom|whose|when|where|how|wer|was|wann|wo|wie|welche[rsn]?|qui|que|quel(le)?s?|quand|ou|comment|quien|cual|cuando|donde|como|chi|quale|quando|dove)\b/;
const ASKS_AMOUNT =
  /^(how (much|many|long|often|old|far|big)|when|what (time|date|day|year)|which (day|date|year))\b/;
const CLAUSE_BREAK = /\s*[;—–]\s+|,\s+|\s+\(|\)\s*/;
const MIN_CLAUSE_WORDS = 3;

/**
 * The clause of the sentence that holds the answer: the one with most of the question's words, or
 * for "how much / how many / when" questions the one with a number beside them.
 */
function answerClause(sentence: string, terms: string[], q: ClassifiedQuery): string {
  const clauses = sentence
    .split(CLAUSE_BREAK)
    .map((c) => c.trim().replace(/[.!?;,:]+$/, ''))
    .filter(Boolean);
  if (clauses.length <= 1) return sentence.replace(/[\s.]+$/, '');
  const wantsAmount = ASKS_AMOUNT.test(fold(q.query).trim());
  let best = '';
  let bestScore = -1;
  for (const clause of clauses) {
    if (clause.split(/\s+/).length < MIN_CLAUSE_WORDS) continue;
    const found = new Set(termPositions(clause, terms).map((p) => p.term)).size;
    const score = found + (wantsAmount && /\d/.test(clause) ? 1.5 : 0);
    if (score > bestScore) {
      best = clause;
      bestScore = score;
    }
  }
  return bestScore > 0 ? best : sentence.replace(/[\s.]+$/, '');
}

/** The sentence of the passage holding the most query terms. */
function bestSentence(hit: PassageHit, q: ClassifiedQuery): string {
  const all = sentences(hit.passage.text);
  if (all.length <= 1) return hit.passage.text.replace(/\n/g, ', ');
  let best = all[0] ?? hit.passage.text;
  let bestCount = -1;
  for (const sentence of all) {
    const found = new Set(termPositions(sentence, hit.matched).map((p) => p.term));
    const count = found.size + (q.type === 'number' && /\d/.test(sentence) ? 0.5 : 0);
    if (count > bestCount) {
      best = sentence;
      bestCount = count;
    }
  }
  return best;
}

/** Where words of the text stem to one of the (stemmed) terms, as the index search does. */
function termPositions(text: string, terms: string[]): { term: string; index: number; end: number }[] {
  const wanted = new Set(terms);
  const positions: { term: string; index: number; end: number }[] = [];
  for (const m of text.matchAll(/[\p{L}\p{N}]+/gu)) {
    const term = stem(fold(m[0]));
    if (wanted.has(term)) positions.push({ term, index: m.index, end: m.index + m[0].length });
  }
  return positions;
}

function numberNearTerms(text: string, terms: string[]): number | null {
  const numbers = numbersIn(text);
  if (numbers.length === 0) return null;
  const positions = termPositions(text, terms);
  if (positions.length === 0) return numbers[0]?.value ?? null;
  let best = numbers[0];
  let bestDistance = Infinity;
  for (const n of numbers) {
    const distance = Math.min(
      ...positions.map((p) => (n.index < p.index ? p.index - n.end : n.index - p.end)),
    );
    if (distance < bestDistance) {
      best = n;
      bestDistance = distance;
    }
  }
  return best?.value ?? null;
}

/** A negation among the few words before a matched term: "no free trial", "does not offer". */
function negatedNearTerms(text: string, terms: string[]): boolean {
  const folded = fold(text);
  for (const p of termPositions(text, terms)) {
    const before = folded.slice(Math.max(0, p.index - 30), p.index);
    if (NEGATION.test(before.split(/[.;:!?]/).pop() ?? '')) return true;
  }
  return false;
}

function listFromText(passage: Passage): string[] {
  const parts = passage.text
    .split(/\n|;\s+|\s+[·•|]\s+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return parts.length > 1
    ? parts
    : passage.text
        .split(/,\s+/)
        .map((s) => s.trim())
        .filter(Boolean);
}
