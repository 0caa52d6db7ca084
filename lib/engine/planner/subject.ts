// What the task is about ("the company", "each product"). Queries are written against it so the
// research runner gets a concrete question: "What is the company's contact email address?".

import type { TaskInput } from '@/lib/contract/task-definition';
import { findEstablishment } from './establishments';
import { capitalise, words } from './names';

export interface Subject {
  /** Singular noun phrase: "company", "job opening". */
  noun: string;
  /** True for list-shaped tasks: queries then ask about "each <noun>". */
  list: boolean;
}

export function makeSubject(noun: string, list: boolean): Subject {
  return { noun: noun.trim().toLowerCase() || 'item', list };
}

// Earliest mention wins: "the product's company" is about a product.
const SUBJECT_WORDS: ReadonlyArray<[RegExp, string]> = [
  [
    /\b(?:compan(?:y|ies)|business(?:es)?|organi[sz]ations?|firms?|startups?|vendors?|suppliers?|agenc(?:y|ies)|employers?|brands?|manufacturers?)\b/i,
    'company',
  ],
  [/\bjob\s+(?:postings?|ads?|adverts?|listings?)\b/i, 'job posting'],
  [/\bproducts?\b/i, 'product'],
  [/\b(?:articles?|blog\s+posts?|news\s+stor(?:y|ies)|posts?)\b/i, 'article'],
  [/\b(?:person|people|individuals?|linkedin\s+profiles?)\b/i, 'person'],
  [/\brestaurants?\b/i, 'restaurant'],
  [/\bhotels?\b/i, 'hotel'],
  [/\b(?:events?|conferences?|summits?|festivals?|meetups?|webinars?|concerts?|trade\s+fairs?)\b/i, 'event'],
  [/\b(?:universit(?:y|ies)|schools?|colleges?)\b/i, 'school'],
  [/\b(?:properties|property|real\s+estate\s+listings?)\b/i, 'property'],
  [/\bbooks?\b/i, 'book'],
  [/\brecipes?\b/i, 'recipe'],
];

// Article-shaped requests with no named subject read best as questions about "the page".
const PAGE_HINT = /\b(?:title|author|headline|byline|publish(?:ed)?|publication)\b/i;

const INPUT_SUBJECTS: ReadonlyArray<[RegExp, string]> = [
  [/product/, 'product'],
  [/article|post|blog|news/, 'article'],
  [/job/, 'job posting'],
  [/linkedin_profile|person|profile/, 'person'],
];

/** Guess the subject from the description text and the inputs; "company" when nothing says otherwise. */
export function detectSubject(text: string, inputs: readonly TaskInput[]): Subject {
  // A dedicated URL input ("product_url") is the strongest signal of what one run is about.
  for (const input of inputs) {
    if (input.type !== 'url') continue;
    for (const [pattern, noun] of INPUT_SUBJECTS) {
      if (pattern.test(input.name)) return makeSubject(noun, false);
    }
  }
  let best: { index: number; noun: string } | undefined;
  for (const [pattern, noun] of SUBJECT_WORDS) {
    const match = pattern.exec(text);
    if (match && (best === undefined || match.index < best.index)) best = { index: match.index, noun };
  }
  // "dental practices", "the law firm": a place or organisation named before any of the words above
  // is what the task researches; a head those words know ("firm", "hotel") keeps their subject unless
  // a modifier says which kind ("law firm").
  const place = findEstablishment(text);
  if (place && (best === undefined || place.index <= best.index)) {
    const known = SUBJECT_WORDS.some(([pattern]) => pattern.test(place.noun));
    if (!known || place.noun.includes(' ')) return makeSubject(place.noun, false);
  }
  if (best) return makeSubject(best.noun, false);
  return makeSubject(PAGE_HINT.test(text) ? 'page' : 'company', false);
}

/** Placeholders: {the} "the company" / "each product", {poss} "the company's", {offering}. */
export function render(template: string, subject: Subject): string {
  const the = theOf(subject);
  const offering =
    subject.noun === 'company' && !subject.list ? "the company's main product or service" : the;
  const text = template
    .replace(/\{the\}/g, the)
    .replace(/\{poss\}/g, `${the}'s`)
    .replace(/\{offering\}/g, offering);
  return capitalise(text);
}

/** The subject noun as an identifier prefix: "job posting" → "job_posting". */
export function subjectPrefix(subject: Subject): string {
  return words(subject.noun).join('_');
}

function theOf(subject: Subject): string {
  return subject.list ? `each ${subject.noun}` : `the ${subject.noun}`;
}

/** Rewrites text rendered for one subject for another: "each product's price" → "the product's price". */
export function resubject(text: string, from: Subject, to: Subject): string {
  const source = theOf(from);
  const target = theOf(to);
  if (source === target) return text;
  const escaped = source.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return text.replace(new RegExp(`\\b${escaped}\\b`, 'gi'), (m) =>
    m.charAt(0) === m.charAt(0).toUpperCase() ? capitalise(target) : target,
  );
}
